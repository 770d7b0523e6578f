// The database model's data: the three fixed tables (locks, inventory, fence_tokens; see
// backends/api/sql_types.h), each row with its last committed version and at most one
// uncommitted change by the transaction that holds the row's write lock.
//
// What a transaction sees is PostgreSQL's READ COMMITTED: its own uncommitted change, else the
// last committed version. InnoDB's REPEATABLE READ snapshot for plain reads is not modelled (the
// lessons read under a lock, which reads the latest committed version on both servers).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "backends/api/sql_types.h"

namespace lockscope::sql::model {

using SessionId = int64_t;
using TransactionId = int64_t;

enum class TableId : uint8_t { Locks, Inventory, FenceTokens };
const char* tableName(TableId table);  // "locks", "inventory", "fence_tokens"

// A row's primary key: a number (inventory) or a text (locks, fence_tokens). Ordered, so that
// InnoDB's gaps (the space before the next key) can be found.
struct Key {
  int64_t number = 0;
  std::string text;
  auto operator<=>(const Key&) const = default;
  std::string describe() const { return text.empty() ? std::to_string(number) : text; }
};

// The non-key columns, by position in the table's column list (tableColumns).
using Row = std::vector<Value>;
// "owner", "count", "lock_until" for locks; "stock", "version", "fence" for inventory; "token".
const std::vector<std::string>& tableColumns(TableId table);
// "owner=c1 count=1 lock_until=2000".
std::string describeRow(TableId table, const Row& row);

struct RowSlot {
  std::optional<Row> committed;  // none: no committed row (an uncommitted insert)
  std::optional<Row> pending;    // the writer's version; none with a writer: a pending delete
  TransactionId writer = 0;      // whose uncommitted change this is; 0: none
  SessionId writerSession = 0;

  // What `transaction` reads.
  const std::optional<Row>& visibleTo(TransactionId transaction) const {
    return writer != 0 && writer == transaction ? pending : committed;
  }
};

class Tables {
 public:
  using Slots = std::map<Key, RowSlot>;

  Slots& rowsOf(TableId table) { return tables_[static_cast<size_t>(table)]; }
  const Slots& rowsOf(TableId table) const { return tables_[static_cast<size_t>(table)]; }
  RowSlot* find(TableId table, const Key& key);
  // Adds a committed row (the seed rows a run starts from).
  void seed(TableId table, const Key& key, Row row);
  // Drops every slot that holds nothing (after a commit of a delete, a rollback of an insert).
  void dropEmpty(TableId table, const Key& key);
  // "locks/lock", "inventory/1": a row's name in the trace and the lock table.
  static std::string rowName(TableId table, const Key& key);
  // InnoDB's gap before `key`: named by the next key the index holds (any version), or "+inf".
  std::string gapName(TableId table, const Key& key) const;

 private:
  Slots tables_[3];
};

}  // namespace lockscope::sql::model
