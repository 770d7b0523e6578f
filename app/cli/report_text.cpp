#include "report_text.h"

#include <cstdio>
#include <sstream>

namespace lockscope::cli {
namespace {

std::string fixed(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return buffer;
}

std::string millis(double micros) { return fixed(micros / 1000.0, 1) + " ms"; }

// A right-aligned "  123.4 ms" column for the narration.
constexpr size_t kStampWidth = 10;
std::string stamp(sim::Micros micros) {
  std::string text = millis(static_cast<double>(micros));
  if (text.size() < kStampWidth) text.insert(0, kStampWidth - text.size(), ' ');
  return text;
}

// "acquire c1 [12.0 ms, 14.1 ms]" (the mode too when it is not exclusive).
std::string witnessOp(const checkers::WitnessOp& op, sim::Micros origin) {
  std::string text = op.op + (op.mode == "exclusive" ? "" : " " + op.mode) + " " + op.client +
                     " [" + millis(static_cast<double>(op.invoked - origin)) + ", ";
  return text +
         (op.pending ? "never returned" : millis(static_cast<double>(op.returned - origin))) + "]";
}

// "linearizability: 2 locks, 412 operations, linearizable", or the witness when not.
std::string linearizabilityLine(const checkers::LinearizabilityVerdict& verdict,
                                sim::Micros origin) {
  using Outcome = checkers::LinearizabilityVerdict::Outcome;
  if (verdict.operations == 0) return "linearizability: no lock operations (nobody acquired)";
  std::string line = "linearizability: " + std::to_string(verdict.locks) +
                     (verdict.locks == 1 ? " lock, " : " locks, ") +
                     std::to_string(verdict.operations) + " operations, ";
  if (verdict.outcome == Outcome::Linearizable) return line + "linearizable";
  if (verdict.outcome == Outcome::Undecided) return line + "undecided (search budget spent)";
  line += "not linearizable";
  if (!verdict.lock.empty()) line += " on " + verdict.lock;
  line += ": witness ";
  bool onlyAcquires = true;
  for (size_t index = 0; index < verdict.witness.size(); ++index) {
    line += (index ? ", " : "") + witnessOp(verdict.witness[index], origin);
    onlyAcquires = onlyAcquires && verdict.witness[index].op == "acquire";
  }
  // Overlapping holds: say what is missing between them.
  if (onlyAcquires && verdict.witness.size() >= 2)
    line += " with no release of " + verdict.witness.front().client + " between";
  return line;
}

}  // namespace

std::string reproduceCommand(const run::RunReport& report,
                             const std::vector<scenario::Override>& overrides,
                             const std::string& live) {
  std::string command = "lockscope-cli run " + report.scenario;
  for (const auto& override : overrides) {
    if (override.key != "seed") command += " --set '" + override.key + "=" + override.value + "'";
  }
  if (!live.empty()) command += " --live " + live;  // the same servers, not the model
  return command + " --seed " + std::to_string(report.seed);
}

std::string reportText(const run::RunReport& report) {
  const auto metric = [&report](checkers::Metric which) { return report.verdict.metric(which); };
  std::ostringstream out;
  // The CLI speaks English (it has no language of its own): the lessons' English text.
  out << report.title.en << "\n";
  for (const auto& moment : report.narration) {
    // Narration is prose with line breaks; indent it under its moment.
    std::string text = moment.text.en;
    while (!text.empty() && text.back() == '\n') text.pop_back();
    const std::string indent(kStampWidth + 4, ' ');  // under the text
    for (size_t at = text.find('\n'); at != std::string::npos; at = text.find('\n', at + 1)) {
      text.replace(at, 1, "\n" + indent);
    }
    out << "  " << stamp(moment.time - report.origin) << "  " << text << "\n";
    // A report is read after the run: the question comes with its answer marked.
    if (const auto& question = moment.question) {
      out << indent << "? " << question->ask.en << "\n";
      for (size_t answer = 0; answer < question->answers.size(); ++answer) {
        out << indent << "  " << answer + 1 << ". " << question->answers[answer].en
            << (answer == question->right ? "  (right)" : "") << "\n";
      }
    }
  }
  out << "  recipe " << report.recipe << ", " << report.clients << " clients, seed " << report.seed
      << ", " << report.backend << "\n";
  out << "  ended " << millis(static_cast<double>(report.virtualTime - report.origin))
      << " after the clients started (" << report.endReason << "), " << report.events
      << " events\n";
  out << "  acquisitions " << metric(checkers::Metric::Acquisitions) << ", releases "
      << metric(checkers::Metric::Releases) << ", requests " << metric(checkers::Metric::Requests)
      << ", notifications " << metric(checkers::Metric::Notifications) << "\n";
  out << "  notifications per release "
      << fixed(metric(checkers::Metric::NotificationsPerRelease), 2)
      << ", requests per acquisition " << fixed(metric(checkers::Metric::RequestsPerAcquisition), 2)
      << ", max holders " << metric(checkers::Metric::MaxHolders) << "\n";
  out << "  handoff mean " << millis(metric(checkers::Metric::HandoffMeanUs)) << ", p99 "
      << millis(metric(checkers::Metric::HandoffP99Us)) << "; resource writes "
      << metric(checkers::Metric::ResourceWrites) << ", rejected "
      << metric(checkers::Metric::RejectedWrites) << ", lost updates "
      << metric(checkers::Metric::LostUpdates) << "\n";
  // Only a cache recipe's run has any (sim/checkers/cache_gaps.h).
  if (metric(checkers::Metric::CacheMissedVersions) > 0)
    out << "  cache missed versions " << metric(checkers::Metric::CacheMissedVersions) << "\n";
  if (report.verdict.violations.empty()) {
    out << "  no violations\n";
  } else {
    constexpr size_t kShown = 20;  // the JSON report has them all
    const auto& violations = report.verdict.violations;
    out << "  violations: " << violations.size() << "\n";
    for (size_t index = 0; index < violations.size() && index < kShown; ++index) {
      const auto& violation = violations[index];
      // Times from the clients' start, like the narration (the JSON report keeps trace times).
      out << "    " << violation.kind << " at "
          << millis(static_cast<double>(violation.time - report.origin));
      if (violation.until > violation.time) {
        out << " until " << millis(static_cast<double>(violation.until - report.origin));
      }
      if (!violation.clients.empty()) {
        out << " [";
        for (size_t i = 0; i < violation.clients.size(); ++i)
          out << (i ? " " : "") << violation.clients[i];
        out << "]";
      }
      if (!violation.detail.empty()) out << ": " << violation.detail;
      out << "\n";
    }
    if (violations.size() > kShown)
      out << "    ... and " << violations.size() - kShown << " more\n";
  }
  // A second opinion on mutual exclusion, for the recipes that promise it.
  if (report.verdict.linearizability.outcome !=
      checkers::LinearizabilityVerdict::Outcome::NotChecked)
    out << "  " << linearizabilityLine(report.verdict.linearizability, report.origin) << "\n";
  for (const std::string& unmet : report.unmetExpectations) out << "  UNMET " << unmet << "\n";
  out << "  trace sha256 " << report.traceSha256 << "\n";
  return out.str();
}

}  // namespace lockscope::cli
