// Option parsing for zkCli commands: the part of Apache commons-cli 1.5's DefaultParser that zkCli
// 3.8's commands reach, with the same results and the same error texts.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace lockscope::cli {

struct OptionSpec {
  char name;
  bool takesValue;
};

// An OptionGroup: at most one of its members may be given (AlreadySelectedException), and a
// required group needs one (MissingOptionException, checked after the last word).
struct OptionGroupSpec {
  // Each member's name and description, in the order the command adds them: the missing-option
  // message lists them so ("[-n num soft quota, -b bytes soft quota]").
  std::vector<std::pair<char, std::string>> members;
  bool required = false;
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
                                        ParsedOptions& parsed,
                                        const OptionGroupSpec* group = nullptr);

}  // namespace lockscope::cli
