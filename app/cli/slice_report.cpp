#include "slice_report.h"

#include <sstream>

namespace lockscope::cli {
namespace {

std::vector<sim::TraceEvent> views(const std::vector<sim::RecordedEvent>& events) {
  std::vector<sim::TraceEvent> out;
  out.reserve(events.size());
  for (const sim::RecordedEvent& event : events) out.push_back(event.view());
  return out;
}

}  // namespace

std::vector<checkers::CausalSlice> violationSlices(const run::RunReport& report,
                                                   const std::vector<sim::RecordedEvent>& events) {
  const std::vector<sim::TraceEvent> trace = views(events);
  const checkers::CausalGraph graph(trace);
  std::vector<checkers::CausalSlice> slices;
  for (const checkers::Violation& violation : report.verdict.violations)
    slices.push_back(graph.sliceOf(violation));
  return slices;
}

std::string sliceText(const run::RunReport& report, const std::vector<sim::RecordedEvent>& events,
                      const std::vector<checkers::CausalSlice>& slices) {
  const std::vector<sim::TraceEvent> trace = views(events);
  std::ostringstream out;
  constexpr size_t kShown = 20;  // as the report lists violations; the JSON report has them all
  for (size_t index = 0; index < slices.size() && index < kShown; ++index) {
    out << "  slice of " << report.verdict.violations[index].kind << ": "
        << checkers::sliceSummary(trace, slices[index], report.origin) << "\n";
    for (size_t event : slices[index].events)
      out << "    " << checkers::sliceEventLine(trace[event], report.origin) << "\n";
  }
  if (slices.size() > kShown) out << "  ... and " << slices.size() - kShown << " more slices\n";
  return out.str();
}

}  // namespace lockscope::cli
