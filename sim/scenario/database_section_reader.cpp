#include "database_section_reader.h"

#include "clock_reader.h"

namespace lockscope::scenario {
namespace {

const std::vector<std::string> kDatabaseKeys = {"dialect",
                                                "lock_timeout_ms",
                                                "deadlock_timeout_ms",
                                                "idle_in_transaction_timeout_ms",
                                                "lock_wait_timeout_s",
                                                "rollback_on_timeout",
                                                "keepalive_ms",
                                                "client_clocks",
                                                "sync_statements"};
constexpr int64_t kMaxMillis = 24LL * 3600 * 1000;

std::string child(const std::string& key) { return "database." + key; }

}  // namespace

void DatabaseSectionReader::read(const YAML::Node& node) {
  r_.requireKeys(node, "database", kDatabaseKeys);
  DatabaseSetup& setup = s_.database;
  if (node["dialect"]) {
    setup.dialect = r_.text(node["dialect"], child("dialect"));
    if (setup.dialect != "postgresql" && setup.dialect != "mariadb") {
      r_.fail(node["dialect"], child("dialect"),
              "unknown dialect '" + setup.dialect + "'; expected: postgresql, mariadb");
    }
  }
  auto millis = [&](const char* key, int64_t& out, int64_t least) {
    if (node[key]) out = r_.integer(node[key], child(key), least, kMaxMillis);
  };
  millis("lock_timeout_ms", setup.lockTimeoutMs, 0);
  millis("deadlock_timeout_ms", setup.deadlockTimeoutMs, 1);
  millis("idle_in_transaction_timeout_ms", setup.idleInTransactionTimeoutMs, 0);
  millis("keepalive_ms", setup.keepaliveMs, 1);
  // InnoDB's own bounds: at least a second, at most 1073741824 s.
  if (node["lock_wait_timeout_s"]) {
    setup.lockWaitTimeoutS = r_.integer(node["lock_wait_timeout_s"], child("lock_wait_timeout_s"),
                                        1, 1'073'741'824);
  }
  if (node["rollback_on_timeout"])
    setup.rollbackOnTimeout = r_.boolean(node["rollback_on_timeout"], child("rollback_on_timeout"));
  if (node["sync_statements"])
    setup.syncStatements = r_.boolean(node["sync_statements"], child("sync_statements"));
  if (const YAML::Node clocks = node["client_clocks"])
    setup.clientClocks = readClientClocks(r_, s_, clocks, child("client_clocks"));
}

}  // namespace lockscope::scenario
