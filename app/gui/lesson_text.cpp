#include "lesson_text.h"

#include <QCoreApplication>

#include "language.h"

namespace lockscope::gui {

scenario::TextLanguage lessonLanguage() {
  return installedLanguage().startsWith(QLatin1String("zh")) ? scenario::TextLanguage::Chinese
                                                             : scenario::TextLanguage::English;
}

QString lessonText(const scenario::LocalizedText& text) {
  const scenario::TextLanguage language = lessonLanguage();
  const QString shown = QString::fromStdString(text.in(language));
  if (text.has(language) || shown.isEmpty()) return shown;
  // A translated marker: it only shows where the GUI speaks a language other than English.
  return QCoreApplication::translate("LessonText", "(untranslated) %1").arg(shown);
}

}  // namespace lockscope::gui
