// Grades a run of a challenge (challenge.h): solved when the checkers report the violation the
// challenge asks for, with no more faults than its budget, of the kinds it allows, on the
// challenge's own setup. `lockscope-cli check` and the GUI both grade through here, so a student
// reads the same verdict in either.
#pragma once

#include <string>
#include <vector>

#include "scenario.h"
#include "sim/checkers/run_verdict.h"

namespace lockscope::scenario {

struct ChallengeGrade {
  bool solved = false;
  // Without "solved:" or "not solved:" in front (the CLI and the GUI each put their own):
  // "mutual exclusion is broken with 1 fault (pause c1 at 120ms for 540ms)", "no violation yet",
  // "3 faults used, budget is 1", "the setup differs from the challenge: recipe changed".
  LocalizedText line;
};

// The faults that spend the budget: every fault but the end of a pause or a partition (`for:`
// writes that end itself; ending a fault early never makes it worse).
int faultsSpent(const std::vector<Fault>& faults);

// "pause c1 at 0ms for 540ms, crash c2 at 1.5ms": the spent faults, a pause or partition with the
// duration until its end.
std::string describeFaults(const std::vector<Fault>& faults);

// The top-level keys whose values differ between a recording and its challenge's original, both
// as file text, leaving out `faults` and `narration` (which a recording may change) and taking a
// missing `seed` as its default. Empty when the setups are the same; ["unreadable"] when either
// text is not YAML.
std::vector<std::string> setupDifferences(const std::string& recordedText,
                                          const std::string& originalText);

// `faults` are the recording's, `verdict` its run's, `differences` setupDifferences' answer.
ChallengeGrade gradeChallenge(const Challenge& challenge, const std::vector<Fault>& faults,
                              const checkers::RunVerdict& verdict,
                              const std::vector<std::string>& differences);

// "1 fault" / "2 faults of kinds pause, crash": the budget as the GUI and the CLI show it.
LocalizedText describeBudget(const Challenge& challenge);

}  // namespace lockscope::scenario
