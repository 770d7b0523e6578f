// What the console tests (tst_zk_console, tst_redis_console) share: a script's text, the rows of
// a folder of scripts, a lockscope-cli shell fed a script on stdin, and a console of one kind
// with every run it handed to the stage kept, and where each was shown from.
#pragma once

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTest>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "shell_console.h"

namespace lockscope::testing {

inline std::string fileText(const QString& path) {
  QFile file(path);
  return file.open(QIODevice::ReadOnly) ? file.readAll().toStdString() : std::string();
}

// A row, in the column "script", for each file of `folder` named `pattern`, in name order.
inline void addScriptRows(const QString& folder, const QString& pattern, qsizetype least) {
  const QDir scripts(folder);
  const QStringList names = scripts.entryList({pattern}, QDir::Files, QDir::Name);
  QVERIFY(names.size() >= least);
  for (const QString& name : names) {
    QTest::newRow(qPrintable(name)) << QString::fromStdString(fileText(scripts.filePath(name)));
  }
}

struct Printed {
  std::string out, err, merged;
};

// `lockscope-cli SUBCOMMAND` with `script` on its stdin (a pipe: no prompt).
inline Printed throughTheCliBinary(const QString& subcommand, const std::string& script) {
  QProcess cli;
  cli.start(QStringLiteral(LOCKSCOPE_CLI_PATH), {subcommand});
  cli.write(QByteArray::fromStdString(script));
  cli.closeWriteChannel();
  cli.waitForFinished(60'000);
  return {cli.readAllStandardOutput().toStdString(), cli.readAllStandardError().toStdString(), {}};
}

// A console of `kind`, open, `script` typed into it line by line.
struct ConsoleRun {
  std::vector<std::unique_ptr<gui::RunTimeline>> shown;
  std::vector<std::optional<sim::Micros>> from;
  gui::ShellConsole console{
      [this](std::unique_ptr<gui::RunTimeline> run, bool, std::optional<sim::Micros> at) {
        shown.push_back(std::move(run));
        from.push_back(at);
      },
      [] {}};

  explicit ConsoleRun(const std::string& script = {},
                      gui::ConsoleKind kind = gui::ConsoleKind::ZooKeeper) {
    console.setKind(kind);
    console.open();
    type(script);
  }
  void type(const std::string& script) {
    std::istringstream lines(script);
    for (std::string line; std::getline(lines, line);) {
      console.execute(QString::fromStdString(line));
    }
  }
  const gui::RunTimeline& last() const { return *shown.back(); }
  // The stage of the last run at `time` (its events up to then).
  gui::StageState stageAt(sim::Micros time) const {
    return last().stageAfter(last().trace().countUpTo(time));
  }
  // ... at the present, where the console showed it from.
  gui::StageState stageNow() const { return stageAt(*from.back()); }
};

}  // namespace lockscope::testing
