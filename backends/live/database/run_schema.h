// A live database run's own schema: "lockscope_<run id>" (PostgreSQL a schema, MariaDB a
// database), made when the run starts with sql::schemaStatements' tables, and dropped, with
// nothing else, when it ends. The connections find the tables through their search_path (MariaDB:
// their default database), so the SQL text stays exactly sql::sqlText's. A run never touches a
// table it did not make, so it may share the server with other runs and other data.
#pragma once

#include <string>
#include <vector>

#include "live_sql_connect.h"
#include "sim/scenario/database_seed.h"

namespace lockscope::live::database {

class RunSchema {
 public:
  // `server`: where; its schema field is ignored.
  explicit RunSchema(LiveSqlTarget server);
  ~RunSchema();  // drops the schema if create() made it
  RunSchema(const RunSchema&) = delete;
  RunSchema& operator=(const RunSchema&) = delete;

  // "lockscope_<16 hex digits>", new for every RunSchema.
  const std::string& name() const { return name_; }
  // Makes the schema and its tables: one inventory row (id 1) and a fence_tokens row per lock.
  Status create(const scenario::DatabaseSeed& seed);
  // Drops it now (also done by the destructor).
  Status drop();

 private:
  Status dropPostgreSqlSchema();
  Status dropMariaDbDatabase();

  LiveSqlTarget server_;
  std::string name_;
  bool created_ = false;
};

}  // namespace lockscope::live::database
