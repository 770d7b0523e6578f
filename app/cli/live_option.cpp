#include "live_option.h"

#include <QTextStream>
#include <algorithm>

#include "backends/live/live_backend.h"
#include "backends/live/live_probe.h"
#include "backends/live/redis/live_redis_backend.h"
#include "backends/live/redis/live_redis_scenario.h"
#include "backends/live/redis/redis_address.h"
#include "backends/live/redis/redis_blocking.h"
#include "exit_codes.h"

namespace lockscope::cli {

std::optional<LiveTarget> parseRunLiveValue(const QString& value, const char* command) {
  LiveTarget target;
  QString servers;
  if (value.startsWith("zk=")) {
    servers = value.mid(3);
  } else if (value.startsWith("redis=")) {
    target.service = LiveTarget::Service::Redis;
    servers = value.mid(6);
  }
  std::string error = "no HOST:PORT given";
  const bool valid = !servers.isEmpty() &&
                     (target.service == LiveTarget::Service::ZooKeeper ||
                      live::redis::parseAddresses(servers.toStdString(), error).has_value());
  if (!valid) {
    QTextStream(stderr) << "lockscope-cli " << command
                        << ": --live expects zk=HOST:PORT[,HOST:PORT...] or "
                           "redis=HOST:PORT[,HOST:PORT...], got '"
                        << value << "'"
                        << (value.contains('=') ? ": " + QString::fromStdString(error) : "") << "\n";
    return std::nullopt;
  }
  target.servers = servers.toStdString();
  return target;
}

int checkReachable(const LiveTarget& target, const char* command) {
  std::string error;
  const bool reachable = target.service == LiveTarget::Service::ZooKeeper
                             ? live::probeZooKeeper(target.servers, kLiveConnectTimeoutMs, error)
                             : live::redis::probeRedis(target.servers, kLiveConnectTimeoutMs, error);
  if (reachable) return kExitOk;
  QTextStream(stderr) << "lockscope-cli " << command << ": " << QString::fromStdString(error) << "\n";
  return kExitUnreachable;
}

int useLiveServers(run::RunOptions& options, const LiveTarget& target,
                   const scenario::Scenario& scenario) {
  if (target.service == LiveTarget::Service::Redis) {
    std::string error;
    const size_t servers = live::redis::parseAddresses(target.servers, error)->size();
    const std::string problem = live::redis::liveRedisProblem(scenario, servers);
    if (!problem.empty()) {
      QTextStream(stderr) << QString::fromStdString(problem) << "\n";
      return kExitBadInput;
    }
    options.backend = live::redis::liveRedisBackend({.servers = target.servers,
                                                     .connectTimeoutMs = kLiveConnectTimeoutMs,
                                                     .requestTimeoutMs = scenario.redis.requestTimeoutMs});
    return kExitOk;
  }
  if (scenario.backend != "zookeeper") {
    QTextStream(stderr) << QString::fromStdString(scenario.file)
                        << ": --live zk= runs backend: zookeeper scenarios, this one is backend: "
                        << QString::fromStdString(scenario.backend) << "\n";
    return kExitBadInput;
  }
  const bool clientFaults =
      std::any_of(scenario.faults.begin(), scenario.faults.end(), [](const scenario::Fault& fault) {
        return fault.kind != scenario::Fault::Kind::KillServer &&
               fault.kind != scenario::Fault::Kind::RestartServer;
      });
  options.backend = live::liveBackend(
      {.servers = target.servers, .connectTimeoutMs = kLiveConnectTimeoutMs, .faultProxy = clientFaults});
  return kExitOk;
}

}  // namespace lockscope::cli
