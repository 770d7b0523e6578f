// A scenario: one lesson or regression case, as read from its YAML file (docs/scenario-format.md
// documents every key). Everything a run needs is here; nothing else influences it but the seed.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "localized_text.h"
#include "sim/clients/client_plan.h"
#include "sim/engine/connection.h"
#include "sim/engine/wall_clock.h"
#include "sim/recipes/recipe_parameters.h"
#include "sim/trace/fault_kinds.h"
#include "source_location.h"

namespace lockscope::scenario {

// One thing a narration step says is on screen at its moment (`shows: {holders: 1}`), which
// `lockscope-cli check` holds the run to: a picture that contradicts its narration fails the
// lesson instead of reaching a classroom. narration_claims.h lists the keys and their values.
struct NarrationClaim {
  std::string key;                            // "holders", "waiting", "node_exists", ...
  std::string written;                        // the value as the author wrote it, for messages
  std::string comparison = "==";              // counts: "<", "<=", "==", "!=", ">=", ">"
  double bound = 0;                           // counts
  std::vector<std::string> names;             // lists of clients or paths, sorted
  std::map<std::string, std::string> byName;  // state {c1: crashed}, redis_holder {redis-3: none}
  SourceLocation location;
};

// A question a narration step asks the class before the run shows the answer: the stage stops
// there, the answers wait for a choice, and playing on reveals the right one and then plays it.
struct NarrationQuestion {
  LocalizedText ask;
  std::vector<LocalizedText> answers;  // 2 to 4, shown numbered from 1
  size_t right = 0;                    // index into answers
  SourceLocation location;
};

struct NarrationStep {
  std::optional<sim::Micros> at;  // at a virtual time...
  std::string onClient;           // ...or when this client ("any" for anyone)...
  std::string onEvent;            // ...reaches this lock or process state ("acquired", "crashed")
  LocalizedText text;
  bool pause = false;                         // the GUI stops here: "what happens next?"
  std::optional<NarrationQuestion> question;  // asked at that stop (a question implies pause)
  std::vector<NarrationClaim> claims;         // what must be true on the stage at that moment
  SourceLocation location;
};

struct Fault {
  // The one table of fault kinds (sim/trace/fault_kinds.h); its target says what `client`
  // names: a client, a Redis instance ("redis-2", "redis-1-r1") or a ZooKeeper server.
  using Kind = sim::FaultKind;
  Kind kind = Kind::Crash;
  sim::Micros at = 0;
  std::string
      client;  // KillServer: "leader" or a server number; RestartServer: a number or "killed"
  bool applied = true;      // LoseReply: did the server execute the request whose reply is lost?
  int64_t clockJumpMs = 0;  // ClockJump: by how much the instance's clock steps
  SourceLocation location;
};
using sim::faultKindName;

// An expectation: an invariant that must hold or be violated, or a bound on a metric.
struct Expectation {
  std::string name;  // "mutual_exclusion", "notifications_per_release", ...
  bool isInvariant = true;
  bool mustHold = true;    // invariants
  std::string comparison;  // metrics: "<", "<=", "==", "!=", ">=", ">"
  double bound = 0;
  SourceLocation location;
  std::string describe() const;  // "mutual_exclusion: violated", "acquisitions >= 10"
};

// A wall clock that is not virtual time (Redis instances, clients): its reading at the start and
// how fast it runs.
using ClockSetting = sim::ClockSpec;

// The `redis:` section (backend: redis).
struct RedisSetup {
  int instances = 1;  // independent masters: redis-1..redis-N
  int replicas = 0;   // per master: redis-1-r1...
  int64_t replicationLagMs = 10;
  std::string persistence = "none";                  // none | every_second | always
  int64_t requestTimeoutMs = 250;                    // every client request's timeout (0: none)
  std::map<std::string, ClockSetting> clocks;        // by instance name
  std::map<std::string, ClockSetting> clientClocks;  // by client name
};

// The `database:` section (backend: database): which server's rules the model follows and the
// settings every session gets (backends/api/sql_types.h's SessionSettings).
struct DatabaseSetup {
  std::string dialect = "postgresql";      // postgresql | mariadb
  int64_t lockTimeoutMs = 0;               // PostgreSQL lock_timeout; 0: wait forever
  int64_t deadlockTimeoutMs = 1000;        // PostgreSQL deadlock_timeout
  int64_t idleInTransactionTimeoutMs = 0;  // PostgreSQL idle_in_transaction_session_timeout
  int64_t lockWaitTimeoutS = 50;           // MariaDB innodb_lock_wait_timeout
  bool rollbackOnTimeout = false;          // MariaDB innodb_rollback_on_timeout
  // How long the server takes to notice a client that vanished without closing its connection
  // (a partition): TCP keepalive's idle + probes. A crashed process's kernel closes the socket,
  // which the server notices at once.
  int64_t keepaliveMs = 7'200'000;
  std::map<std::string, ClockSetting> clientClocks;  // by client name
  // A live run holds the world after each statement until the server answered it or reports it
  // waiting for a lock, so that the statements reach the server in the model's order
  // (backends/live/database/statement_sync.h). Off: real concurrency, for throughput.
  bool syncStatements = true;
};

// A "break it" task (docs/scenario-format.md, "Challenges"): the lesson runs clean as written, and
// the student adds faults, within the budget, until the checkers report `violation`. Graded by
// challenge_grade.h against the original found by `id`.
struct Challenge {
  std::string id;         // the original is challenges/<id>.yaml in the lessons folder
  LocalizedText goal;     // one line: what to break
  std::string violation;  // a violation kind the checkers report: "mutual_exclusion", ...
  int budget = 1;         // at most this many faults (ending a pause or partition is free)
  std::vector<sim::FaultKind> kinds;  // the kinds allowed; empty: any
  SourceLocation location;
};

struct Scenario {
  std::string file;
  LocalizedText title;
  LocalizedText summary;
  std::vector<NarrationStep> narration;

  std::string backend = "zookeeper";
  std::string recipe;
  recipes::RecipeParameters recipeParameters;
  uint64_t seed = 1;
  // `schedule: [12, 40]`: the run's choices follow a schedule (sim/engine/schedule_chooser.h:
  // every latency fast, every tie first, no reconnect delay, except option 1 at these branching
  // decisions) instead of the seed, which then only names things. How `explore --mode bfs|dfs`
  // pins a counterexample that timing alone cannot reproduce. Unset: every choice from the seed.
  std::optional<std::vector<uint32_t>> schedule;

  std::vector<clients::ClientSpec> clients;
  sim::LatencyRange latency{sim::fromMillis(1), sim::fromMillis(5)};
  int64_t tickTimeMs = 200;
  bool fencedResource = false;
  sim::Micros maxVirtualTime = sim::fromSeconds(600);
  // A run also ends when no lock was granted or released for this long (stuck clients).
  sim::Micros stallWindow = sim::fromSeconds(60);

  std::vector<Fault> faults;
  std::vector<Expectation> expectations;

  RedisSetup redis;        // backend: redis only
  DatabaseSetup database;  // backend: database only

  // Non-empty: the GUI opens the lesson in compare mode, this recipe beside the lesson's (one of
  // its service's, or another service's representative: recipes/service_representatives.h).
  std::string compareWith;

  // Non-empty: the lesson only makes sense against live servers (an ensemble's election, which
  // the model's one server cannot show); says why. The model refuses to teach it.
  LocalizedText liveOnly;

  // How the GUI plays the lesson (`pacing:`): its speed in virtual milliseconds per second (0:
  // the player's own) and whether the time lens (app/gui/core/time_lens.h) is on (unset: the
  // player's choice). The run itself does not depend on it.
  struct Pacing {
    int64_t msPerSecond = 0;
    std::optional<bool> timeLens;
  };
  Pacing pacing;

  // Set when the file is a challenge, or a recording of one.
  std::optional<Challenge> challenge;

  // Every text of the lesson a reader sees that the file has, with its key path ("title",
  // "narration[2].text"): the title, summary, live_only, then the narration. For checks over all
  // of them (a lesson's translation is complete when each has its Chinese).
  struct TextField {
    std::string path;
    const LocalizedText* text;
  };
  std::vector<TextField> texts() const;
};

}  // namespace lockscope::scenario
