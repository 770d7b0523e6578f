#include "scenario_loader.h"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "challenge.h"
#include "database_section_reader.h"
#include "document_checks.h"
#include "lua_syntax.h"
#include "narration_claims.h"
#include "narration_question.h"
#include "redis_section_reader.h"
#include "service_counterpart.h"
#include "sim/checkers/metric_names.h"
#include "sim/recipes/lock_recipe.h"
#include "sim/trace/trace_ops.h"
#include "yaml_reader.h"

namespace lockscope::scenario {
namespace {

const std::vector<std::string> kTopKeys = {"title",
                                           "summary",
                                           "narration",
                                           "backend",
                                           "recipe",
                                           "recipe_parameters",
                                           "seed",
                                           "schedule",
                                           "clients",
                                           "rounds",
                                           "hold_ms",
                                           "think_ms",
                                           "start_spread_ms",
                                           "session_timeout_ms",
                                           "tick_time_ms",
                                           "network",
                                           "fenced",
                                           "plan",
                                           "max_virtual_ms",
                                           "stall_ms",
                                           "faults",
                                           "expect",
                                           "redis",
                                           "database",
                                           "live_only",
                                           "compare_with",
                                           "challenge",
                                           "pacing"};
const std::vector<std::string> kClientKeys = {"name",
                                              "plan",
                                              "rounds",
                                              "start_ms",
                                              "hold_ms",
                                              "think_ms",
                                              "session_timeout_ms",
                                              "recipe_parameters"};
const std::vector<std::string> kRecipeKeys = {
    "lock_path", "lock_paths", "acquire_timeout_ms", "revocable", "pipeline",
    // Redis recipes
    "lock_key", "ttl_ms", "retry_delay_ms", "retries", "renew_every_ms",
    "redlock_timer_after_quorum", "unlock_script",
    // database recipes
    "lock_wait", "advisory_key", "lock_rows", "work_between_ms"};
const std::vector<std::string> kNetworkKeys = {"latency_ms"};
const std::vector<std::string> kPacingKeys = {"ms_per_second", "time_lens"};
const std::vector<std::string> kNarrationKeys = {"at", "on", "text", "pause", "question", "shows"};

// The faults naming a client or a server; RedisSectionReader reads those naming an instance.
bool readHere(const sim::FaultInfo& info) { return info.target != sim::FaultTarget::RedisInstance; }

// "crash, ..., lose_reply (each naming a client), kill_instance, ... (each naming a Redis
// instance), ...": the table's kinds, grouped by what they name.
std::string faultKindsByTarget() {
  std::string out;
  for (size_t i = 0; i < sim::kFaultKinds.size(); ++i) {
    const sim::FaultInfo& info = sim::kFaultKinds[i];
    if (i > 0) out += ", ";
    out += info.name;
    const bool lastOfGroup = i + 1 == sim::kFaultKinds.size() ||
                             sim::kFaultKinds[i + 1].target != info.target;
    if (!lastOfGroup) continue;
    switch (info.target) {
      case sim::FaultTarget::Client: out += " (each naming a client)"; break;
      case sim::FaultTarget::RedisInstance: out += " (each naming a Redis instance)"; break;
      case sim::FaultTarget::Server: out += " (naming a server)"; break;
    }
  }
  return out;
}

bool isServerFault(Fault::Kind kind) {
  return sim::faultInfo(kind).target == sim::FaultTarget::Server;
}

// "leader" (kill_server), "killed" (restart_server: the server killed last), or a number from 1.
bool validServer(Fault::Kind kind, const std::string& server) {
  if (server == (kind == Fault::Kind::KillServer ? "leader" : "killed")) return true;
  return !server.empty() && server.size() < 3 && server[0] != '0' &&
         server.find_first_not_of("0123456789") == std::string::npos;
}

constexpr int64_t kMaxMillis = 24LL * 3600 * 1000;

std::string child(const std::string& path, const std::string& key) {
  return path.empty() ? key : path + "." + key;
}
std::string item(const std::string& path, size_t index) {
  return path + "[" + std::to_string(index) + "]";
}

// Defaults every client inherits unless its own entry says otherwise.
struct ClientDefaults {
  int rounds = 1;
  sim::Micros holdTime = sim::fromMillis(100);
  sim::Micros thinkTime = 0;
  sim::Micros startSpread = 0;
  int64_t sessionTimeoutMs = 4000;
  std::vector<clients::PlanStep> plan;  // empty: default plan with holdTime
};

class SchemaReader {
 public:
  SchemaReader(const YamlReader& reader, Scenario& scenario) : r_(reader), s_(scenario) {}

  void read(const YAML::Node& root) {
    r_.requireKeys(root, "", kTopKeys);
    s_.title = r_.localizedText(required(root, "title"), "title");
    if (root["summary"]) s_.summary = r_.localizedText(root["summary"], "summary");
    if (root["live_only"]) {
      s_.liveOnly = r_.localizedText(root["live_only"], "live_only");
      if (s_.liveOnly.en.empty())
        r_.fail(root["live_only"], "live_only",
                "'live_only' says why the model cannot teach this lesson; got nothing");
    }
    if (root["backend"]) readBackend(root["backend"]);
    readRecipe(root);
    if (root["seed"]) s_.seed = r_.unsignedInteger(root["seed"], "seed");
    if (root["schedule"]) readSchedule(root["schedule"]);
    readDefaults(root);
    if (root["network"]) readNetwork(root["network"]);
    if (root["tick_time_ms"])
      s_.tickTimeMs = r_.integer(root["tick_time_ms"], "tick_time_ms", 1, 60'000);
    if (root["fenced"]) s_.fencedResource = r_.boolean(root["fenced"], "fenced");
    if (root["max_virtual_ms"]) {
      s_.maxVirtualTime = sim::fromMillis(
          r_.integer(root["max_virtual_ms"], "max_virtual_ms", 1, kMaxMillis));
    }
    if (root["stall_ms"])
      s_.stallWindow = sim::fromMillis(r_.integer(root["stall_ms"], "stall_ms", 1, kMaxMillis));
    readClients(required(root, "clients"));
    readRedis(root);
    if (root["compare_with"]) readCompareWith(root["compare_with"]);
    if (root["pacing"]) readPacing(root["pacing"]);
    if (root["narration"]) readNarration(root["narration"]);
    if (root["faults"]) readFaults(root["faults"]);
    if (root["expect"]) readExpectations(root["expect"]);
    if (root["challenge"]) s_.challenge = readChallenge(r_, root["challenge"], "challenge");
  }

 private:
  YAML::Node required(const YAML::Node& map, const std::string& key) {
    const YAML::Node value = map[key];
    if (!value) r_.fail(map, key, "missing required key '" + key + "'");
    return value;
  }

  void readBackend(const YAML::Node& node) {
    s_.backend = r_.text(node, "backend");
    if (s_.backend != "zookeeper" && s_.backend != "redis" && s_.backend != "database") {
      r_.fail(node, "backend",
              "unknown backend '" + s_.backend + "'; expected: zookeeper, redis, database");
    }
  }

  // The `redis:` section goes with `backend: redis`, as do the Redis recipes.
  void readRedis(const YAML::Node& root) {
    if (root["redis"]) {
      if (s_.backend != "redis") r_.fail(root["redis"], "redis", "'redis' needs 'backend: redis'");
      RedisSectionReader(r_, s_).read(root["redis"]);
    }
    if (root["database"]) {
      if (s_.backend != "database")
        r_.fail(root["database"], "database", "'database' needs 'backend: database'");
      DatabaseSectionReader(r_, s_).read(root["database"]);
    }
    const recipes::RecipeDescription* recipe = recipes::findRecipe(s_.recipe);
    if (recipe->backend != s_.backend) {
      r_.fail(root["recipe"], "recipe",
              "recipe '" + s_.recipe + "' needs 'backend: " + std::string(recipe->backend) + "'");
    }
    if (!recipe->dialect.empty() && recipe->dialect != s_.database.dialect) {
      r_.fail(root["recipe"], "recipe",
              "recipe '" + s_.recipe +
                  "' needs 'database: {dialect: " + std::string(recipe->dialect) + "}'");
    }
  }

  void readPacing(const YAML::Node& node) {
    r_.requireKeys(node, "pacing", kPacingKeys);
    // From 1 ms to 100 s of virtual time per second: the player's own range.
    if (node["ms_per_second"])
      s_.pacing.msPerSecond = r_.integer(node["ms_per_second"], "pacing.ms_per_second", 1, 100'000);
    if (node["time_lens"]) s_.pacing.timeLens = r_.boolean(node["time_lens"], "pacing.time_lens");
  }

  // A recipe compare mode can play beside the lesson's: the GUI offers the same (comparable).
  void readCompareWith(const YAML::Node& node) {
    s_.compareWith = r_.text(node, "compare_with");
    const recipes::RecipeDescription* other = recipes::findRecipe(s_.compareWith);
    if (other && comparable(*other, s_)) return;
    std::string expected;
    for (const std::string_view name : comparableRecipes(s_)) expected += " " + std::string(name);
    r_.fail(node, "compare_with",
            "cannot compare " + s_.recipe + " with '" + s_.compareWith +
                "'; expected one of:" + expected);
  }

  void readRecipe(const YAML::Node& root) {
    const YAML::Node node = required(root, "recipe");
    s_.recipe = r_.text(node, "recipe");
    const recipes::RecipeDescription* recipe = recipes::findRecipe(s_.recipe);
    if (!recipe) {
      std::string known;
      for (const auto& candidate : recipes::recipeCatalog())
        known += " " + std::string(candidate.name);
      r_.fail(node, "recipe", "unknown recipe '" + s_.recipe + "'; expected one of:" + known);
    }
    if (root["recipe_parameters"]) {
      readRecipeParameters(root["recipe_parameters"], "recipe_parameters", s_.recipeParameters);
    }
  }

  // Fills `p` (which already holds the defaults to keep) from a recipe_parameters mapping.
  void readRecipeParameters(const YAML::Node& parameters, const std::string& path,
                            recipes::RecipeParameters& p) {
    r_.requireKeys(parameters, path, kRecipeKeys);
    if (parameters["lock_path"])
      p.lockPath = znodePath(parameters["lock_path"], child(path, "lock_path"));
    if (parameters["lock_paths"]) {
      const YAML::Node list = parameters["lock_paths"];
      r_.requireList(list, child(path, "lock_paths"));
      p.lockPaths.clear();
      for (size_t i = 0; i < list.size(); ++i) {
        p.lockPaths.push_back(znodePath(list[i], item(child(path, "lock_paths"), i)));
      }
    }
    if (parameters["acquire_timeout_ms"]) {
      p.acquireTimeoutMs = r_.integer(parameters["acquire_timeout_ms"],
                                      child(path, "acquire_timeout_ms"), -1, kMaxMillis);
    }
    if (parameters["revocable"])
      p.revocable = r_.boolean(parameters["revocable"], child(path, "revocable"));
    if (parameters["pipeline"])
      p.pipeline = r_.boolean(parameters["pipeline"], child(path, "pipeline"));
    readRedisParameters(parameters, path, p);
  }

  void readRedisParameters(const YAML::Node& parameters, const std::string& path,
                           recipes::RecipeParameters& p) {
    if (parameters["lock_key"]) {
      p.lockKey = r_.text(parameters["lock_key"], child(path, "lock_key"));
      if (p.lockKey.empty())
        r_.fail(parameters["lock_key"], child(path, "lock_key"), "a Redis key cannot be empty");
    }
    if (parameters["ttl_ms"])
      p.ttlMs = r_.integer(parameters["ttl_ms"], child(path, "ttl_ms"), 1, kMaxMillis);
    if (parameters["retry_delay_ms"]) {
      p.retryDelayMs = r_.integer(parameters["retry_delay_ms"], child(path, "retry_delay_ms"), 1,
                                  kMaxMillis);
    }
    if (parameters["retries"])
      p.retries = static_cast<int>(
          r_.integer(parameters["retries"], child(path, "retries"), -1, 1'000'000));
    if (parameters["renew_every_ms"]) {
      p.renewEveryMs = r_.integer(parameters["renew_every_ms"], child(path, "renew_every_ms"), 0,
                                  kMaxMillis);
    }
    if (parameters["redlock_timer_after_quorum"]) {
      p.redlockTimerAfterQuorum = r_.boolean(parameters["redlock_timer_after_quorum"],
                                             child(path, "redlock_timer_after_quorum"));
    }
    if (parameters["unlock_script"]) {
      const YAML::Node script = parameters["unlock_script"];
      p.unlockScript = r_.text(script, child(path, "unlock_script"));
      const std::string problem = p.unlockScript.empty() ? std::string("it is empty")
                                                         : luaSyntaxError(p.unlockScript);
      if (!problem.empty()) {
        r_.fail(script, child(path, "unlock_script"),
                "expected a Lua script that compiles (Redis' Lua 5.1): " + problem);
      }
    }
    if (parameters["lock_wait"]) {
      const std::string wait = r_.text(parameters["lock_wait"], child(path, "lock_wait"));
      if (wait == "wait") {
        p.lockWait = recipes::RowLockWait::Wait;
      } else if (wait == "nowait") {
        p.lockWait = recipes::RowLockWait::NoWait;
      } else if (wait == "skip_locked") {
        p.lockWait = recipes::RowLockWait::SkipLocked;
      } else {
        r_.fail(parameters["lock_wait"], child(path, "lock_wait"),
                "unknown lock_wait '" + wait + "'; expected: wait, nowait, skip_locked");
      }
    }
    if (parameters["lock_rows"]) {
      const YAML::Node list = parameters["lock_rows"];
      r_.requireList(list, child(path, "lock_rows"));
      if (list.size() == 0 || list.size() > 16) {
        r_.fail(list, child(path, "lock_rows"),
                "expected 1 to 16 inventory row ids in 'lock_rows'");
      }
      p.lockRows.clear();
      for (size_t i = 0; i < list.size(); ++i)
        p.lockRows.push_back(r_.integer(list[i], item(child(path, "lock_rows"), i), 1, 1'000'000));
    }
    if (parameters["work_between_ms"]) {
      p.workBetweenMs = r_.integer(parameters["work_between_ms"], child(path, "work_between_ms"), 0,
                                   kMaxMillis);
    }
    if (parameters["advisory_key"]) {
      p.advisoryKey = r_.integer(parameters["advisory_key"], child(path, "advisory_key"), INT64_MIN,
                                 INT64_MAX);
    }
  }

  std::string znodePath(const YAML::Node& node, const std::string& path) {
    const std::string value = r_.text(node, path);
    if (value.size() < 2 || value[0] != '/' || value.back() == '/' ||
        value.find("//") != std::string::npos) {
      r_.fail(node, path,
              "expected a znode path such as /lock for '" + path + "', got '" + value + "'");
    }
    requireZnodeNames(node, path, value);
    return value;
  }

  // ZooKeeper refuses "." and ".." as names and control characters (NUL among them) anywhere in a
  // path; the model must refuse what the real server would.
  void requireZnodeNames(const YAML::Node& node, const std::string& path,
                         const std::string& value) {
    for (const unsigned char character : value) {
      if (character < 0x20 || character == 0x7F) {
        r_.fail(node, path,
                "a znode path cannot hold control characters (such as NUL) in '" + path + "'");
      }
    }
    std::stringstream names(value.substr(1));
    for (std::string name; std::getline(names, name, '/');) {
      if (name == "." || name == "..") {
        r_.fail(node, path,
                "'" + name + "' cannot name a znode in '" + path + "', got '" + value + "'");
      }
    }
  }

  void readDefaults(const YAML::Node& root) {
    if (root["rounds"])
      defaults_.rounds = static_cast<int>(r_.integer(root["rounds"], "rounds", 0, 1'000'000));
    if (root["hold_ms"])
      defaults_.holdTime = sim::fromMillis(r_.integer(root["hold_ms"], "hold_ms", 0, kMaxMillis));
    if (root["think_ms"])
      defaults_.thinkTime = sim::fromMillis(
          r_.integer(root["think_ms"], "think_ms", 0, kMaxMillis));
    if (root["start_spread_ms"]) {
      defaults_.startSpread = sim::fromMillis(
          r_.integer(root["start_spread_ms"], "start_spread_ms", 0, kMaxMillis));
    }
    if (root["session_timeout_ms"]) {
      defaults_.sessionTimeoutMs = r_.integer(root["session_timeout_ms"], "session_timeout_ms", 1,
                                              kMaxMillis);
    }
    if (root["plan"]) defaults_.plan = readPlan(root["plan"], "plan");
  }

  std::vector<clients::PlanStep> readPlan(const YAML::Node& node, const std::string& path) {
    r_.requireList(node, path);
    std::vector<clients::PlanStep> plan;
    for (size_t i = 0; i < node.size(); ++i) {
      const Result<clients::PlanStep> parsed = clients::parsePlanStep(
          r_.text(node[i], item(path, i)));
      if (!parsed.ok()) r_.fail(node[i], item(path, i), parsed.message());
      const clients::PlanStep& step = *parsed;
      if (step.duration > sim::fromMillis(kMaxMillis)) {
        r_.fail(node[i], item(path, i),
                "a hold lasts at most 24h (" + std::to_string(kMaxMillis) + "ms) in '" +
                    item(path, i) + "'");
      }
      plan.push_back(step);
    }
    return plan;
  }

  // Increasing branching-decision indices: each deviation named once, in the order met.
  void readSchedule(const YAML::Node& node) {
    r_.requireList(node, "schedule");
    std::vector<uint32_t> schedule;
    for (size_t index = 0; index < node.size(); ++index) {
      const auto decision = static_cast<uint32_t>(
          r_.integer(node[index], item("schedule", index), 0, UINT32_MAX));
      if (!schedule.empty() && decision <= schedule.back())
        r_.fail(node[index], item("schedule", index),
                "expected decision indices in increasing order for 'schedule', got " +
                    std::to_string(decision) + " after " + std::to_string(schedule.back()));
      schedule.push_back(decision);
    }
    s_.schedule = std::move(schedule);
  }

  void readNetwork(const YAML::Node& node) {
    r_.requireKeys(node, "network", kNetworkKeys);
    const YAML::Node latency = node["latency_ms"];
    if (!latency) return;
    const std::string path = "network.latency_ms";
    if (latency.IsSequence()) {
      if (latency.size() != 2) r_.fail(latency, path, "expected [low, high] for '" + path + "'");
      s_.latency.low = sim::fromMillis(r_.integer(latency[0], item(path, 0), 0, 60'000));
      s_.latency.high = sim::fromMillis(r_.integer(latency[1], item(path, 1), 0, 60'000));
      if (s_.latency.high < s_.latency.low)
        r_.fail(latency, path, "'" + path + "': high is below low");
    } else {
      s_.latency.low = s_.latency.high = sim::fromMillis(r_.integer(latency, path, 0, 60'000));
    }
  }

  clients::ClientSpec makeClient(const std::string& name, size_t index) {
    clients::ClientSpec spec;
    spec.name = name;
    spec.rounds = defaults_.rounds;
    spec.startAt = defaults_.startSpread * static_cast<sim::Micros>(index);
    spec.thinkTime = defaults_.thinkTime;
    spec.sessionTimeoutMs = defaults_.sessionTimeoutMs;
    spec.plan = defaults_.plan.empty() ? clients::defaultPlan(defaults_.holdTime) : defaults_.plan;
    return spec;
  }

  void readClients(const YAML::Node& node) {
    if (node.IsScalar()) {
      const int64_t count = r_.integer(node, "clients", 1, kMaxClients);
      for (int64_t i = 0; i < count; ++i)
        addClient(makeClient("c" + std::to_string(i + 1), static_cast<size_t>(i)));
      return;
    }
    r_.requireList(node, "clients");
    if (node.size() == 0) r_.fail(node, "clients", "expected at least one client");
    if (node.size() > static_cast<size_t>(kMaxClients)) {
      r_.fail(node, "clients",
              "at most " + std::to_string(kMaxClients) + " clients, got " +
                  std::to_string(node.size()));
    }
    size_t index = 0;
    for (const YAML::Node& entry : node) {
      addClient(readClient(entry, item("clients", index), index));
      ++index;
    }
  }

  // Names are kept in a set as well, so that checking a name is not a walk over every client
  // (which made a list of 300,000 names take minutes).
  void addClient(clients::ClientSpec spec) {
    clientNames_.insert(spec.name);
    s_.clients.push_back(std::move(spec));
  }

  clients::ClientSpec readClient(const YAML::Node& node, const std::string& path, size_t index) {
    r_.requireKeys(node, path, kClientKeys);
    const std::string name = r_.text(required(node, "name"), child(path, "name"));
    if (name.empty() || name == "server" || name == "world" || name == "setup" || name == "any") {
      r_.fail(node["name"], child(path, "name"), "'" + name + "' cannot name a client");
    }
    if (clientNames_.count(name) != 0)
      r_.fail(node["name"], child(path, "name"), "client name '" + name + "' is used twice");
    clients::ClientSpec spec = makeClient(name, index);
    sim::Micros holdTime = defaults_.holdTime;
    if (node["rounds"])
      spec.rounds = static_cast<int>(
          r_.integer(node["rounds"], child(path, "rounds"), 0, 1'000'000));
    if (node["start_ms"])
      spec.startAt = sim::fromMillis(
          r_.integer(node["start_ms"], child(path, "start_ms"), 0, kMaxMillis));
    if (node["think_ms"])
      spec.thinkTime = sim::fromMillis(
          r_.integer(node["think_ms"], child(path, "think_ms"), 0, kMaxMillis));
    if (node["session_timeout_ms"]) {
      spec.sessionTimeoutMs = r_.integer(node["session_timeout_ms"],
                                         child(path, "session_timeout_ms"), 1, kMaxMillis);
    }
    if (node["hold_ms"]) {
      holdTime = sim::fromMillis(
          r_.integer(node["hold_ms"], child(path, "hold_ms"), 0, kMaxMillis));
      if (defaults_.plan.empty()) spec.plan = clients::defaultPlan(holdTime);
    }
    if (node["plan"]) spec.plan = readPlan(node["plan"], child(path, "plan"));
    if (node["recipe_parameters"]) {
      recipes::RecipeParameters own = s_.recipeParameters;  // what it leaves out is the scenario's
      readRecipeParameters(node["recipe_parameters"], child(path, "recipe_parameters"), own);
      spec.parameters = own;
    }
    return spec;
  }

  // `name` as written at `node`; "any" is accepted where a trigger may match every client.
  std::string clientName(const YAML::Node& node, const std::string& name, const std::string& path,
                         bool allowAny) {
    if (allowAny && name == "any") return name;
    if (clientNames_.count(name) != 0) return name;
    std::string known;
    for (size_t i = 0; i < s_.clients.size() && i < 8; ++i) known += " " + s_.clients[i].name;
    if (s_.clients.size() > 8) known += " ...";
    r_.fail(node, path, "unknown client '" + name + "'; expected one of:" + known);
  }

  void readNarration(const YAML::Node& node) {
    r_.requireList(node, "narration");
    for (size_t i = 0; i < node.size(); ++i) {
      const std::string path = item("narration", i);
      const YAML::Node step = node[i];
      r_.requireKeys(step, path, kNarrationKeys);
      NarrationStep narration;
      narration.location = r_.locate(step, path);
      narration.text = r_.localizedText(required(step, "text"), child(path, "text"));
      if (step["pause"]) narration.pause = r_.boolean(step["pause"], child(path, "pause"));
      if (step["question"]) {
        // A question is asked at a stop: the class answers before the run goes on.
        if (step["pause"] && !narration.pause)
          r_.fail(step["pause"], child(path, "pause"), "a step with a question pauses");
        narration.question = readNarrationQuestion(r_, step["question"], child(path, "question"));
        narration.pause = true;
      }
      if (step["at"] && step["on"])
        r_.fail(step, path, "a narration step takes 'at' or 'on', not both");
      if (step["at"]) {
        narration.at = r_.duration(step["at"], child(path, "at"));
      } else if (step["on"]) {
        readTrigger(step["on"], child(path, "on"), narration);
      } else {
        r_.fail(step, path, "a narration step needs 'at: <time>' or 'on: <client> <event>'");
      }
      if (step["shows"]) {
        narration.claims = NarrationClaimsReader(r_, s_).read(step["shows"], child(path, "shows"));
      }
      s_.narration.push_back(narration);
    }
  }

  void readTrigger(const YAML::Node& node, const std::string& path, NarrationStep& narration) {
    // The lock and process ops a client reaches, and its session's expiry, by their trace names.
    using namespace sim;
    static const std::vector<std::string> events = {
        std::string(name(LockOp::Acquiring)),  std::string(name(LockOp::Acquired)),
        std::string(name(LockOp::Released)),   std::string(name(LockOp::TimedOut)),
        std::string(name(LockOp::Failed)),     std::string(name(LockOp::Done)),
        std::string(name(ProcessOp::Crashed)), std::string(name(ProcessOp::Paused)),
        std::string(name(ProcessOp::Resumed)), std::string(name(ProcessOp::Restarted)),
        std::string(name(SessionOp::Expired)), std::string(name(RowLockOp::Waiting)),
        std::string(name(RowLockOp::Victim)),  std::string(name(TransactionOp::SessionEnded))};
    std::istringstream words(r_.text(node, path));
    std::string who, what, extra;
    words >> who >> what >> extra;
    if (who.empty() || what.empty() || !extra.empty() ||
        std::find(events.begin(), events.end(), what) == events.end()) {
      std::string expected;
      for (const auto& event : events) expected += " " + event;
      r_.fail(node, path, "expected '<client|any> <event>' with an event among:" + expected);
    }
    narration.onClient = clientName(node, who, path, true);
    narration.onEvent = what;
  }

  void readFaults(const YAML::Node& node) {
    r_.requireList(node, "faults");
    for (size_t i = 0; i < node.size(); ++i) readFault(node[i], item("faults", i));
    std::stable_sort(s_.faults.begin(), s_.faults.end(),
                     [](const Fault& a, const Fault& b) { return a.at < b.at; });
  }

  void readFault(const YAML::Node& node, const std::string& path) {
    std::vector<std::string> allowed = {"at", "for", "applied"};
    for (const sim::FaultInfo& info : sim::kFaultKinds) allowed.push_back(info.name);
    allowed.push_back(RedisSectionReader::kClockJumpKey);
    r_.requireKeys(node, path, allowed);
    Fault fault;
    fault.location = r_.locate(node, path);
    fault.at = r_.duration(required(node, "at"), child(path, "at"));
    if (RedisSectionReader(r_, s_).readFault(node, path, fault)) return;
    int kinds = 0;
    for (const sim::FaultInfo& info : sim::kFaultKinds) {
      const std::string name = info.name;
      if (!readHere(info) || !node[name]) continue;
      ++kinds;
      const Fault::Kind kind = info.kind;
      fault.kind = kind;
      if (isServerFault(kind)) {
        fault.client = r_.text(node[name], child(path, name));
        if (!validServer(kind, fault.client)) {
          r_.fail(node[name], child(path, name),
                  kind == Fault::Kind::KillServer ? "expected 'leader' or a server number from 1"
                                                  : "expected 'killed' or a server number from 1");
        }
        continue;
      }
      fault.client = clientName(node[name], r_.text(node[name], child(path, name)),
                                child(path, name), false);
    }
    if (kinds != 1) {
      r_.fail(node, path, "a fault needs exactly one of: " + faultKindsByTarget());
    }
    if (node["applied"]) {
      if (fault.kind != Fault::Kind::LoseReply)
        r_.fail(node["applied"], child(path, "applied"), "'applied' goes with lose_reply only");
      fault.applied = r_.boolean(node["applied"], child(path, "applied"));
    }
    s_.faults.push_back(fault);
    if (!node["for"]) return;
    // pause/partition for a while: the matching resume/heal follows by itself.
    if (fault.kind != Fault::Kind::Pause && fault.kind != Fault::Kind::Partition) {
      r_.fail(node["for"], child(path, "for"), "'for' goes with pause or partition only");
    }
    Fault end = fault;
    end.kind = fault.kind == Fault::Kind::Pause ? Fault::Kind::Resume : Fault::Kind::Heal;
    end.at = fault.at + r_.duration(node["for"], child(path, "for"));
    s_.faults.push_back(end);
  }

  void readExpectations(const YAML::Node& node) {
    r_.requireMap(node, "expect");
    for (const auto& entry : node) {
      const std::string name = entry.first.Scalar();
      const std::string path = child("expect", name);
      Expectation expectation;
      expectation.name = name;
      expectation.location = r_.locate(entry.first, path);
      if (isInvariant(name)) {
        const std::string value = r_.text(entry.second, path);
        if (value != "holds" && value != "violated")
          r_.fail(entry.second, path,
                  "expected 'holds' or 'violated' for '" + path + "', got '" + value + "'");
        expectation.mustHold = value == "holds";
      } else if (isMetric(name)) {
        expectation.isInvariant = false;
        if (entry.second.IsSequence()) {  // several bounds: [">= 1800000", "<= 2600000"]
          for (size_t i = 0; i < entry.second.size(); ++i) {
            Expectation bounded = expectation;
            readBound(entry.second[i], item(path, i), bounded);
            s_.expectations.push_back(bounded);
          }
          continue;
        }
        readBound(entry.second, path, expectation);
      } else {
        std::string expected;
        for (const auto& invariant : checkers::invariantNames())
          expected += std::string(" ") + invariant.name;
        for (const auto& metric : checkers::kMetrics) expected += std::string(" ") + metric.name;
        r_.fail(entry.first, path,
                "unknown expectation '" + name + "'; expected one of:" + expected);
      }
      s_.expectations.push_back(expectation);
    }
  }

  static bool isInvariant(const std::string& name) {
    for (const auto& invariant : checkers::invariantNames()) {
      if (name == invariant.name) return true;
    }
    return false;
  }
  static bool isMetric(const std::string& name) { return checkers::isMetricName(name); }

  void readBound(const YAML::Node& node, const std::string& path, Expectation& expectation) {
    r_.bound(node, path, expectation.comparison, expectation.bound);
  }

  const YamlReader& r_;
  Scenario& s_;
  ClientDefaults defaults_;
  std::set<std::string> clientNames_;
};

// Writes each override into the document, creating maps on the way.
std::set<std::string> applyOverrides(YAML::Node& root, const std::vector<Override>& overrides) {
  std::set<std::string> paths;
  for (const Override& override : overrides) {
    std::vector<std::string> keys;
    std::stringstream split(override.key);
    for (std::string key; std::getline(split, key, '.');) keys.push_back(key);
    YAML::Node parsed;
    try {
      parsed = YAML::Load(override.value);
    } catch (const YAML::Exception& error) {
      throw ScenarioError("--set " + override.key + ": cannot read '" + override.value +
                          "': " + error.msg);
    }
    YAML::Node target = root;
    for (size_t i = 0; i + 1 < keys.size(); ++i) {
      if (!target[keys[i]] || !target[keys[i]].IsMap())
        target[keys[i]] = YAML::Node(YAML::NodeType::Map);
      target.reset(target[keys[i]]);
    }
    target[keys.back()] = parsed;
    paths.insert(override.key);
  }
  return paths;
}

LoadResult load(const std::function<YAML::Node()>& parse, const std::string& name,
                const std::vector<Override>& overrides) {
  LoadResult result;
  try {
    for (const Override& override : overrides)
      requireUtf8(override.key + "=" + override.value, "--set");
    YAML::Node root = parse();
    requireUniqueKeys(root, name);
    if (!root.IsMap())
      throw ScenarioError(
          name + ":1:1: expected a scenario (a mapping of keys such as title, recipe, clients)");
    // A file none of whose keys is a scenario's (a password file, a config) is not quoted back:
    // its first "unknown key" would be a line of it.
    const bool anyScenarioKey = std::any_of(root.begin(), root.end(), [](const auto& entry) {
      return entry.first.IsScalar() &&
             std::find(kTopKeys.begin(), kTopKeys.end(), entry.first.Scalar()) != kTopKeys.end();
    });
    if (!anyScenarioKey && root.size() > 0) {
      throw ScenarioError(
          name +
          ":1:1: expected a scenario (a mapping of keys such as title, recipe, clients); "
          "none of this file's keys is one");
    }
    const std::set<std::string> overridden = applyOverrides(root, overrides);
    YamlReader reader(name, overridden);
    Scenario scenario;
    scenario.file = name;
    SchemaReader(reader, scenario).read(root);
    result.scenario = std::move(scenario);
  } catch (const YAML::ParserException& error) {
    result.error = name + ":" + std::to_string(error.mark.line + 1) + ":" +
                   std::to_string(error.mark.column + 1) + ": " + error.msg;
  } catch (const ScenarioError& error) {
    result.error = error.what();
  } catch (const YAML::Exception& error) {
    result.error = name + ": " + error.msg;
  }
  result.error = singleLine(result.error);
  return result;
}

}  // namespace

bool parseOverride(const std::string& argument, Override& out) {
  const size_t equals = argument.find('=');
  if (equals == std::string::npos || equals == 0) return false;
  out.key = argument.substr(0, equals);
  out.value = argument.substr(equals + 1);
  return true;
}

LoadResult loadScenarioFile(const std::string& path, const std::vector<Override>& overrides) {
  std::string text;
  try {
    text = readScenarioBytes(path);
  } catch (const ScenarioError& error) {
    return LoadResult{std::nullopt, singleLine(error.what())};
  }
  return loadScenarioText(text, path, overrides);
}

LoadResult loadScenarioText(const std::string& text, const std::string& name,
                            const std::vector<Override>& overrides) {
  return load(
      [&text, &name] {
        requireUtf8(text, name);
        return parseSingleDocument(text, name);
      },
      name, overrides);
}

}  // namespace lockscope::scenario
