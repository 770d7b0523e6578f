// Checks on a scenario document as a whole, made before any key is read: the file is a regular
// file of bounded size, its bytes are UTF-8, it holds exactly one YAML document, and no mapping
// repeats a key. Each failure throws ScenarioError with the one-line "file:line:col: ..." message.
//
// Why here and not in the schema reader: yaml-cpp silently keeps the first of two equal keys,
// stops reading after a root flow mapping `{...}` (ignoring whatever follows, even broken YAML),
// and passes invalid UTF-8 through to the JSON report, which then throws.
#pragma once

#include <cstdint>
#include <string>

#include <yaml-cpp/yaml.h>

namespace lockscope::scenario {

// Larger scenario files are refused: the largest lesson is a few kilobytes, and 100,000 clients
// written out by name fit in about 2 MiB.
constexpr uintmax_t kMaxScenarioFileBytes = 4 * 1024 * 1024;

// Reads `path` whole; throws when it is not a regular file, is larger than the limit, or cannot
// be read.
std::string readScenarioBytes(const std::string& path);

// Throws at the line and column of the first byte that does not start or continue a valid UTF-8
// sequence (overlong forms, surrogates and code points above U+10FFFF included).
void requireUtf8(const std::string& text, const std::string& name);

// Parses `text` as exactly one YAML document; a second document (or anything after a root flow
// mapping) is an error at its position.
YAML::Node parseSingleDocument(const std::string& text, const std::string& name);

// Throws at the second occurrence of a key repeated within one mapping, anywhere in the tree.
void requireUniqueKeys(const YAML::Node& root, const std::string& name);

// An error message as one line: values quoted from the file ("got 'a<newline>b'") keep their
// control characters escaped (\n, \r, \t, \xNN), so one error never spreads over several lines.
std::string singleLine(const std::string& message);

}  // namespace lockscope::scenario
