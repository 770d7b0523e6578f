// The rows a database run starts from, the same on the model and on live servers: an inventory
// row (stock 0, version 0, fence 0) for row 1 and for every row a client locks (lock_rows), and
// a fence token row (token 0) for every lock name (lock_key).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "scenario.h"

namespace lockscope::scenario {

struct DatabaseSeed {
  std::vector<int64_t> inventoryRows;  // ascending
  std::vector<std::string> lockNames;  // sorted
};

DatabaseSeed databaseSeed(const Scenario& scenario);

// A seeded row as the trace writes a row: "stock=0 version=0 fence=0" (table "inventory"),
// "token=0" ("fence_tokens"); "" for a table with no seeded rows ("locks"). The trace starts after
// the seeding, so this is how a stage shows a seeded row no event has touched yet.
std::string_view seededRowText(std::string_view table);

}  // namespace lockscope::scenario
