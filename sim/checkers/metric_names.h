// Every metric a verdict carries (RunVerdict::metrics), in one table: the checkers set them by
// enum, the loader accepts exactly these names in `expect:`, the reports print them, and
// docs/scenario-format.md lists them (tst_checkers holds all four to this table).
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace lockscope::checkers {

enum class Metric {
  Acquisitions,
  Releases,
  Requests,
  Notifications,
  NotificationsPerRelease,
  NotificationsPerAcquisition,
  RequestsPerAcquisition,
  RequestsPerRelease,
  Handoffs,
  HandoffMeanUs,
  HandoffP99Us,
  HandoffMaxUs,
  HolderCrashes,
  Recoveries,
  RecoverMeanUs,
  RecoverMaxUs,
  MaxHolders,
  Timeouts,
  Failures,
  ResourceWrites,
  RejectedWrites,
  LostUpdates,
  LeakedWatches,
  StuckClients,
  DeadlockVictims,
  CacheMissedVersions,
};

struct MetricInfo {
  Metric metric;
  const char* name;     // in `expect:`, `--json` and the verdict
  const char* meaning;  // one line, for the docs
};

// In the enum's order (checked below), so a metric's row is found by its value.
inline constexpr std::array kMetrics = {
    MetricInfo{Metric::Acquisitions, "acquisitions",
               "`acquired` lock events (nested ones included)"},
    MetricInfo{Metric::Releases, "releases", "`released` lock events"},
    MetricInfo{Metric::Requests, "requests", "requests the clients sent"},
    MetricInfo{Metric::Notifications, "notifications", "watch notifications delivered"},
    MetricInfo{Metric::NotificationsPerRelease, "notifications_per_release",
               "notifications / releases"},
    MetricInfo{Metric::NotificationsPerAcquisition, "notifications_per_acquisition",
               "notifications / acquisitions"},
    MetricInfo{Metric::RequestsPerAcquisition, "requests_per_acquisition",
               "requests / acquisitions"},
    MetricInfo{Metric::RequestsPerRelease, "requests_per_release", "requests / releases"},
    MetricInfo{Metric::Handoffs, "handoffs",
               "times the lock went free and another client took it next"},
    MetricInfo{Metric::HandoffMeanUs, "handoff_mean_us",
               "mean time from the lock going free (its last holder releasing) to the next hold"},
    MetricInfo{Metric::HandoffP99Us, "handoff_p99_us", "99th percentile of that time"},
    MetricInfo{Metric::HandoffMaxUs, "handoff_max_us", "longest such time"},
    MetricInfo{Metric::HolderCrashes, "holder_crashes", "holders that crashed while holding"},
    MetricInfo{Metric::Recoveries, "recoveries",
               "holder crashes followed by a new hold (by anyone)"},
    MetricInfo{Metric::RecoverMeanUs, "recover_mean_us",
               "mean time from a holder's crash to the next hold"},
    MetricInfo{Metric::RecoverMaxUs, "recover_max_us", "longest such time"},
    MetricInfo{Metric::MaxHolders, "max_holders",
               "most clients holding the lock at once (readers count)"},
    MetricInfo{Metric::Timeouts, "timeouts",
               "`timed_out` lock events: acquisitions that gave up at their deadline"},
    MetricInfo{Metric::Failures, "failures", "`failed` lock events"},
    MetricInfo{Metric::ResourceWrites, "resource_writes", "writes to the protected resource"},
    MetricInfo{Metric::RejectedWrites, "rejected_writes",
               "writes the resource refused (a stale fencing token)"},
    MetricInfo{Metric::LostUpdates, "lost_updates",
               "writes that overwrote another holder's update unseen"},
    MetricInfo{Metric::LeakedWatches, "leaked_watches", "watches still armed at the end"},
    MetricInfo{Metric::StuckClients, "stuck_clients", "clients that never finished"},
    MetricInfo{Metric::DeadlockVictims, "deadlock_victims",
               "statements a database failed to break a deadlock (`wait_cycle` violations)"},
    MetricInfo{Metric::CacheMissedVersions, "cache_missed_versions",
               "versions of a cached znode (its data, or its children) that a client's cache "
               "skipped: changed again before the cache re-read it"},
};

constexpr bool metricsInEnumOrder() {
  for (size_t i = 0; i < kMetrics.size(); ++i) {
    if (static_cast<size_t>(kMetrics[i].metric) != i) return false;
  }
  return true;
}
static_assert(metricsInEnumOrder() &&
              kMetrics.size() == static_cast<size_t>(Metric::CacheMissedVersions) + 1);

constexpr const char* metricName(Metric metric) {
  return kMetrics[static_cast<size_t>(metric)].name;
}

inline bool isMetricName(std::string_view name) {
  for (const MetricInfo& info : kMetrics) {
    if (name == info.name) return true;
  }
  return false;
}

// Invariants a scenario can expect to hold or be violated, and the violation kind behind each.
struct InvariantName {
  const char* name;
  const char* violationKind;
};
inline const std::vector<InvariantName>& invariantNames() {
  static const std::vector<InvariantName> names = {
      {"mutual_exclusion", "mutual_exclusion"},
      {"no_lost_updates", "lost_update"},
      {"fifo", "fifo"},
      {"no_stuck_clients", "stuck"},
      {"no_deadlock", "deadlock"},
      {"no_leaked_watches", "leaked_watch"},
      {"no_wait_cycles", "wait_cycle"},
  };
  return names;
}

}  // namespace lockscope::checkers
