#include "run_metrics.h"

#include "metric_names.h"

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
      if (event.op == sim::LockOp::Acquired) ++acquisitions_;
      if (event.op == sim::LockOp::Released) ++releases_;
      if (event.op == sim::LockOp::TimedOut) ++timeouts_;
      if (event.op == sim::LockOp::Failed) ++failures_;
      break;
    default: break;
  }
}

void RunMetrics::onChange(const HoldChange& change, const LockHolders& holders, sim::Micros time) {
  if (const auto handoff = handoffs_.onChange(change, holders, time)) handoff_.add(*handoff);
  if (change.kind == HoldChange::Kind::Started) {
    maxHolders_ = std::max(maxHolders_, holders.holderCount());
    for (const sim::Micros crashed : crashes_) recover_.add(time - crashed);
    crashes_.clear();
  } else if (change.kind == HoldChange::Kind::Ended && change.byCrash) {
    ++holderCrashes_;
    crashes_.push_back(time);
  }
}

void RunMetrics::finish(std::map<std::string, double>& metrics) const {
  auto set = [&metrics](Metric metric, double value) { metrics[metricName(metric)] = value; };
  set(Metric::Acquisitions, static_cast<double>(acquisitions_));
  set(Metric::Releases, static_cast<double>(releases_));
  set(Metric::Requests, static_cast<double>(requests_));
  set(Metric::Notifications, static_cast<double>(notifications_));
  set(Metric::NotificationsPerRelease, ratio(notifications_, releases_));
  set(Metric::NotificationsPerAcquisition, ratio(notifications_, acquisitions_));
  set(Metric::RequestsPerAcquisition, ratio(requests_, acquisitions_));
  set(Metric::RequestsPerRelease, ratio(requests_, releases_));
  set(Metric::Handoffs, static_cast<double>(handoff_.count()));
  set(Metric::HandoffMeanUs, handoff_.mean());
  set(Metric::HandoffP99Us, static_cast<double>(handoff_.percentile(99)));
  set(Metric::HandoffMaxUs, static_cast<double>(handoff_.max()));
  set(Metric::HolderCrashes, static_cast<double>(holderCrashes_));
  set(Metric::Recoveries, static_cast<double>(recover_.count()));
  set(Metric::RecoverMeanUs, recover_.mean());
  set(Metric::RecoverMaxUs, static_cast<double>(recover_.max()));
  set(Metric::MaxHolders, static_cast<double>(maxHolders_));
  set(Metric::Timeouts, static_cast<double>(timeouts_));
  set(Metric::Failures, static_cast<double>(failures_));
}

}  // namespace lockscope::checkers
