// `lockscope-cli check` on a file with a `challenge:` block. The challenge itself
// (scenarios/challenges/<id>.yaml) is checked as any lesson: it must run clean. Any other file
// carrying the block is a student's recording, graded against the original found by its id in the
// lessons folder (gui/lesson_folder.h): one line, "solved FILE: ..." or "not solved FILE: ...".
#pragma once

#include <QString>
#include <QTextStream>

#include "sim/run/scenario_run.h"
#include "sim/scenario/scenario.h"

namespace lockscope::cli {

// Whether `file` is the challenge's original rather than a recording of it: its name is the
// challenge's id and it sits in a folder named `challenges`.
bool isChallengeOriginal(const QString& file, const scenario::Challenge& challenge);

enum class ChallengeOutcome { Solved, NotSolved, BadInput };

// Runs the recording, grades it and prints its line on `out` (a missing original on stderr).
// `overridden`: `--set` changed the run, so it is not the recorded file's setup.
ChallengeOutcome checkChallengeRecording(const QString& file, const scenario::Scenario& recording,
                                         const run::RunOptions& options, bool overridden,
                                         QTextStream& out);

}  // namespace lockscope::cli
