#include "report_json.h"

#include <nlohmann/json.hpp>

namespace lockscope::cli {

std::string reportJson(const run::RunReport& report, const RunCost& cost,
                       const std::vector<checkers::CausalSlice>* slices) {
  using nlohmann::ordered_json;
  const auto& metrics = report.verdict.metrics;
  const auto metric = [&report](checkers::Metric which) { return report.verdict.metric(which); };
  ordered_json violations = ordered_json::array();
  for (size_t index = 0; index < report.verdict.violations.size(); ++index) {
    const auto& violation = report.verdict.violations[index];
    violations.push_back({{"kind", violation.kind},
                          {"time_us", violation.time},
                          {"until_us", violation.until},
                          {"clients", violation.clients},
                          {"detail", violation.detail}});
    if (slices) violations.back()["slice"] = (*slices)[index].events;
  }
  // Linearizability of each lock's history (sim/checkers/lock_history.h): a second opinion.
  const auto& linear = report.verdict.linearizability;
  static constexpr const char* kOutcomes[] = {"not_checked", "linearizable", "not_linearizable",
                                              "undecided"};
  ordered_json witness = ordered_json::array();
  for (const auto& op : linear.witness) {
    witness.push_back(
        {{"op", op.op},
         {"client", op.client},
         {"mode", op.mode},
         {"invoked_us", op.invoked},
         {"returned_us", op.pending ? ordered_json(nullptr) : ordered_json(op.returned)}});
  }
  const ordered_json linearizability = {{"outcome", kOutcomes[static_cast<size_t>(linear.outcome)]},
                                        {"locks", linear.locks},
                                        {"operations", linear.operations},
                                        {"lock", linear.lock},
                                        {"witness", witness}};
  ordered_json metricObject = ordered_json::object();
  for (const auto& [name, value] : metrics) metricObject[name] = value;

  ordered_json json = {
      {"scenario", report.scenario},
      {"title", report.title.en},  // a contract: English whatever the lesson speaks
      {"seed", report.seed},
      {"recipe", report.recipe},
      {"backend", report.backend},
      {"clients", report.clients},
      {"acquisitions", static_cast<int64_t>(metric(checkers::Metric::Acquisitions))},
      {"requests", static_cast<int64_t>(metric(checkers::Metric::Requests))},
      {"notifications", static_cast<int64_t>(metric(checkers::Metric::Notifications))},
      {"notifications_per_release", metric(checkers::Metric::NotificationsPerRelease)},
      {"max_holders", static_cast<int64_t>(metric(checkers::Metric::MaxHolders))},
      {"violations", violations},
      {"stuck_clients", report.verdict.stuckClients},
      {"linearizability", linearizability},
      {"leaked_watches", static_cast<int64_t>(metric(checkers::Metric::LeakedWatches))},
      {"events", report.events},
      {"virtual_us", report.virtualTime},
      {"wall_ms", cost.wallMs},
      {"peak_rss_kb", cost.peakRssKb},
      {"trace_sha256", report.traceSha256},
      {"end_reason", report.endReason},
      {"passed", report.passed()},
      {"unmet_expectations", report.unmetExpectations},
      {"metrics", metricObject},
  };
  // Text the loader did not check (a live server's reply, a recipe's detail) may hold invalid
  // UTF-8: replace it with U+FFFD rather than throw.
  return json.dump(2, ' ', false, ordered_json::error_handler_t::replace);
}

}  // namespace lockscope::cli
