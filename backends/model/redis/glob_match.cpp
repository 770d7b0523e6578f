#include "glob_match.h"

#include <utility>

namespace lockscope::redis::model {
namespace {

// A transcription of stringmatchlen_impl, bounds-checked where the original reads its
// NUL-terminated pattern one past the end. `giveUp` is its skipLongerMatches: once a `*` failed to
// match the rest at every start, a longer subject cannot match either (avoids exponential time).
bool match(const char* pattern, size_t patternLen, const char* text, size_t textLen, bool& giveUp) {
  while (patternLen && textLen) {
    switch (pattern[0]) {
      case '*':
        while (patternLen > 1 && pattern[1] == '*') {
          ++pattern;
          --patternLen;
        }
        if (patternLen == 1) return true;
        while (textLen) {
          if (match(pattern + 1, patternLen - 1, text, textLen, giveUp)) return true;
          if (giveUp) return false;
          ++text;
          --textLen;
        }
        giveUp = true;
        return false;
      case '?':
        ++text;
        --textLen;
        break;
      case '[': {
        ++pattern;
        --patternLen;
        const bool negate = patternLen && pattern[0] == '^';
        if (negate) {
          ++pattern;
          --patternLen;
        }
        bool matched = false;
        while (true) {
          if (patternLen >= 2 && pattern[0] == '\\') {
            ++pattern;
            --patternLen;
            if (pattern[0] == text[0]) matched = true;
          } else if (patternLen == 0) {
            // An unterminated class: the original steps back so the loop below ends the pattern.
            --pattern;
            ++patternLen;
            break;
          } else if (pattern[0] == ']') {
            break;
          } else if (patternLen >= 3 && pattern[1] == '-') {
            int start = pattern[0];
            int end = pattern[2];
            if (start > end) std::swap(start, end);
            pattern += 2;
            patternLen -= 2;
            if (text[0] >= start && text[0] <= end) matched = true;
          } else if (pattern[0] == text[0]) {
            matched = true;
          }
          ++pattern;
          --patternLen;
        }
        if (negate) matched = !matched;
        if (!matched) return false;
        ++text;
        --textLen;
        break;
      }
      case '\\':
        if (patternLen >= 2) {
          ++pattern;
          --patternLen;
        }
        [[fallthrough]];
      default:
        if (pattern[0] != text[0]) return false;
        ++text;
        --textLen;
        break;
    }
    ++pattern;
    --patternLen;
    if (textLen == 0) {
      while (patternLen && pattern[0] == '*') {
        ++pattern;
        --patternLen;
      }
      break;
    }
  }
  return patternLen == 0 && textLen == 0;
}

}  // namespace

bool globMatches(std::string_view pattern, std::string_view text) {
  bool giveUp = false;
  return match(pattern.data(), pattern.size(), text.data(), text.size(), giveUp);
}

}  // namespace lockscope::redis::model
