#include "zk_shell_tokenizer.h"

namespace lockscope::cli {

namespace {

size_t skipWhitespace(std::string_view line, size_t from) {
  while (from < line.size() && isJavaWhitespace(line[from])) ++from;
  return from;
}

size_t endOfNonWhitespace(std::string_view line, size_t from) {
  while (from < line.size() && !isJavaWhitespace(line[from])) ++from;
  return from;
}

bool isQuote(char c) { return c == '"' || c == '\''; }

// QUOTED_PATTERN ^(['"])(.*)(\1)$ -- `.` stops at line terminators, which readLine removed.
std::string stripQuotes(std::string_view word) {
  if (word.size() >= 2 && isQuote(word.front()) && word.back() == word.front())
    return std::string(word.substr(1, word.size() - 2));
  return std::string(word);
}

}  // namespace

std::vector<std::string> tokenizeCommandLine(std::string_view line) {
  std::vector<std::string> words;
  size_t start = 0;  // where Matcher.find() tries next
  while (start < line.size()) {
    const size_t wordStart = skipWhitespace(line, start);
    size_t wordEnd = std::string_view::npos;
    size_t matchedFrom = wordStart;
    if (wordStart < line.size() && !isQuote(line[wordStart])) {
      wordEnd = endOfNonWhitespace(line, wordStart);
    } else if (wordStart < line.size()) {
      const size_t closing = line.find(line[wordStart], wordStart + 1);
      if (closing != std::string_view::npos) wordEnd = closing + 1;
    }
    if (wordEnd == std::string_view::npos && wordStart > start) {
      // The regex backtracks: \s* gives one blank back and [^"'] matches it, then \S* runs on.
      matchedFrom = wordStart - 1;
      wordEnd = endOfNonWhitespace(line, wordStart);
    }
    if (wordEnd == std::string_view::npos) {
      ++start;  // no match at this position: find() moves one character on
      continue;
    }
    words.push_back(stripQuotes(line.substr(matchedFrom, wordEnd - matchedFrom)));
    start = skipWhitespace(line, wordEnd);
  }
  return words;
}

}  // namespace lockscope::cli
