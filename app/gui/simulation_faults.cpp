// Faults by hand and Record: the SimulationController's part that turns clicks into scheduled
// faults and writes them back into the scenario file.
#include <QFile>
#include <QSaveFile>

#include "simulation_controller.h"
#include "core/recording_text.h"

namespace lockscope::gui {
namespace {

// The kind named `name` in the one table of faults (sim/trace/fault_kinds.h), if it acts on
// `target`: a client's menu cannot kill a Redis instance.
std::optional<scenario::Fault::Kind> faultKindNamed(const QString& name, sim::FaultTarget target) {
  const auto kind = sim::faultKindNamed(name.toStdString());
  if (!kind || sim::faultInfo(*kind).target != target) return std::nullopt;
  return kind;
}

// A kind's name as QML passes it (the menus' keys and arguments are the table's names).
QString nameOf(sim::FaultKind kind) { return QLatin1String(sim::faultKindName(kind)); }

}  // namespace

bool SimulationController::injectFault(const QString& kind, const QString& client) {
  if (!timeline_) return false;
  const auto faultKind = faultKindNamed(kind, sim::FaultTarget::Client);
  if (!faultKind || timeline_->cast().clientOfName(client.toStdString()) == kNoClient) {
    setError(QStringLiteral("unknown fault \"%1\" or client \"%2\"").arg(kind, client));
    return false;
  }
  scenario::Fault fault;
  fault.kind = *faultKind;
  fault.client = client.toStdString();
  fault.at = std::max<sim::Micros>(0, time_ - timeline_->report().origin);
  fault.location = {"clicked in the GUI", 0, 0};
  clicked_.push_back(fault);
  rerecord(true);
  return true;
}

bool SimulationController::hasReplica(const QString& instance) const {
  // Masters are redis-1..redis-N; each has base_.redis.replicas replicas (redis-1-r1...), which
  // have none of their own.
  return base_.redis.replicas > 0 && stage_.instances().count(instance.toStdString()) &&
         !instance.contains(QLatin1String("-r"));
}

bool SimulationController::injectInstanceFault(const QString& kind, const QString& instance, double jumpMs) {
  if (!timeline_) return false;
  using Kind = scenario::Fault::Kind;
  const auto faultKind = faultKindNamed(kind, sim::FaultTarget::RedisInstance);
  if (!faultKind || !stage_.instances().count(instance.toStdString())) {
    setError(QStringLiteral("unknown instance fault \"%1\" or instance \"%2\"").arg(kind, instance));
    return false;
  }
  if (*faultKind == Kind::Failover && !hasReplica(instance)) {
    setError(QStringLiteral("%1 has no replica to fail over to").arg(instance));
    return false;
  }
  scenario::Fault fault;
  fault.kind = *faultKind;
  fault.client = instance.toStdString();
  fault.clockJumpMs = static_cast<int64_t>(jumpMs);
  fault.at = std::max<sim::Micros>(0, time_ - timeline_->report().origin);
  fault.location = {"clicked in the GUI", 0, 0};
  clicked_.push_back(fault);
  rerecord(true);
  return true;
}

bool SimulationController::injectServerFault(const QString& kind) {
  if (!timeline_) return false;
  using Kind = scenario::Fault::Kind;
  const auto faultKind = faultKindNamed(kind, sim::FaultTarget::Server);
  if (!faultKind || timeline_->scenario().backend != "zookeeper") {
    setError(QStringLiteral("unknown server fault \"%1\"").arg(kind));
    return false;
  }
  scenario::Fault fault;
  fault.kind = *faultKind;
  // The names an ensemble understands too: the leader dies, the one killed comes back.
  fault.client = *faultKind == Kind::KillServer ? "leader" : "killed";
  fault.at = std::max<sim::Micros>(0, time_ - timeline_->report().origin);
  fault.location = {"clicked in the GUI", 0, 0};
  clicked_.push_back(fault);
  rerecord(true);
  return true;
}

bool SimulationController::instanceUp(const QString& instance) const {
  const auto found = stage_.instances().find(instance.toStdString());
  return found != stage_.instances().end() && found->second.up;
}

bool SimulationController::undoLastFault() {
  if (clicked_.empty()) return false;
  clicked_.pop_back();
  rerecord(true);
  return true;
}

bool SimulationController::toggleServer() {
  return injectServerFault(nameOf(serverUp() ? sim::FaultKind::KillServer : sim::FaultKind::RestartServer));
}

QVariantMap SimulationController::faultChoices(int client) const {
  QVariantMap choices;
  if (!timeline_ || client < 0 || client >= clientCount()) return choices;
  const QString activity = clientActivity(client);
  const bool crashed = activity == QLatin1String("crashed");
  choices[QStringLiteral("name")] = clientNames()[client];
  using sim::FaultKind;
  choices[nameOf(FaultKind::Crash)] = !crashed;
  choices[nameOf(FaultKind::Restart)] = crashed;
  choices[nameOf(FaultKind::Pause)] = nameOf(activity == QLatin1String("paused") ? FaultKind::Resume : FaultKind::Pause);
  choices[QStringLiteral("pauseEnabled")] = !crashed;
  choices[nameOf(FaultKind::Partition)] = nameOf(clientPartitioned(client) ? FaultKind::Heal : FaultKind::Partition);
  return choices;
}

QVariantList SimulationController::faultMenus() const {
  QVariantList menus;
  for (int client = 0; client < clientCount(); ++client) menus << faultChoices(client);
  return menus;
}

QVariantMap SimulationController::instancesUp() const {
  QVariantMap up;
  for (const auto& [name, instance] : stage_.instances()) up[QString::fromStdString(name)] = instance.up;
  return up;
}

bool SimulationController::injectFaultOn(const QString& kind, int client) {
  const QVariantMap choices = faultChoices(client);
  if (choices.isEmpty()) return false;
  const bool toggles = kind == nameOf(sim::FaultKind::Pause) || kind == nameOf(sim::FaultKind::Partition);
  return injectFault(toggles ? choices[kind].toString() : kind, choices[QStringLiteral("name")].toString());
}

QString SimulationController::clientActivity(int client) const {
  if (!timeline_ || client < 0 || static_cast<size_t>(client) >= stage_.clients().size()) return {};
  return QLatin1String(activityName(stage_.clients()[static_cast<size_t>(client)].activity()));
}

bool SimulationController::clientPartitioned(int client) const {
  if (!timeline_ || client < 0 || static_cast<size_t>(client) >= stage_.clients().size()) return false;
  return stage_.clients()[static_cast<size_t>(client)].partitioned;
}

QStringList SimulationController::manualFaults() const {
  QStringList lines;
  for (const auto& fault : clicked_) {
    lines << QStringLiteral("%1 ms: %2 %3")
                 .arg(static_cast<double>(fault.at) / 1000.0, 0, 'f', 3)
                 .arg(QLatin1String(scenario::faultKindName(fault.kind)),
                      QString::fromStdString(fault.client));
  }
  return lines;
}

QString SimulationController::recordingText() const {
  return QString::fromStdString(gui::recordingText(text_, base_.faults, clicked_, base_.seed, "recording").text);
}

bool SimulationController::saveRecording(const QString& path) {
  if (!timeline_) return false;
  // Never write a file that would not load or would lose a fault: checked under the name it will have.
  const RecordingText recording = gui::recordingText(text_, base_.faults, clicked_, base_.seed, path.toStdString());
  if (!recording.error.empty()) {
    setError(QString::fromStdString(recording.error));
    return false;
  }
  const std::string& text = recording.text;
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly) || file.write(text.data(), static_cast<qint64>(text.size())) < 0 ||
      !file.commit()) {
    setError(path + QStringLiteral(": cannot write: ") + file.errorString());
    return false;
  }
  setError({});
  return true;
}

}  // namespace lockscope::gui
