// The text Record writes: the scenario file as the teacher wrote it (comments, narration, layout
// kept) with the run's seed and the faults clicked during the session. Whatever the file's
// shape, no fault may be lost: the patched text is loaded again and must hold the file's own
// faults and every clicked one. When the text patch cannot keep them (a `faults: [...]` flow
// list, a file written as one flow mapping), the document is re-emitted from its YAML tree
// instead: comments are lost then, faults never.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "sim/scenario/scenario.h"

namespace lockscope::gui {

struct RecordingText {
  std::string text;   // the file to write, when `error` is empty
  std::string error;  // why nothing can be written (a message for the status line)
};

// `fileText` is the scenario file's text, `fileFaults` the faults it loads with, `name` the file
// name messages use.
RecordingText recordingText(const std::string& fileText,
                            const std::vector<scenario::Fault>& fileFaults,
                            const std::vector<scenario::Fault>& clicked, std::uint64_t seed,
                            const std::string& name);

}  // namespace lockscope::gui
