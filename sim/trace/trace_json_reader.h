// Reads a trace back from the JSON Lines that trace_json.h writes: each line a flat object of the
// writer's keys, strings and integers only. No JSON library: the format is ours and fixed. Ops
// are read through the same name table the writer uses (trace_ops.h), so an op the event's kind
// does not have is an error, not a string that no checker will ever match.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "trace_sinks.h"

namespace lockscope::sim {

// One line (without its newline); on failure returns false and says why in `error`.
bool readJsonLine(std::string_view line, RecordedEvent& event, std::string& error);

// Every event of `text` (empty lines skipped). On the first line it cannot read it stops and sets
// `error` to one line: "line 3: unknown op 'acquird' for a lock event; expected one of: ...".
std::vector<RecordedEvent> readJsonLines(std::string_view text, std::string& error);

}  // namespace lockscope::sim
