// Option parsing for zkCli commands: the part of Apache commons-cli 1.5's DefaultParser that zkCli
// 3.8's commands reach, with the same results and the same error texts.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace lockscope::cli {

struct OptionSpec {
  char name;
  bool takesValue;
};

struct ParsedOptions {
  // The words that are not options, in order; the first is the command name.
  std::vector<std::string> args;
  std::set<char> given;
  // The first value given to each option that takes one.
  std::map<char, std::string> values;

  bool has(char name) const { return given.count(name) > 0; }
};

// Parses `words` (the command name first) as DefaultParser.parse(options, words) does: options may
// follow arguments, "--" ends options, "-sw" combines flags, "-v3" attaches a value, a value may be
// a negative number. On failure returns the text zkCli prints: the exception's toString(), e.g.
// "org.apache.commons.cli.UnrecognizedOptionException: Unrecognized option: -x".
std::optional<std::string> parseOptions(const std::vector<std::string>& words,
                                        const std::vector<OptionSpec>& options,
                                        ParsedOptions& parsed);

}  // namespace lockscope::cli
