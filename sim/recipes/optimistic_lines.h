// The named lines of a lock-free read-modify-write recipe and of its broken twin: the database's
// version column (db-optimistic, db-blind-update) and Redis' WATCH (redis-optimistic,
// redis-blind-update). The twin has no retry line.
#pragma once

#include <vector>

#include "code_line.h"

namespace lockscope::recipes {

struct OptimisticLines {
  CodeLine begin;
  CodeLine read;
  CodeLine write;
  CodeLine retry;  // the checked variant only
  CodeLine done;
  std::vector<CodeLine> named() const {
    std::vector<CodeLine> all{begin, read, write, done};
    if (retry.number > 0) all.push_back(retry);
    return all;
  }
};

}  // namespace lockscope::recipes
