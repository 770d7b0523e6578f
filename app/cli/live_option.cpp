#include "live_option.h"

#include <QTextStream>
#include <cstring>

#include "backends/live/database/database_address.h"
#include "backends/live/live_interrupt.h"
#include "backends/live/server_address.h"
#include "exit_codes.h"

namespace lockscope::cli {

namespace {

struct LivePrefix {
  const char* prefix;
  live::LiveService service;
};

// The services `--live` names, and what each one's value is.
constexpr LivePrefix kLivePrefixes[] = {
    {"zk=", live::LiveService::ZooKeeper},
    {"redis=", live::LiveService::Redis},
    {"pg=", live::LiveService::PostgreSQL},
    {"mariadb=", live::LiveService::MariaDB},
};

bool isDatabase(live::LiveService service) {
  return service == live::LiveService::PostgreSQL || service == live::LiveService::MariaDB;
}

}  // namespace

std::optional<backends::LiveChoice> parseRunLiveValue(const QString& value, const char* command) {
  backends::LiveChoice target{.connectTimeoutMs = kLiveConnectTimeoutMs};
  QString servers;
  for (const LivePrefix& named : kLivePrefixes) {
    if (!value.startsWith(QLatin1String(named.prefix))) continue;
    target.service = named.service;
    servers = value.mid(static_cast<qsizetype>(std::strlen(named.prefix)));
  }
  // One parser per kind of value: a server list, or a database's one server and database.
  const Status parsed = !target.service ? Status::success()
                        : isDatabase(*target.service)
                            ? live::database::parseDatabaseAddress(servers.toStdString()).status()
                            : live::parseServerList(servers.toStdString()).status();
  if (!target.service || !parsed) {
    // The value is not echoed when it may hold a password (user:secret@host).
    const QString shown = value.contains('@') ? QStringLiteral("...") : value;
    QTextStream(stderr) << "lockscope-cli " << command
                        << ": --live expects zk=HOST:PORT[,HOST:PORT...], "
                           "redis=HOST:PORT[,HOST:PORT...], pg=HOST:PORT/DB or "
                           "mariadb=HOST:PORT/DB, got '"
                        << shown << "'"
                        << (target.service ? ": " + QString::fromStdString(parsed.message())
                                           : QString())
                        << "\n";
    return std::nullopt;
  }
  target.servers = servers.toStdString();
  return target;
}

int checkReachable(const backends::LiveChoice& live, const char* command) {
  const live::LiveService service = live.service.value_or(
      live::LiveService::ZooKeeper);  // parseRunLiveValue names it
  const Status reached = live::probeLiveServers(service, live.servers, live.connectTimeoutMs);
  if (reached) return kExitOk;
  QTextStream(stderr) << "lockscope-cli " << command << ": "
                      << QString::fromStdString(reached.message()) << "\n";
  return kExitUnreachable;
}

int chooseBackend(run::RunOptions& options, const backends::LiveChoice& live,
                  const scenario::Scenario& scenario) {
  Result<run::RunBackendFactory> backend = backends::backendFor(scenario, live);
  if (backend) {
    options.backend = std::move(*backend);
    if (live.live())
      live::catchInterrupts();  // Ctrl+C ends the run and leaves the servers as they were
    return kExitOk;
  }
  QTextStream(stderr) << QString::fromStdString(backend.message()) << "\n";
  return kExitBadInput;
}

}  // namespace lockscope::cli
