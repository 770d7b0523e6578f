#include "zk_shell_options.h"

#include <cstdlib>

namespace lockscope::cli {

namespace {

const std::string kUnrecognized =
    "org.apache.commons.cli.UnrecognizedOptionException: "
    "Unrecognized option: ";
const std::string kMissingArgument =
    "org.apache.commons.cli.MissingArgumentException: "
    "Missing argument for option: ";
const std::string kAlreadySelected = "org.apache.commons.cli.AlreadySelectedException: ";
const std::string kMissingOption =
    "org.apache.commons.cli.MissingOptionException: "
    "Missing required option: ";

// Double.parseDouble accepts it (close enough: decimal and exponent forms, an optional type
// suffix). Such words count as values even though they start with '-'.
bool isNumber(const std::string& word) {
  std::string text = word;
  if (!text.empty() && std::string("dDfF").find(text.back()) != std::string::npos) text.pop_back();
  if (text.empty()) return false;
  char* end = nullptr;
  std::strtod(text.c_str(), &end);
  return end == text.c_str() + text.size();
}

class Parser {
 public:
  Parser(const std::vector<OptionSpec>& options, ParsedOptions& parsed,
         const OptionGroupSpec* group)
      : options_(options), parsed_(parsed), group_(group) {}

  std::optional<std::string> parse(const std::vector<std::string>& words) {
    for (const std::string& word : words) {
      if (auto error = handle(word)) return error;
    }
    if (auto error = missingValue()) return error;
    return missingGroup();
  }

 private:
  const OptionSpec* find(char name) const {
    for (const OptionSpec& option : options_)
      if (option.name == name) return &option;
    return nullptr;
  }

  // isShortOption: "-x..." whose first letter is an option (or whose whole name is).
  bool isOption(const std::string& word) const {
    if (word.size() < 2 || word[0] != '-') return false;
    return find(word[1]) != nullptr;
  }

  std::optional<std::string> missingValue() const {
    if (awaiting_) return kMissingArgument + std::string(1, awaiting_->name);
    return std::nullopt;
  }

  bool inGroup(char name) const {
    if (!group_) return false;
    for (const auto& member : group_->members)
      if (member.first == name) return true;
    return false;
  }

  // OptionGroup.setSelected: the same member again is fine, another one is not.
  std::optional<std::string> select(char name) {
    if (!inGroup(name)) return std::nullopt;
    if (selected_ && *selected_ != name)
      return kAlreadySelected + "The option '" + std::string(1, name) +
             "' was specified but an option from this group has already been selected: '" +
             std::string(1, *selected_) + "'";
    selected_ = name;
    return std::nullopt;
  }

  // checkRequiredOptions: the group's toString() lists "-name description" of every member.
  std::optional<std::string> missingGroup() const {
    if (!group_ || !group_->required || selected_) return std::nullopt;
    std::string members;
    for (const auto& [name, description] : group_->members)
      members += (members.empty() ? "-" : ", -") + std::string(1, name) + " " + description;
    return kMissingOption + "[" + members + "]";
  }

  std::optional<std::string> startOption(const OptionSpec& option) {
    if (auto error = missingValue()) return error;
    if (auto error = select(option.name)) return error;
    parsed_.given.insert(option.name);
    awaiting_ = option.takesValue ? &option : nullptr;
    return std::nullopt;
  }

  void addValue(const std::string& value) {
    parsed_.values.emplace(awaiting_->name, value);  // the first value wins, as getOptionValue
    awaiting_ = nullptr;
  }

  std::optional<std::string> handle(const std::string& word) {
    if (argumentsOnly_) {
      parsed_.args.push_back(word);
    } else if (word == "--") {
      argumentsOnly_ = true;
    } else if (awaiting_ && (!isOption(word) || isNumber(word))) {
      addValue(word);
    } else if (word == "-") {
      parsed_.args.push_back(word);
    } else if (word.rfind("--", 0) == 0) {
      return kUnrecognized + word;  // zkCli's commands define no long options
    } else if (word[0] == '-') {
      return handleShortOptions(word);
    } else {
      parsed_.args.push_back(word);
    }
    return std::nullopt;
  }

  std::optional<std::string> handleShortOptions(const std::string& word) {
    const std::string name = word.substr(1);
    const size_t equals = name.find('=');
    if (equals != std::string::npos) {
      // -v=3
      const OptionSpec* option = equals == 1 ? find(name[0]) : nullptr;
      if (!option || !option->takesValue) return kUnrecognized + word;
      if (auto error = startOption(*option)) return error;
      addValue(name.substr(equals + 1));
      return std::nullopt;
    }
    // -s, -sw (several flags), -v3 (a value attached): handleConcatenatedOptions.
    for (size_t i = 0; i < name.size(); ++i) {
      const OptionSpec* option = find(name[i]);
      if (!option) return kUnrecognized + word;
      if (auto error = startOption(*option)) return error;
      if (awaiting_ && i + 1 < name.size()) {
        addValue(name.substr(i + 1));
        break;
      }
    }
    return std::nullopt;
  }

  const std::vector<OptionSpec>& options_;
  ParsedOptions& parsed_;
  const OptionSpec* awaiting_ = nullptr;
  bool argumentsOnly_ = false;
  const OptionGroupSpec* group_;
  std::optional<char> selected_;
};

}  // namespace

std::optional<std::string> parseOptions(const std::vector<std::string>& words,
                                        const std::vector<OptionSpec>& options,
                                        ParsedOptions& parsed, const OptionGroupSpec* group) {
  parsed = ParsedOptions{};
  return Parser(options, parsed, group).parse(words);
}

}  // namespace lockscope::cli
