#include "redis_console_world.h"

#include <algorithm>
#include <limits>
#include <utility>
#include <vector>

#include "app/cli/redis_shell.h"
#include "backends/model/redis/command_executor.h"

namespace lockscope::gui {
namespace {

using redis::model::kNoExpiry;
using redis::model::StoredValue;

// The first millisecond a key with an expiry is gone in: Redis' test is "now > when".
int64_t goneAt(const StoredValue& value) { return value.expiresAtMs + 1; }
bool liveAt(const StoredValue& value, int64_t modelMs) {
  return value.expiresAtMs == kNoExpiry || modelMs < goneAt(value);
}

bool sameValue(const StoredValue& one, const StoredValue& other) {
  return one.isHash == other.isHash && one.text == other.text && one.fields == other.fields;
}

// Why a key changed, in the words the model's instances trace it with: only its TTL, a counter,
// a hash's counter, or a write.
sim::KeyChangedOp causeOf(const std::string& command, const StoredValue* before,
                          const StoredValue& after) {
  if (before && sameValue(*before, after)) return sim::KeyChangedOp::PExpire;
  if (command == "INCR" || command == "INCRBY" || command == "DECR" || command == "DECRBY")
    return sim::KeyChangedOp::Incr;
  if (command == "HINCRBY") return sim::KeyChangedOp::HIncrBy;
  return sim::KeyChangedOp::Set;
}

sim::TraceEvent deletion(const std::string& key, sim::KeyDeletedOp cause, int64_t offset) {
  return {.kind = sim::TraceKind::KeyDeleted,
          .actor = cli::kModelRedisAddress,
          .op = cause,
          .path = key,
          .zxid = offset};
}

// The keys whose expiry comes by `modelMs`, with its moment, in the order they go.
std::vector<std::pair<int64_t, std::string>> expiringBy(
    const std::map<std::string, StoredValue, std::less<>>& keys, int64_t modelMs) {
  std::vector<std::pair<int64_t, std::string>> due;
  for (const auto& [key, value] : keys) {
    if (value.expiresAtMs != kNoExpiry && goneAt(value) <= modelMs)
      due.emplace_back(goneAt(value), key);
  }
  std::sort(due.begin(), due.end());
  return due;
}

std::string joined(const redis::Command& argv) {
  std::string text;
  for (const std::string& word : argv) text += (text.empty() ? "" : " ") + word;
  return text;
}

}  // namespace

RedisConsoleWorld::RedisConsoleWorld()
    : startMs_(model_.nowMs()), requests_(world_, cli::kModelRedisAddress, kClient) {
  world_.trace().addSink(&trace_);
  // The instance, its clock reading Unix milliseconds as the model's does.
  world_.record({.kind = sim::TraceKind::RedisInstance,
                 .actor = cli::kModelRedisAddress,
                 .op = sim::RedisInstanceOp::Up,
                 .value = "master",
                 .request = startMs_});
}

std::string RedisConsoleWorld::execute(const std::string& line) {
  quit_ = !cli::runRedisShellLine(line, output_,
                                  [this](const redis::Command& argv) { return send(argv); });
  std::string printed = output_.str();
  output_.str({});
  return printed;
}

std::string RedisConsoleWorld::prompt() const { return cli::redisPrompt(cli::kModelRedisAddress); }

std::vector<std::string> RedisConsoleWorld::scriptLines(const std::string& text) const {
  // As the shell's loop reads them (std::getline): a '\r' stays in its line, a blank to redis-cli.
  return splitScriptLines(text, false);
}

redis::Reply RedisConsoleWorld::send(const redis::Command& argv) {
  const redis::Reply reply = model_.execute(argv);
  // No reply to print (`WAIT 1 0` would block a server forever): the shell says why on stderr,
  // the console in its transcript.
  if (reply.failed()) output_ << reply.text << "\n";
  // The command, its effects and its reply at one instant, once it has run: the model answered
  // it at its own reading of the clock, within this millisecond or the one before.
  const int64_t modelMs = model_.nowMs();
  moveTo(modelMs);
  redis::Command named = argv;
  named.front() = redis::model::upperCase(named.front());
  if (redis::RedisRequestLog::traced(named)) {
    const int64_t request = requests_.begin(named, [](const redis::Reply&) {});
    recordChanges(named, modelMs);
    requests_.finish(request, reply);
  } else {
    recordChanges(named, modelMs);
    world_.record({.kind = sim::TraceKind::Note,
                   .actor = kClient,
                   .detail = joined(argv) + " \u2192 " + reply.describe()});
  }
  return reply;
}

void RedisConsoleWorld::moveTo(int64_t modelMs) {
  for (const auto& [at, key] : expiringBy(shown_, modelMs)) {
    world_.runUntilTime(virtualTime(at));
    world_.record(deletion(key, sim::KeyDeletedOp::Expired, ++offset_));
    shown_.erase(key);
  }
  world_.runUntilTime(virtualTime(modelMs));
}

void RedisConsoleWorld::recordChanges(const redis::Command& argv, int64_t modelMs) {
  Keys live;
  for (const auto& [key, value] : model_.keys().keys()) {
    if (liveAt(value, modelMs)) live.emplace(key, value);
  }
  for (const auto& [key, value] : shown_) {
    if (!live.count(key)) world_.record(deletion(key, sim::KeyDeletedOp::Del, ++offset_));
  }
  for (const auto& [key, value] : live) {
    const auto shown = shown_.find(key);
    const StoredValue* before = shown == shown_.end() ? nullptr : &shown->second;
    if (before && sameValue(*before, value) && before->expiresAtMs == value.expiresAtMs) continue;
    world_.record({.kind = sim::TraceKind::KeyChanged,
                   .actor = cli::kModelRedisAddress,
                   .op = causeOf(argv.front(), before, value),
                   .path = key,
                   .value = value.describe(),
                   .zxid = ++offset_,
                   .request = value.expiresAtMs == kNoExpiry ? -1 : value.expiresAtMs - modelMs});
  }
  shown_ = std::move(live);
}

sim::Micros RedisConsoleWorld::virtualTime(int64_t modelMs) const {
  return sim::fromMillis(modelMs - startMs_);
}

std::unique_ptr<RunTimeline> RedisConsoleWorld::timeline() const {
  // What has happened, then each key's expiry as it will happen if nothing is typed first.
  RecordedTrace foreseen = trace_;
  int64_t offset = offset_;
  for (const auto& [at, key] : expiringBy(shown_, std::numeric_limits<int64_t>::max())) {
    sim::TraceEvent expiry = deletion(key, sim::KeyDeletedOp::Expired, ++offset);
    expiry.time = virtualTime(at);
    foreseen.onEvent(expiry);
  }
  clients::ClientSpec client;
  client.name = kClient;
  scenario::Scenario scenario = consoleScenario(ConsoleKind::Redis, {client});
  // Its clock is real time: played at one second a second, no quiet stretch skipped.
  scenario.pacing = {.msPerSecond = 1000, .timeLens = false};
  return RunTimeline::fromTrace(scenario, foreseen, now());
}

}  // namespace lockscope::gui
