// One job: a lesson's own words (its title, summary, narration, live_only: a LocalizedText) in
// the language the GUI speaks now (language.h). In Chinese a lesson not yet translated shows its
// English behind a marker, "（未翻译）", so that a class knows the English is not a mistake and a
// teacher sees which lessons still need their translation.
#pragma once

#include <QString>

#include "sim/scenario/localized_text.h"

namespace lockscope::gui {

// The lessons' language that goes with the GUI's installed one ("zh_CN": Chinese).
scenario::TextLanguage lessonLanguage();

// `text` in lessonLanguage(); the English, marked untranslated, where that translation is missing.
QString lessonText(const scenario::LocalizedText& text);

}  // namespace lockscope::gui
