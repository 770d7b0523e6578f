#include "app_settings.h"

#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>
#include <cmath>

#include "language.h"

namespace lockscope::gui {
namespace {

// The keys, one place: a rename here is a rename in every user's file.
constexpr auto kGeometry = "window/geometry";
constexpr auto kMaximized = "window/maximized";
constexpr auto kLesson = "lesson/last";
constexpr auto kSpeed = "playback/speed";
constexpr auto kLanguage = "view/language";
constexpr auto kPresentation = "view/presentation";
constexpr auto kRecentFiles = "files/recent";

// "x,y,width,height" rather than QVariant(QRect): QSettings writes a QRect as @Rect(...), which a
// hand edit easily breaks; four numbers are checked one by one.
QString rectText(const QRect& rect) {
  return QStringLiteral("%1,%2,%3,%4")
      .arg(rect.x())
      .arg(rect.y())
      .arg(rect.width())
      .arg(rect.height());
}

std::optional<QRect> rectFrom(const QString& text) {
  const QStringList parts = text.split(QLatin1Char(','));
  if (parts.size() != 4) return std::nullopt;
  int numbers[4] = {};
  for (int index = 0; index < 4; ++index) {
    bool ok = false;
    numbers[index] = parts[index].trimmed().toInt(&ok);
    if (!ok) return std::nullopt;
  }
  // No window is smaller than its minimum or larger than the largest --size (gui_options.h).
  if (numbers[2] < 100 || numbers[3] < 100 || numbers[2] > 7680 || numbers[3] > 4320)
    return std::nullopt;
  if (std::abs(numbers[0]) > 100'000 || std::abs(numbers[1]) > 100'000) return std::nullopt;
  return QRect(numbers[0], numbers[1], numbers[2], numbers[3]);
}

bool boolFrom(const QVariant& value, bool* out) {
  const QString text = value.toString().trimmed().toLower();
  if (text == QLatin1String("true")) *out = true;
  else if (text == QLatin1String("false")) *out = false;
  else return false;
  return true;
}

}  // namespace

QString AppSettings::defaultFile() {
  // Beside the app's data folder (~/.local/share/Lockscope, explorer_runner.cpp), not under an
  // organisation's folder: the app sets no organisation name, so both keep their documented paths.
  return QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation) +
         QStringLiteral("/Lockscope/lockscope.conf");
}

RememberedState AppSettings::read() const {
  RememberedState state;
  const QSettings settings(file_, QSettings::IniFormat);
  // A file QSettings cannot parse reads as empty (status FormatError): every default.
  state.geometry = rectFrom(settings.value(kGeometry).toString());
  boolFrom(settings.value(kMaximized), &state.maximized);
  const QString lesson = settings.value(kLesson).toString();
  if (!lesson.isEmpty() && QFileInfo(lesson).isFile()) state.lesson = lesson;
  bool ok = false;
  const double speed = settings.value(kSpeed).toString().toDouble(&ok);
  if (ok && std::isfinite(speed) && speed > 0) state.speed = speed;
  const QString language = settings.value(kLanguage).toString();
  if (guiLanguages().contains(language)) state.language = language;
  bool presentation = false;
  if (boolFrom(settings.value(kPresentation), &presentation)) state.presentation = presentation;
  // A single entry reads as a string, a list as a list; anything else as nothing.
  const QVariant recent = settings.value(kRecentFiles);
  state.recentFiles = recent.typeId() == QMetaType::QString ? QStringList{recent.toString()}
                                                            : recent.toStringList();
  return state;
}

bool AppSettings::write(const RememberedState& state, QString* error) const {
  QSettings settings(file_, QSettings::IniFormat);
  if (state.geometry) settings.setValue(kGeometry, rectText(*state.geometry));
  settings.setValue(kMaximized, state.maximized);
  if (!state.lesson.isEmpty()) settings.setValue(kLesson, state.lesson);
  if (state.speed) settings.setValue(kSpeed, QString::number(*state.speed, 'g', 6));
  if (!state.language.isEmpty()) settings.setValue(kLanguage, state.language);
  if (state.presentation) settings.setValue(kPresentation, *state.presentation);
  // An empty list would be written as @Invalid(): no key reads back the same and reads better.
  if (state.recentFiles.isEmpty()) settings.remove(kRecentFiles);
  else settings.setValue(kRecentFiles, state.recentFiles);
  settings.sync();
  if (settings.status() == QSettings::NoError) return true;
  if (error)
    *error = settings.status() == QSettings::AccessError
                 ? QStringLiteral("%1: cannot be written").arg(file_)
                 : QStringLiteral("%1: not a settings file").arg(file_);
  return false;
}

}  // namespace lockscope::gui
