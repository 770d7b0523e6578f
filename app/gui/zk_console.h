// One job: the zkCli console panel's model. Typed lines run, one at a time, through the shell of
// `lockscope-cli shell` over the console's own model ZooKeeper (core/zk_console_world.h); the
// transcript shows each line after zkCli's prompt and what zkCli prints for it, and every command's
// trace events are handed to the stage as a run that grows, so its requests, znodes, watches and
// notifications animate there as they happen. Opening the console shows its ZooKeeper on the
// stage; closing it gives the stage back to the lesson.
#pragma once

#include <QtQml/qqmlregistration.h>
#include <QObject>
#include <QStringList>
#include <functional>
#include <memory>

#include "core/run_timeline.h"
#include "core/zk_console_world.h"

namespace lockscope::gui {

class ZkConsole : public QObject {
  Q_OBJECT
  QML_ANONYMOUS
  Q_PROPERTY(QString transcript READ transcript NOTIFY transcriptChanged)
  Q_PROPERTY(QString prompt READ prompt NOTIFY transcriptChanged)
  Q_PROPERTY(bool active READ active NOTIFY activeChanged)
  Q_PROPERTY(int historyCount READ historyCount NOTIFY transcriptChanged)

 public:
  // Shows a run on the stage: the first of a console session from its end, a later one playing
  // on from where the stage is (the new events animate).
  using Show = std::function<void(std::unique_ptr<RunTimeline> run, bool first)>;
  // Gives the stage back to the lesson.
  using Leave = std::function<void()>;

  ZkConsole(Show show, Leave leave, QObject* parent = nullptr);
  ~ZkConsole() override;

  // Opens the console (starting its ZooKeeper the first time) and shows it on the stage.
  Q_INVOKABLE void open();
  Q_INVOKABLE void close();
  // Another run took the stage (a lesson loaded, a fault clicked, the recipe changed): the panel
  // closes; the console's ZooKeeper and transcript wait for the next open.
  void detach();
  // Runs one typed line; a console closed by `quit` starts a fresh ZooKeeper first.
  Q_INVOKABLE void execute(const QString& line);
  // Types every line of a zkCli script (lesson scripts: scenarios/zookeeper-shell/*.zk). False
  // when the file cannot be read.
  Q_INVOKABLE bool executeFile(const QString& path);
  // A fresh ZooKeeper: an empty tree, one new session, an empty transcript.
  Q_INVOKABLE void restart();
  // The typed lines, oldest first, for Up/Down in the input line.
  Q_INVOKABLE QString historyEntry(int index) const;

  QString transcript() const { return transcript_; }
  QString prompt() const;
  bool active() const { return active_; }
  int historyCount() const { return static_cast<int>(history_.size()); }
  // What zkCli printed, without the prompts and typed lines: what `lockscope-cli shell` prints for
  // the same lines (tests compare the two).
  const std::string& output() const { return output_; }

 signals:
  void transcriptChanged();
  void activeChanged();

 private:
  void startWorld();
  void append(const std::string& printed);

  Show show_;
  Leave leave_;
  std::unique_ptr<ZkConsoleWorld> world_;
  bool active_ = false;
  QString transcript_;
  std::string output_;
  QStringList history_;
};

}  // namespace lockscope::gui
