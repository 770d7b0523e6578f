// Splits one zkCli command line into words exactly as zkCli 3.8 does.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace lockscope::cli {

// ZooKeeperMain.MyCommandOptions.parseCommand: repeated regex matches of
//   \s*([^"']\S*|"[^"]*"|'[^']*')\s*
// with one pair of matching surrounding quotes stripped from each word. The corner cases follow
// the regex too (users meet them, and the shell must print what zkCli prints): an unmatched quote
// is skipped, `"a b"c` gives two words, and leading blanks before a quote become part of the word.
std::vector<std::string> tokenizeCommandLine(std::string_view line);

// Java's \s: space, \t, \n, \x0B, \f, \r.
constexpr bool isJavaWhitespace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\x0B' || c == '\f' || c == '\r';
}

}  // namespace lockscope::cli
