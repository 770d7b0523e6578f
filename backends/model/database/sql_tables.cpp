#include "sql_tables.h"

namespace lockscope::sql::model {

const char* tableName(TableId table) {
  switch (table) {
    case TableId::Locks: return "locks";
    case TableId::Inventory: return "inventory";
    case TableId::FenceTokens: return "fence_tokens";
  }
  return "?";
}

const std::vector<std::string>& tableColumns(TableId table) {
  static const std::vector<std::string> locks = {"owner", "count", "lock_until"};
  static const std::vector<std::string> inventory = {"stock", "version", "fence"};
  static const std::vector<std::string> tokens = {"token"};
  switch (table) {
    case TableId::Locks: return locks;
    case TableId::Inventory: return inventory;
    case TableId::FenceTokens: return tokens;
  }
  return tokens;
}

std::string describeRow(TableId table, const Row& row) {
  const std::vector<std::string>& columns = tableColumns(table);
  std::string out;
  for (size_t i = 0; i < row.size() && i < columns.size(); ++i) {
    if (i) out += ' ';
    out += columns[i] + "=" + (row[i].isText ? row[i].text : std::to_string(row[i].number));
  }
  return out;
}

RowSlot* Tables::find(TableId table, const Key& key) {
  auto& rows = rowsOf(table);
  const auto found = rows.find(key);
  return found == rows.end() ? nullptr : &found->second;
}

void Tables::seed(TableId table, const Key& key, Row row) {
  rowsOf(table)[key] = RowSlot{std::move(row), std::nullopt, 0, 0};
}

void Tables::dropEmpty(TableId table, const Key& key) {
  auto& rows = rowsOf(table);
  const auto found = rows.find(key);
  if (found != rows.end() && !found->second.committed && found->second.writer == 0)
    rows.erase(found);
}

std::string Tables::rowName(TableId table, const Key& key) {
  return std::string(tableName(table)) + "/" + key.describe();
}

std::string Tables::gapName(TableId table, const Key& key) const {
  const auto& rows = rowsOf(table);
  const auto next = rows.upper_bound(key);
  return "gap:" + std::string(tableName(table)) + "/" +
         (next == rows.end() ? std::string("+inf") : next->first.describe());
}

}  // namespace lockscope::sql::model
