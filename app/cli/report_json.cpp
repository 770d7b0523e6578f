#include "report_json.h"

#include <nlohmann/json.hpp>

namespace lockscope::cli {

std::string reportJson(const run::RunReport& report, double wallMs) {
  using nlohmann::ordered_json;
  const auto& metrics = report.verdict.metrics;
  const auto metric = [&metrics](const char* name) {
    const auto found = metrics.find(name);
    return found == metrics.end() ? 0.0 : found->second;
  };
  ordered_json violations = ordered_json::array();
  for (const auto& violation : report.verdict.violations) {
    violations.push_back({{"kind", violation.kind},
                          {"time_us", violation.time},
                          {"until_us", violation.until},
                          {"clients", violation.clients},
                          {"detail", violation.detail}});
  }
  ordered_json metricObject = ordered_json::object();
  for (const auto& [name, value] : metrics) metricObject[name] = value;

  ordered_json json = {
      {"scenario", report.scenario},
      {"title", report.title},
      {"seed", report.seed},
      {"recipe", report.recipe},
      {"backend", report.backend},
      {"clients", report.clients},
      {"acquisitions", static_cast<int64_t>(metric("acquisitions"))},
      {"requests", static_cast<int64_t>(metric("requests"))},
      {"notifications", static_cast<int64_t>(metric("notifications"))},
      {"notifications_per_release", metric("notifications_per_release")},
      {"max_holders", static_cast<int64_t>(metric("max_holders"))},
      {"violations", violations},
      {"stuck_clients", report.verdict.stuckClients},
      {"leaked_watches", static_cast<int64_t>(metric("leaked_watches"))},
      {"events", report.events},
      {"virtual_us", report.virtualTime},
      {"wall_ms", wallMs},
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
