// `explore --mode bfs|dfs`: the systematic search (sim/explore/systematic_search.h) run, reported
// and, when its counterexample replays with the lesson's own chooser, shrunk and written as a
// lesson like the random mode's; otherwise written as found, its schedule pinned (`schedule:`).
#pragma once

#include <QString>

#include "sim/explore/exploration.h"
#include "sim/explore/systematic_search.h"

namespace lockscope::cli {

struct SystematicRequest {
  const scenario::Scenario* lesson = nullptr;
  explore::ExplorationRequest exploration;  // its search's budget, hunt and time limit are used
  explore::SearchOrder order = explore::SearchOrder::BreadthFirst;
  int depth = 2;
  QString outPath;  // with exploration.lessonText set
  bool json = false;
};

// Exit 0: no violation within the bounds; 1: one found; 2: it cannot be written.
int systematicExplore(const SystematicRequest& request);

}  // namespace lockscope::cli
