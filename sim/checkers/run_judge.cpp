#include "run_judge.h"

#include <algorithm>

#include "cache_gaps.h"
#include "client_names.h"
#include "fifo_checker.h"
#include "liveness_checker.h"
#include "lock_history.h"
#include "lock_holders.h"
#include "lost_update_checker.h"
#include "metric_names.h"
#include "mutual_exclusion_checker.h"
#include "run_metrics.h"
#include "session_directory.h"
#include "wait_cycle_checker.h"
#include "watch_ledger.h"

namespace lockscope::checkers {
namespace {

// Events whose actor some checker needs to know as a client; requests, replies other than
// creates, watch traffic and steps (most of a trace) are counted or read without it.
bool namesAClient(const sim::TraceEvent& event) {
  switch (event.kind) {
    case sim::TraceKind::Lock:
    case sim::TraceKind::Process:
    case sim::TraceKind::Resource: return true;
    case sim::TraceKind::Note: return event.op == sim::NoteOp::Cache;
    case sim::TraceKind::SessionState: return !isServer(event);
    case sim::TraceKind::Reply: return event.op == sim::ZooKeeperOp::Create;
    default: return false;
  }
}

}  // namespace

struct RunJudge::State {
  explicit State(JudgeOptions judgeOptions)
      : options(judgeOptions),
        fifo(sessions, names),
        watches(sessions, names),
        histories(judgeOptions.lockPathsOfClient) {}

  JudgeOptions options;
  ClientNames names;
  SessionDirectory sessions;
  LockHolders holders;
  MutualExclusionChecker mutualExclusion;
  LostUpdateChecker lostUpdates;
  FifoChecker fifo;
  LivenessChecker liveness;
  WatchLedger watches;
  WaitCycleChecker waitCycles;
  CacheGaps caches;
  RunMetrics metrics;
  LockHistories histories;  // linearizability, when the recipe excludes
  // With lockPathsOfClient: who holds each lock path, and its overlaps.
  struct PathJudge {
    LockHolders holders;
    MutualExclusionChecker mutualExclusion;
  };
  std::map<std::string, PathJudge> paths;

  // Hands a lock or process event of `actor` to the judges of the paths it locks.
  void judgeByPath(const sim::TraceEvent& event, ClientId actor) {
    const auto locked = options.lockPathsOfClient.find(names.name(actor));
    if (locked == options.lockPathsOfClient.end()) return;
    for (const std::string& path : locked->second) {
      PathJudge& judge = paths[path];
      if (judge.holders.onEvent(event, actor).kind != HoldChange::Kind::None) {
        judge.mutualExclusion.onChange(judge.holders, names, event.time);
      }
    }
  }
};

RunJudge::RunJudge(JudgeOptions options) : state_(std::make_unique<State>(options)) {}

RunJudge::~RunJudge() = default;

void RunJudge::onEvent(const sim::TraceEvent& event) {
  State& s = *state_;
  const ClientId actor = namesAClient(event) ? s.names.intern(event.actor) : kNoClient;
  s.sessions.onEvent(event, actor, s.names);
  const HoldChange change = s.holders.onEvent(event, actor);
  const bool byPath = !s.options.lockPathsOfClient.empty();
  if (change.kind != HoldChange::Kind::None) {
    if (!byPath && s.options.exclusive) s.mutualExclusion.onChange(s.holders, s.names, event.time);
    s.metrics.onChange(change, s.holders, event.time);
  }
  if (byPath && actor != kNoClient &&
      (event.kind == sim::TraceKind::Lock || event.kind == sim::TraceKind::Process)) {
    s.judgeByPath(event, actor);
  }
  if (s.options.exclusive) s.histories.onEvent(event, actor, s.names);
  if (s.options.fairRecipe) s.fifo.onEvent(event, actor, change);
  s.lostUpdates.onEvent(event, actor, s.names);
  s.liveness.onEvent(event, actor);
  s.watches.onEvent(event, actor);
  s.waitCycles.onEvent(event);
  s.caches.onEvent(event, actor);
  s.metrics.onEvent(event);
}

RunVerdict RunJudge::finish(sim::Micros endTime) {
  State& s = *state_;
  RunVerdict verdict;
  if (s.options.exclusive) verdict.linearizability = s.histories.finish(s.names);
  s.mutualExclusion.finish(verdict.violations);
  for (const auto& [path, judge] : s.paths) judge.mutualExclusion.finish(verdict.violations);
  s.lostUpdates.finish(verdict.violations);
  s.fifo.finish(verdict.violations);
  s.liveness.finish(endTime, s.holders, s.names, verdict);
  s.watches.finish(verdict.violations);
  s.waitCycles.finish(verdict.violations);
  std::stable_sort(verdict.violations.begin(), verdict.violations.end(),
                   [](const Violation& a, const Violation& b) {
                     return a.time != b.time ? a.time < b.time : a.kind < b.kind;
                   });

  s.metrics.finish(verdict.metrics);
  verdict.metrics[metricName(Metric::ResourceWrites)] = static_cast<double>(s.lostUpdates.writes());
  verdict.metrics[metricName(Metric::RejectedWrites)] = static_cast<double>(
      s.lostUpdates.rejectedWrites());
  verdict.metrics[metricName(Metric::LostUpdates)] = static_cast<double>(
      s.lostUpdates.lostUpdates());
  verdict.metrics[metricName(Metric::LeakedWatches)] = static_cast<double>(s.watches.leaked());
  verdict.metrics[metricName(Metric::StuckClients)] = static_cast<double>(
      verdict.stuckClients.size());
  verdict.metrics[metricName(Metric::DeadlockVictims)] = static_cast<double>(
      s.waitCycles.victims());
  verdict.metrics[metricName(Metric::CacheMissedVersions)] = static_cast<double>(
      s.caches.missedVersions());
  return verdict;
}

}  // namespace lockscope::checkers
