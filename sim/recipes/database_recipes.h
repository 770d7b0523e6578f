// The database lock recipes, written against the async database API (backends/api/sql_client.h)
// through DatabaseRecipe: the lock table (db_lock_table.cpp), row locks and optimistic versions
// (db_row_locks.cpp), and PostgreSQL's advisory locks (pg_advisory.cpp).
#pragma once

#include "lock_recipe.h"

namespace lockscope::recipes {

RecipeDescription describeDbUniqueKey();
RecipeDescription describeDbUniqueKeyTtl();
RecipeDescription describeDbReentrant();
RecipeDescription describeDbFenced();
RecipeDescription describeDbNoExpiry();
RecipeDescription describeDbSelectInsert();
RecipeDescription describeDbForUpdate();
RecipeDescription describeDbAutocommit();
RecipeDescription describeDbOptimistic();
RecipeDescription describeDbBlindUpdate();
RecipeDescription describePgAdvisory();
RecipeDescription describePgAdvisoryXact();

}  // namespace lockscope::recipes
