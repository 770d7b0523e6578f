#include "fault_controller.h"

#include <algorithm>
#include <optional>

#include "simulation_controller.h"

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

sim::FaultService FaultController::service() const {
  const RunTimeline* timeline = simulation_.timeline();
  const std::string backend = timeline ? timeline->scenario().backend : std::string();
  const bool live = simulation_.live()->backend() == QLatin1String("live");
  if (backend == "redis") return live ? sim::kRedisLive : sim::kRedisModel;
  if (backend == "database") return live ? sim::kDatabaseLive : sim::kDatabaseModel;
  return live ? sim::kZooKeeperLive : sim::kZooKeeperModel;
}

bool FaultController::supports(const QString& kind) const {
  const auto faultKind = sim::faultKindNamed(kind.toStdString());
  return faultKind && sim::faultSupported(*faultKind, service());
}

FaultController::FaultController(SimulationController& simulation)
    : QObject(&simulation), simulation_(simulation) {}

bool FaultController::injectFault(const QString& kind, const QString& client) {
  const RunTimeline* timeline = simulation_.timeline();
  if (!timeline) return false;
  const auto faultKind = faultKindNamed(kind, sim::FaultTarget::Client);
  if (!faultKind || timeline->cast().clientOfName(client.toStdString()) == kNoClient) {
    emit errorOccurred(tr("unknown fault \"%1\" or client \"%2\"").arg(kind, client));
    return false;
  }
  // The fault table says which services act on it (a database has no session to expire).
  if (!supports(kind)) {
    emit errorOccurred(tr("%1 does not apply to this service").arg(kind));
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
  fault.at = std::max<sim::Micros>(
      0, simulation_.timeMicros() - simulation_.timeline()->report().origin);
  fault.location = {"clicked in the GUI", 0, 0};
  simulation_.session()->addFault(fault);
}

bool FaultController::hasReplica(const QString& instance) const {
  // Masters are redis-1..redis-N; each has the scenario's redis.replicas replicas (redis-1-r1...),
  // which have none of their own.
  return simulation_.session()->scenario().redis.replicas > 0 &&
         simulation_.stage().instances().count(instance.toStdString()) &&
         !instance.contains(QLatin1String("-r"));
}

bool FaultController::injectInstanceFault(const QString& kind, const QString& instance,
                                          double jumpMs) {
  if (!simulation_.timeline()) return false;
  using Kind = scenario::Fault::Kind;
  const auto faultKind = faultKindNamed(kind, sim::FaultTarget::RedisInstance);
  if (!faultKind || !simulation_.stage().instances().count(instance.toStdString())) {
    emit errorOccurred(tr("unknown instance fault \"%1\" or instance \"%2\"").arg(kind, instance));
    return false;
  }
  if (*faultKind == Kind::Failover && !hasReplica(instance)) {
    emit errorOccurred(tr("%1 has no replica to fail over to").arg(instance));
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
  const auto faultKind = faultKindNamed(kind, sim::FaultTarget::Server);
  // ZooKeeper's server, or the database's: whichever services the fault table gives it.
  if (!faultKind || !supports(kind)) {
    emit errorOccurred(tr("unknown server fault \"%1\"").arg(kind));
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
  return injectServerFault(
      nameOf(serverUp() ? sim::FaultKind::KillServer : sim::FaultKind::RestartServer));
}

QVariantMap FaultController::faultChoices(int client) const {
  QVariantMap choices;
  if (!simulation_.timeline() || client < 0 || client >= simulation_.run()->clientCount())
    return choices;
  const QString activity = clientActivity(client);
  const bool crashed = activity == QLatin1String("crashed");
  choices[QStringLiteral("name")] = simulation_.run()->clientNames()[client];
  using sim::FaultKind;
  choices[nameOf(FaultKind::Crash)] = !crashed;
  choices[nameOf(FaultKind::Restart)] = crashed;
  choices[nameOf(FaultKind::Pause)] = nameOf(
      activity == QLatin1String("paused") ? FaultKind::Resume : FaultKind::Pause);
  choices[QStringLiteral("pauseEnabled")] = !crashed;
  choices[nameOf(FaultKind::Partition)] = nameOf(clientPartitioned(client) ? FaultKind::Heal
                                                                           : FaultKind::Partition);
  // What the run's service acts on at all (the fault table): the menu greys out the rest.
  choices[QStringLiteral("partitionEnabled")] = supports(nameOf(FaultKind::Partition));
  choices[nameOf(FaultKind::ExpireSession)] = supports(nameOf(FaultKind::ExpireSession));
  choices[nameOf(FaultKind::LoseReply)] = supports(nameOf(FaultKind::LoseReply));
  return choices;
}

QVariantList FaultController::faultMenus() const {
  QVariantList menus;
  for (int client = 0; client < simulation_.run()->clientCount(); ++client)
    menus << faultChoices(client);
  return menus;
}

QVariantMap FaultController::instancesUp() const {
  QVariantMap up;
  for (const auto& [name, instance] : simulation_.stage().instances())
    up[QString::fromStdString(name)] = instance.up;
  return up;
}

bool FaultController::injectFaultOn(const QString& kind, int client) {
  const QVariantMap choices = faultChoices(client);
  if (choices.isEmpty()) return false;
  const bool toggles = kind == nameOf(sim::FaultKind::Pause) ||
                       kind == nameOf(sim::FaultKind::Partition);
  return injectFault(toggles ? choices[kind].toString() : kind,
                     choices[QStringLiteral("name")].toString());
}

QString FaultController::clientActivity(int client) const {
  const auto& clients = simulation_.stage().clients();
  if (!simulation_.timeline() || client < 0 || static_cast<size_t>(client) >= clients.size())
    return {};
  return QLatin1String(activityName(clients[static_cast<size_t>(client)].activity()));
}

bool FaultController::clientPartitioned(int client) const {
  const auto& clients = simulation_.stage().clients();
  if (!simulation_.timeline() || client < 0 || static_cast<size_t>(client) >= clients.size())
    return false;
  return clients[static_cast<size_t>(client)].partitioned;
}

}  // namespace lockscope::gui
