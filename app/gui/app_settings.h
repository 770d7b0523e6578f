// What the window remembers between runs: its geometry (and whether it was maximised), the lesson
// it showed last, the playback speed, the language and presentation mode the user switched to,
// and the recent files. An INI file, $XDG_CONFIG_HOME/Lockscope/lockscope.conf by default (so a
// test points XDG_CONFIG_HOME at a temporary folder and never meets the user's settings).
//
// Every value is checked as it is read: a file that is corrupt, hand-edited or from another
// version gives the defaults for what it does not hold sensibly, never a crash or a window off
// every screen. Only the windowed app uses it; a headless screenshot is the same for everyone.
#pragma once

#include <QRect>
#include <QString>
#include <QStringList>
#include <optional>

namespace lockscope::gui {

struct RememberedState {
  std::optional<QRect> geometry;  // the window's normal (not maximised) geometry
  bool maximized = false;
  QString lesson;                    // absolute path of the last lesson shown
  std::optional<double> speed;       // playback speed, within the speed slider's range
  QString language;                  // "en" or "zh_CN" when the user chose one in the window
  std::optional<bool> presentation;  // when the user switched presentation mode in the window
  QStringList recentFiles;           // most recent first
};

class AppSettings {
 public:
  explicit AppSettings(QString file) : file_(std::move(file)) {}

  // $XDG_CONFIG_HOME/Lockscope/lockscope.conf (~/.config/... when it is not set).
  static QString defaultFile();

  const QString& file() const { return file_; }
  RememberedState read() const;
  // Writes `state` (a language or presentation left unset keeps what the file had). False with
  // `error` set when the file could not be written.
  bool write(const RememberedState& state, QString* error) const;

 private:
  QString file_;
};

}  // namespace lockscope::gui
