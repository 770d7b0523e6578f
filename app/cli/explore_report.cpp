#include "explore_report.h"

#include "sim/trace/atomic_file.h"

namespace lockscope::cli {
namespace {

QString number(sim::Micros micros) {
  return QString::number(static_cast<double>(micros) / 1000.0, 'f', 1);
}

}  // namespace

QString candidateText(const explore::Candidate& candidate) {
  QString text = QString("seed %1, %2 clients").arg(candidate.seed).arg(candidate.clients);
  for (const explore::AddedFault& added : candidate.faults)
    text += ", " + QString::fromStdString(explore::describe(added));
  if (candidate.faults.empty()) text += ", no added fault";
  return text;
}

QString violationText(const checkers::Violation& violation, sim::Micros origin) {
  QString text = QString::fromStdString(violation.kind) + " at " +
                 number(violation.knownAt() - origin) + " ms [";
  for (size_t index = 0; index < violation.clients.size(); ++index)
    text += (index ? " " : "") + QString::fromStdString(violation.clients[index]);
  return text + "]: " + QString::fromStdString(violation.detail);
}

nlohmann::ordered_json candidateJson(const explore::Candidate& candidate) {
  nlohmann::ordered_json faults = nlohmann::ordered_json::array();
  for (const explore::AddedFault& added : candidate.faults) {
    nlohmann::ordered_json fault = {{"kind", sim::faultKindName(added.fault.kind)},
                                    {"target", added.fault.client},
                                    {"at_us", added.fault.at}};
    if (explore::lasts(added.fault.kind)) fault["for_us"] = added.duration;
    if (added.fault.kind == sim::FaultKind::LoseReply) fault["applied"] = added.fault.applied;
    if (added.fault.kind == sim::FaultKind::ClockJump) fault["by_ms"] = added.fault.clockJumpMs;
    faults.push_back(fault);
  }
  return {{"seed", candidate.seed}, {"clients", candidate.clients}, {"faults", faults}};
}

nlohmann::ordered_json violationJson(const checkers::Violation& violation, sim::Micros origin) {
  return {{"kind", violation.kind},
          {"known_at_us", violation.knownAt() - origin},
          {"clients", violation.clients},
          {"detail", violation.detail}};
}

Status writeLessonFile(const QString& path, const std::string& text) {
  sim::AtomicFile file(path.toStdString());
  Status written = file.open();
  if (written.ok()) {
    std::fwrite(text.data(), 1, text.size(), file.stream());
    written = file.commit();
  }
  return written;
}

}  // namespace lockscope::cli
