// A lesson's text in the languages it is written in: English always, Simplified Chinese when a
// translator gave it (docs/scenario-format.md, "Text in two languages"). Whoever shows it picks
// the language; a missing translation falls back to the English, and has() lets the caller mark
// that fallback. Runs, traces and reports never depend on the language: they read `en` or nothing.
#pragma once

#include <cstdint>
#include <string>

#include "source_location.h"

namespace lockscope::scenario {

enum class TextLanguage : uint8_t { English, Chinese };

struct LocalizedText {
  std::string en;
  std::string zh;           // empty: not translated
  SourceLocation location;  // where the field was written, for the translation checks

  // English is always there (the loader requires it); another language when it was written.
  bool has(TextLanguage language) const { return language == TextLanguage::English || !zh.empty(); }
  // The text in `language`, or the English when that translation is missing.
  const std::string& in(TextLanguage language) const {
    return language == TextLanguage::Chinese && !zh.empty() ? zh : en;
  }
};

}  // namespace lockscope::scenario
