// Edits a scenario file's text without losing what a teacher wrote in it (comments, narration,
// layout): the GUI's Record appends the faults clicked during a session to the `faults:` list,
// and Save As changes top-level settings (recipe, seed, clients). The result is loaded again
// before it is written, so a patch can never produce a file that does not load.
#pragma once

#include <string>
#include <vector>

#include "scenario.h"

namespace lockscope::scenario {

// `faults` appended to the text's top-level `faults:` list (created when missing). Times are
// written in microseconds relative to the clients' start, as `Fault::at` holds them.
std::string appendFaults(const std::string& text, const std::vector<Fault>& faults);

// The text with top-level `key:` set to `value` (a YAML scalar), replacing the old value and any
// block under it, or appended when the key is missing.
std::string setTopLevelKey(const std::string& text, const std::string& key,
                           const std::string& value);

// One fault as a YAML list entry, indented by `indent` spaces: "  - at: 1500us\n    crash: c1\n".
std::string faultEntry(const Fault& fault, int indent);

}  // namespace lockscope::scenario
