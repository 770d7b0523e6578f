// A client card's activity (core/activity_text.h: "waiting", "trying SET NX") in the window's
// language. The core library stays free of Qt and speaks English, which the CLI and the reports
// keep; only the card translates, through the table in activity_words.cpp that lupdate reads.
#pragma once

#include <QString>
#include <string>

namespace lockscope::gui {

QString activityWords(const std::string& english);

}  // namespace lockscope::gui
