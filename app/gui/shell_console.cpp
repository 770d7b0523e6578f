#include "shell_console.h"

#include <QFile>
#include <QFileInfo>

namespace lockscope::gui {

ShellConsole::ShellConsole(Show show, Leave leave, QObject* parent)
    : QObject(parent), show_(std::move(show)), leave_(std::move(leave)) {}

ShellConsole::~ShellConsole() = default;

void ShellConsole::open() {
  if (!session().world) startWorld();
  if (!active_) {
    active_ = true;
    emit activeChanged();
  }
  showRun(true);
}

void ShellConsole::close() {
  if (!active_) return;
  active_ = false;
  emit activeChanged();
  leave_();
}

void ShellConsole::detach() {
  if (!active_) return;
  active_ = false;
  emit activeChanged();
}

void ShellConsole::restart() {
  Session& current = session();
  current.world.reset();
  current.transcript.clear();
  current.output.clear();
  startWorld();
  if (active_) showRun(true);
}

void ShellConsole::startWorld() {
  session().world = makeConsoleWorld(kind_);
  append(session().world->start());
}

void ShellConsole::showRun(bool first) {
  const ConsoleWorld& world = *session().world;
  // The first run from the present; a later one plays on from where the stage is, so that the
  // command's messages travel - unless the clock ran on in real time since, which is not replayed.
  const bool fromNow = first || world.realTime();
  show_(world.timeline(), first, fromNow ? std::optional(world.now()) : std::nullopt);
}

void ShellConsole::execute(const QString& line) { run(line.toStdString()); }

void ShellConsole::run(const std::string& line) {
  if (!session().world || session().world->quit()) restart();
  if (!active_) open();
  Session& current = session();
  const QString typed = QString::fromStdString(line);
  if (!typed.trimmed().isEmpty() && (current.history.isEmpty() || current.history.back() != typed))
    current.history.push_back(typed);
  // The prompt and the line as a terminal shows them; the prompt is not the shell's output to a
  // pipe. A line the shell echoes itself is shown once.
  if (!current.world->echoes(line)) current.transcript += prompt() + typed + QLatin1Char('\n');
  append(current.world->execute(line));
  showRun(false);
}

bool ShellConsole::executeFile(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return false;
  if (!session().world) startWorld();
  // The file's bytes as the shell reads them: a redis-cli line may hold any byte.
  for (const std::string& line : session().world->scriptLines(file.readAll().toStdString()))
    run(line);
  return true;
}

void ShellConsole::append(const std::string& printed) {
  session().output += printed;
  session().transcript += QString::fromStdString(printed);
  emit transcriptChanged();
}

QString ShellConsole::prompt() const {
  return session().world ? QString::fromStdString(session().world->prompt()) : QString();
}

QString ShellConsole::historyEntry(int index) const {
  const QStringList& history = session().history;
  return index >= 0 && index < history.size() ? history[index] : QString();
}

sim::Micros ShellConsole::now() const { return session().world ? session().world->now() : 0; }

void ShellConsole::setKind(ConsoleKind kind) {
  if (kind == kind_) return;
  detach();
  kind_ = kind;
  emit kindChanged();
  emit transcriptChanged();
}

QString ShellConsole::kindName() const { return QString::fromLatin1(consoleKindName(kind_)); }

QString ShellConsole::scriptMismatch(const QString& path) const {
  const auto scripted = consoleKindOfScript(QFileInfo(path).fileName().toStdString());
  if (!scripted || *scripted == kind_) return {};
  const bool redis = *scripted == ConsoleKind::Redis;
  return QStringLiteral(
             "%1 is a %2 script, but this lesson's console speaks %3: open a %4 "
             "lesson with --scenario")
      .arg(path, QString::fromLatin1(shellName(*scripted)), QString::fromLatin1(shellName(kind_)),
           redis ? QStringLiteral("Redis") : QStringLiteral("ZooKeeper"));
}

}  // namespace lockscope::gui
