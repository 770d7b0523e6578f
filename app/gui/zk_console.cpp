#include "zk_console.h"

#include <QFile>

namespace lockscope::gui {

ZkConsole::ZkConsole(Show show, Leave leave, QObject* parent)
    : QObject(parent), show_(std::move(show)), leave_(std::move(leave)) {}

ZkConsole::~ZkConsole() = default;

void ZkConsole::open() {
  if (!world_) startWorld();
  if (!active_) {
    active_ = true;
    emit activeChanged();
  }
  show_(world_->timeline(), true);
}

void ZkConsole::close() {
  if (!active_) return;
  active_ = false;
  emit activeChanged();
  leave_();
}

void ZkConsole::detach() {
  if (!active_) return;
  active_ = false;
  emit activeChanged();
}

void ZkConsole::restart() {
  world_.reset();
  transcript_.clear();
  output_.clear();
  startWorld();
  if (active_) show_(world_->timeline(), true);
}

void ZkConsole::startWorld() {
  world_ = std::make_unique<ZkConsoleWorld>();
  append(world_->start());
}

void ZkConsole::execute(const QString& line) {
  if (!world_ || world_->quit()) restart();
  if (!active_) open();
  if (!line.trimmed().isEmpty() && (history_.isEmpty() || history_.back() != line)) {
    history_.push_back(line);
  }
  // The prompt and the line as a terminal shows them; the prompt is not zkCli's output to a pipe.
  // A narration line ('#', in lesson scripts) is echoed by the shell itself: shown once.
  if (!line.startsWith(QLatin1Char('#'))) transcript_ += prompt() + line + QLatin1Char('\n');
  const std::string printed = world_->execute(line.toStdString());
  append(printed);
  show_(world_->timeline(), false);
}

bool ZkConsole::executeFile(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return false;
  // Lines end as the shell's loop ends them (BufferedReader.readLine): at \n, \r\n or \r.
  QString text = QString::fromUtf8(file.readAll());
  text.replace(QStringLiteral("\r\n"), QStringLiteral("\n"))
      .replace(QLatin1Char('\r'), QLatin1Char('\n'));
  if (text.endsWith(QLatin1Char('\n'))) text.chop(1);
  for (const QString& line : text.split(QLatin1Char('\n'))) execute(line);
  return true;
}

void ZkConsole::append(const std::string& printed) {
  output_ += printed;
  transcript_ += QString::fromStdString(printed);
  emit transcriptChanged();
}

QString ZkConsole::prompt() const {
  return world_ ? QString::fromStdString(world_->prompt()) : QString();
}

QString ZkConsole::historyEntry(int index) const {
  return index >= 0 && index < history_.size() ? history_[index] : QString();
}

}  // namespace lockscope::gui
