// One job: the console panel's model. Typed lines run, one at a time, through one of
// lockscope-cli's shells over the console's own model server (core/console_world.h): zkCli's
// (`lockscope-cli shell`) over a ZooKeeper, or, when the lesson shown is a Redis lesson,
// redis-cli's (`lockscope-cli redis-shell`) over a Redis. The transcript shows each line after
// the shell's prompt and what the shell prints for it, and every command's trace events are
// handed to the stage as a run that grows, so its requests, znodes, watches, keys and TTLs
// animate there as they happen. Opening the console shows its server on the stage; closing it
// gives the stage back to the lesson. Each shell keeps its server, transcript and history while
// a lesson of the other kind is shown.
#pragma once

#include <QtQml/qqmlregistration.h>
#include <QObject>
#include <QStringList>
#include <array>
#include <functional>
#include <memory>
#include <optional>

#include "core/console_world.h"
#include "core/run_timeline.h"

namespace lockscope::gui {

class ShellConsole : public QObject {
  Q_OBJECT
  QML_ANONYMOUS
  Q_PROPERTY(QString transcript READ transcript NOTIFY transcriptChanged)
  Q_PROPERTY(QString prompt READ prompt NOTIFY transcriptChanged)
  Q_PROPERTY(bool active READ active NOTIFY activeChanged)
  Q_PROPERTY(int historyCount READ historyCount NOTIFY transcriptChanged)
  // "zookeeper" or "redis" (a lesson's `backend:`): the shell the console speaks, the panel's and
  // the button's words with it.
  Q_PROPERTY(QString kind READ kindName NOTIFY kindChanged)

 public:
  // Shows a run on the stage, its cursor moved to `from` (nullopt: where the stage is) and
  // playing on from there: the first of a console session, or a later one whose new events
  // animate.
  using Show = std::function<void(std::unique_ptr<RunTimeline> run, bool first,
                                  std::optional<sim::Micros> from)>;
  // Gives the stage back to the lesson.
  using Leave = std::function<void()>;

  ShellConsole(Show show, Leave leave, QObject* parent = nullptr);
  ~ShellConsole() override;

  // Opens the console (starting its server the first time) and shows it on the stage.
  Q_INVOKABLE void open();
  Q_INVOKABLE void close();
  // Another run took the stage (a lesson loaded, a fault clicked, the recipe changed): the panel
  // closes; the console's server and transcript wait for the next open.
  void detach();
  // Runs one typed line; a console closed by `quit` starts a fresh server first.
  Q_INVOKABLE void execute(const QString& line);
  // Types every line of a script (lesson scripts: scenarios/zookeeper-shell/*.zk), split as its
  // shell splits a file. False when the file cannot be read.
  Q_INVOKABLE bool executeFile(const QString& path);
  // A fresh server: empty, one new connection, an empty transcript.
  Q_INVOKABLE void restart();
  // The typed lines, oldest first, for Up/Down in the input line.
  Q_INVOKABLE QString historyEntry(int index) const;

  // The shell the lesson shown calls for; a change closes the panel.
  void setKind(ConsoleKind kind);
  ConsoleKind kind() const { return kind_; }
  QString kindName() const;
  // What is wrong with typing the script at `path` into this console: a ".zk" file is zkCli's, a
  // ".redis" one redis-cli's (any other, whichever the console speaks). Empty when nothing is.
  QString scriptMismatch(const QString& path) const;

  QString transcript() const { return session().transcript; }
  QString prompt() const;
  bool active() const { return active_; }
  int historyCount() const { return static_cast<int>(session().history.size()); }
  // What the shell printed, without the prompts and typed lines: what lockscope-cli's shell
  // prints for the same lines (tests compare the two).
  const std::string& output() const { return session().output; }
  // The present of the console's run: where the stage shows it from.
  sim::Micros now() const;

 signals:
  void transcriptChanged();
  void activeChanged();
  void kindChanged();

 private:
  // One shell's server and what it printed and was typed.
  struct Session {
    std::unique_ptr<ConsoleWorld> world;
    QString transcript;
    std::string output;
    QStringList history;
  };

  Session& session() { return sessions_[static_cast<size_t>(kind_)]; }
  const Session& session() const { return sessions_[static_cast<size_t>(kind_)]; }
  void startWorld();
  void run(const std::string& line);
  void showRun(bool first);
  void append(const std::string& printed);

  Show show_;
  Leave leave_;
  ConsoleKind kind_ = ConsoleKind::ZooKeeper;
  std::array<Session, 2> sessions_;
  bool active_ = false;
};

}  // namespace lockscope::gui
