#include "run_metrics.h"

#include <algorithm>

namespace lockscope::checkers {
namespace {

double ratio(int64_t count, int64_t per) {
  return per == 0 ? 0.0 : static_cast<double>(count) / static_cast<double>(per);
}

}  // namespace

void RunMetrics::onEvent(const sim::TraceEvent& event) {
  switch (event.kind) {
    case sim::TraceKind::Request: ++requests_; break;
    case sim::TraceKind::WatchDelivered: ++notifications_; break;
    case sim::TraceKind::Lock:
      if (event.op == "acquired") ++acquisitions_;
      if (event.op == "released") ++releases_;
      if (event.op == "timed_out") ++timeouts_;
      if (event.op == "failed") ++failures_;
      break;
    default: break;
  }
}

void RunMetrics::onChange(const HoldChange& change, const LockHolders& holders, sim::Micros time) {
  if (change.kind == HoldChange::Kind::Started) {
    maxHolders_ = std::max(maxHolders_, holders.holderCount());
    if (free_ && free_->client != change.client) handoff_.add(time - free_->time);
    free_.reset();
    for (const sim::Micros crashed : crashes_) recover_.add(time - crashed);
    crashes_.clear();
  } else if (change.kind == HoldChange::Kind::Ended) {
    if (change.byCrash) {
      ++holderCrashes_;
      crashes_.push_back(time);
    } else if (holders.holderCount() == 0) {
      free_ = Release{change.client, time};
    }
  }
}

void RunMetrics::finish(std::map<std::string, double>& metrics) const {
  auto set = [&metrics](const char* name, double value) { metrics[name] = value; };
  set("acquisitions", static_cast<double>(acquisitions_));
  set("releases", static_cast<double>(releases_));
  set("requests", static_cast<double>(requests_));
  set("notifications", static_cast<double>(notifications_));
  set("notifications_per_release", ratio(notifications_, releases_));
  set("notifications_per_acquisition", ratio(notifications_, acquisitions_));
  set("requests_per_acquisition", ratio(requests_, acquisitions_));
  set("requests_per_release", ratio(requests_, releases_));
  set("handoffs", static_cast<double>(handoff_.count()));
  set("handoff_mean_us", handoff_.mean());
  set("handoff_p99_us", static_cast<double>(handoff_.percentile(99)));
  set("handoff_max_us", static_cast<double>(handoff_.max()));
  set("holder_crashes", static_cast<double>(holderCrashes_));
  set("recoveries", static_cast<double>(recover_.count()));
  set("recover_mean_us", recover_.mean());
  set("recover_max_us", static_cast<double>(recover_.max()));
  set("max_holders", static_cast<double>(maxHolders_));
  set("timeouts", static_cast<double>(timeouts_));
  set("failures", static_cast<double>(failures_));
}

}  // namespace lockscope::checkers
