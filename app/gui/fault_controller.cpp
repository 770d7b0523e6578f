#include "fault_controller.h"

#include <algorithm>
#include <optional>

#include "simulation_controller.h"

namespace lockscope::gui {
namespace {

std::optional<scenario::Fault::Kind> faultKindNamed(const QString& name) {
  using Kind = scenario::Fault::Kind;
  for (Kind kind : {Kind::Crash, Kind::Restart, Kind::Pause, Kind::Resume, Kind::Partition,
                    Kind::Heal, Kind::ExpireSession, Kind::LoseReply, Kind::KillInstance,
                    Kind::RestartInstance, Kind::ClockJump, Kind::Failover, Kind::KillServer,
                    Kind::RestartServer}) {
    if (name == QLatin1String(scenario::faultKindName(kind))) return kind;
  }
  return std::nullopt;
}

}  // namespace

FaultController::FaultController(SimulationController& simulation) : QObject(&simulation), simulation_(simulation) {}

bool FaultController::injectFault(const QString& kind, const QString& client) {
  const RunTimeline* timeline = simulation_.timeline();
  if (!timeline) return false;
  const auto faultKind = faultKindNamed(kind);
  if (!faultKind || timeline->cast().clientOfName(client.toStdString()) == kNoClient) {
    emit errorOccurred(QStringLiteral("unknown fault \"%1\" or client \"%2\"").arg(kind, client));
    return false;
  }
  scenario::Fault fault;
  fault.kind = *faultKind;
  fault.client = client.toStdString();
  scheduleAtCursor(fault);
  return true;
}

void FaultController::scheduleAtCursor(scenario::Fault fault) {
  // The run is deterministic: recorded again with the fault, it is the same run up to the cursor.
  fault.at = std::max<sim::Micros>(0, simulation_.timeMicros() - simulation_.timeline()->report().origin);
  fault.location = {"clicked in the GUI", 0, 0};
  simulation_.session()->addFault(fault);
}

bool FaultController::hasReplica(const QString& instance) const {
  // Masters are redis-1..redis-N; each has the scenario's redis.replicas replicas (redis-1-r1...),
  // which have none of their own.
  return simulation_.session()->scenario().redis.replicas > 0 &&
         simulation_.stage().instances().count(instance.toStdString()) && !instance.contains(QLatin1String("-r"));
}

bool FaultController::injectInstanceFault(const QString& kind, const QString& instance, double jumpMs) {
  if (!simulation_.timeline()) return false;
  using Kind = scenario::Fault::Kind;
  const auto faultKind = faultKindNamed(kind);
  const bool instanceFault = faultKind && (*faultKind == Kind::KillInstance || *faultKind == Kind::RestartInstance ||
                                           *faultKind == Kind::ClockJump || *faultKind == Kind::Failover);
  if (!instanceFault || !simulation_.stage().instances().count(instance.toStdString())) {
    emit errorOccurred(QStringLiteral("unknown instance fault \"%1\" or instance \"%2\"").arg(kind, instance));
    return false;
  }
  if (*faultKind == Kind::Failover && !hasReplica(instance)) {
    emit errorOccurred(QStringLiteral("%1 has no replica to fail over to").arg(instance));
    return false;
  }
  scenario::Fault fault;
  fault.kind = *faultKind;
  fault.client = instance.toStdString();
  fault.clockJumpMs = static_cast<int64_t>(jumpMs);
  scheduleAtCursor(fault);
  return true;
}

bool FaultController::injectServerFault(const QString& kind) {
  const RunTimeline* timeline = simulation_.timeline();
  if (!timeline) return false;
  using Kind = scenario::Fault::Kind;
  const auto faultKind = faultKindNamed(kind);
  if (!faultKind || (*faultKind != Kind::KillServer && *faultKind != Kind::RestartServer) ||
      timeline->scenario().backend != "zookeeper") {
    emit errorOccurred(QStringLiteral("unknown server fault \"%1\"").arg(kind));
    return false;
  }
  scenario::Fault fault;
  fault.kind = *faultKind;
  // The names an ensemble understands too: the leader dies, the one killed comes back.
  fault.client = *faultKind == Kind::KillServer ? "leader" : "killed";
  scheduleAtCursor(fault);
  return true;
}

bool FaultController::instanceUp(const QString& instance) const {
  const auto& instances = simulation_.stage().instances();
  const auto found = instances.find(instance.toStdString());
  return found != instances.end() && found->second.up;
}

bool FaultController::serverUp() const { return simulation_.stage().serverUp(); }

bool FaultController::toggleServer() {
  return injectServerFault(serverUp() ? QStringLiteral("kill_server") : QStringLiteral("restart_server"));
}

QVariantMap FaultController::faultChoices(int client) const {
  QVariantMap choices;
  if (!simulation_.timeline() || client < 0 || client >= simulation_.run()->clientCount()) return choices;
  const QString activity = clientActivity(client);
  const bool crashed = activity == QLatin1String("crashed");
  choices[QStringLiteral("name")] = simulation_.run()->clientNames()[client];
  choices[QStringLiteral("crash")] = !crashed;
  choices[QStringLiteral("restart")] = crashed;
  choices[QStringLiteral("pause")] = activity == QLatin1String("paused") ? QStringLiteral("resume") : QStringLiteral("pause");
  choices[QStringLiteral("pauseEnabled")] = !crashed;
  choices[QStringLiteral("partition")] =
      clientPartitioned(client) ? QStringLiteral("heal") : QStringLiteral("partition");
  return choices;
}

QVariantList FaultController::faultMenus() const {
  QVariantList menus;
  for (int client = 0; client < simulation_.run()->clientCount(); ++client) menus << faultChoices(client);
  return menus;
}

QVariantMap FaultController::instancesUp() const {
  QVariantMap up;
  for (const auto& [name, instance] : simulation_.stage().instances()) up[QString::fromStdString(name)] = instance.up;
  return up;
}

bool FaultController::injectFaultOn(const QString& kind, int client) {
  const QVariantMap choices = faultChoices(client);
  if (choices.isEmpty()) return false;
  const bool toggles = kind == QLatin1String("pause") || kind == QLatin1String("partition");
  return injectFault(toggles ? choices[kind].toString() : kind, choices[QStringLiteral("name")].toString());
}

QString FaultController::clientActivity(int client) const {
  const auto& clients = simulation_.stage().clients();
  if (!simulation_.timeline() || client < 0 || static_cast<size_t>(client) >= clients.size()) return {};
  return QLatin1String(activityName(clients[static_cast<size_t>(client)].activity(simulation_.timeline()->trace())));
}

bool FaultController::clientPartitioned(int client) const {
  const auto& clients = simulation_.stage().clients();
  if (!simulation_.timeline() || client < 0 || static_cast<size_t>(client) >= clients.size()) return false;
  return clients[static_cast<size_t>(client)].partitioned;
}

}  // namespace lockscope::gui
