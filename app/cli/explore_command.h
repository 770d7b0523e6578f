// `lockscope-cli explore FILE`: searches the lesson's schedules and faults for a violation
// (sim/explore/random_search.h; --mode bfs|dfs: systematic_explore.h), shrinks the first one
// found (shrinker.h) and, with --out, writes it as a lesson (found_lesson.h). Exit 0: no
// violation within the bounds; 1: one found.
#pragma once

#include <QStringList>

namespace lockscope::cli {

int exploreCommand(const QStringList& arguments);

}  // namespace lockscope::cli
