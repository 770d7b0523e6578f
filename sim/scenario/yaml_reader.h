// Typed, validating access to a YAML document, with every error pointing at file:line:col.
//
// Each accessor names the key path it reads ("faults[2].at") so that values given with
// `--set key=value` are reported as coming from the command line, not from a file position.
#pragma once

#include <cstdint>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "scenario.h"

namespace lockscope::scenario {

// Thrown by the reader and caught at the loader's boundary; what() is the one-line message.
class ScenarioError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class YamlReader {
 public:
  YamlReader(std::string file, std::set<std::string> overriddenPaths)
      : file_(std::move(file)), overridden_(std::move(overriddenPaths)) {}

  SourceLocation locate(const YAML::Node& node, const std::string& path) const;
  [[noreturn]] void fail(const YAML::Node& node, const std::string& path,
                         const std::string& message) const;

  // Rejects keys outside `allowed`, naming the closest allowed one.
  void requireKeys(const YAML::Node& map, const std::string& path,
                   const std::vector<std::string>& allowed) const;
  void requireMap(const YAML::Node& node, const std::string& path) const;
  void requireList(const YAML::Node& node, const std::string& path) const;

  std::string text(const YAML::Node& node, const std::string& path) const;
  // A text a reader sees: plain text (English), or a mapping with `en` (required) and `zh`.
  LocalizedText localizedText(const YAML::Node& node, const std::string& path) const;
  int64_t integer(const YAML::Node& node, const std::string& path, int64_t min, int64_t max) const;
  uint64_t unsignedInteger(const YAML::Node& node, const std::string& path) const;
  bool boolean(const YAML::Node& node, const std::string& path) const;
  // "250ms", "2s", "2.5s", "1500us", or a bare integer meaning milliseconds.
  sim::Micros duration(const YAML::Node& node, const std::string& path) const;
  // A bound on a number: ">= 6", "< 2.5", or a bare number meaning "== number".
  void bound(const YAML::Node& node, const std::string& path, std::string& comparison,
             double& value) const;

 private:
  std::string file_;
  std::set<std::string> overridden_;
};

// Parses "250ms" / "2s" / "2.5s" / "1500us" / "40" (ms); false when malformed or negative.
bool parseDurationText(const std::string& text, sim::Micros& micros);

}  // namespace lockscope::scenario
