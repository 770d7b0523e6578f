// The event log's words (core/event_text.h) in the window's language: the core library stays free
// of Qt and speaks English, which the trace, the CLI and the reports keep; only the log's lines
// translate, through the table in event_words.cpp that lupdate reads.
#pragma once

#include "core/event_text.h"

namespace lockscope::gui {

EventWords translatedEventWords();

}  // namespace lockscope::gui
