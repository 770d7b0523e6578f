#include "redis_shell_tokenizer.h"

namespace lockscope::cli {
namespace {

// sdssplitargs' isspace(): blank, tab, newline, vertical tab, form feed, carriage return.
bool isBlank(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

int hexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

char escaped(char c) {
  switch (c) {
    case 'n': return '\n';
    case 'r': return '\r';
    case 't': return '\t';
    case 'b': return '\b';
    case 'a': return '\a';
    default: return c;
  }
}

}  // namespace

std::optional<std::vector<std::string>> splitRedisArguments(std::string_view line) {
  std::vector<std::string> words;
  size_t at = 0;
  // sdssplitargs reads a C string: a NUL byte ends the line.
  line = line.substr(0, line.find('\0'));
  const auto next = [&](size_t offset) {
    return at + offset < line.size() ? line[at + offset] : '\0';
  };
  while (true) {
    while (at < line.size() && isBlank(line[at])) ++at;
    if (at == line.size()) return words;
    std::string word;
    bool inDouble = false, inSingle = false, done = false;
    while (!done) {
      const char c = next(0);
      if (inDouble) {
        if (c == '\\' && next(1) == 'x' && hexValue(next(2)) >= 0 && hexValue(next(3)) >= 0) {
          word += static_cast<char>(hexValue(next(2)) * 16 + hexValue(next(3)));
          at += 3;
        } else if (c == '\\' && next(1) != '\0') {
          ++at;
          word += escaped(next(0));
        } else if (c == '"') {
          if (next(1) != '\0' && !isBlank(next(1))) return std::nullopt;
          done = true;
        } else if (c == '\0') {
          return std::nullopt;  // unterminated quotes
        } else {
          word += c;
        }
      } else if (inSingle) {
        if (c == '\\' && next(1) == '\'') {
          ++at;
          word += '\'';
        } else if (c == '\'') {
          if (next(1) != '\0' && !isBlank(next(1))) return std::nullopt;
          done = true;
        } else if (c == '\0') {
          return std::nullopt;
        } else {
          word += c;
        }
      } else {
        switch (c) {
          case ' ':
          case '\n':
          case '\r':
          case '\t':
          case '\0': done = true; break;
          case '"': inDouble = true; break;
          case '\'': inSingle = true; break;
          default: word += c; break;
        }
      }
      if (at < line.size()) ++at;
    }
    words.push_back(std::move(word));
  }
}

}  // namespace lockscope::cli
