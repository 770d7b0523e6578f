// Edits a scenario file's text without losing what a teacher wrote in it (comments, narration,
// layout): the GUI's Record appends the faults clicked during a session to the `faults:` list,
// and Save As changes top-level settings (recipe, seed, clients). The result is loaded again
// before it is written, so a patch can never produce a file that does not load.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "scenario.h"

namespace lockscope::scenario {

// `faults` appended to the text's top-level `faults:` list (created when missing). Times are
// written in microseconds relative to the clients' start, as `Fault::at` holds them.
std::string appendFaults(const std::string& text, const std::vector<Fault>& faults);

// The same for entries written by `entriesAt` (each line indented by its argument, ending in a
// newline, not empty): for faults with more than a Fault holds (`for:`).
std::string appendFaultEntries(const std::string& text,
                               const std::function<std::string(int indent)>& entriesAt);

// The text with top-level `key:` set to `value` (a YAML scalar), replacing the old value and any
// block under it, or appended when the key is missing.
std::string setTopLevelKey(const std::string& text, const std::string& key,
                           const std::string& value);

// The text with top-level `key:` holding `block` (lines already indented under it), replacing the
// old value and any block under it, or appended when the key is missing.
std::string setTopLevelBlock(const std::string& text, const std::string& key,
                             const std::string& block);

// The text without top-level `key:` and its block (unchanged when there is none).
std::string removeTopLevelKey(const std::string& text, const std::string& key);

// The text with only the first `count` entries of the block list under top-level `key:`, or
// nothing when the key's value is not a block list with more entries (a number, a flow list).
std::optional<std::string> keepFirstListEntries(const std::string& text, const std::string& key,
                                                size_t count);

// The text without the comment lines (and blank lines) it starts with.
std::string withoutLeadingComments(const std::string& text);

// `value` as a double-quoted YAML scalar (also a JSON string): quotes, backslashes and control
// characters escaped.
std::string yamlQuoted(const std::string& value);

// One fault as a YAML list entry, indented by `indent` spaces: "  - at: 1500us\n    crash: c1\n".
std::string faultEntry(const Fault& fault, int indent);

}  // namespace lockscope::scenario
