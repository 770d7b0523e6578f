#include "services_command.h"

#include <QCommandLineParser>
#include <QTextStream>
#include <functional>

#include <nlohmann/json.hpp>

#include "command_line.h"
#include "exit_codes.h"
#include "service_comparison.h"

namespace lockscope::cli {
namespace {

QString number(double value, int decimals) { return QString::number(value, 'f', decimals); }

QString crashText(const ServiceMeasures& m) {
  if (!m.crashRecovered) return QString("never (%1 stuck)").arg(m.crashStuckClients);
  return number(m.crashRecoverMs, 0) + " ms";
}

QString pauseText(const ServiceMeasures& m) {
  if (m.pauseMaxHolders <= 1) return "one holder; the others wait";
  QString text = "two holders";
  if (m.pauseLostUpdates > 0) text += ", update lost";
  else if (m.pauseRejectedWrites > 0) text += ", late write refused";
  return text;
}

void printTable(QTextStream& out, const std::vector<ServiceMeasures>& columns, int clients) {
  struct Row {
    QString label;
    std::function<QString(const ServiceMeasures&)> cell;
  };
  const std::vector<Row> rows = {
      {"recipe", [](const auto& m) { return QString::fromStdString(m.recipe); }},
      {"ease: pseudocode lines", [](const auto& m) { return QString::number(m.pseudocodeLines); }},
      {"complexity: requests/acquisition",
       [](const auto& m) { return number(m.requestsPerAcquisition, 1); }},
      {QString("performance: handoff mean (%1 clients)").arg(clients),
       [](const auto& m) { return number(m.handoffMeanMs, 1) + " ms"; }},
      {"performance: all done after",
       [](const auto& m) { return number(m.contentionFinishedMs, 0) + " ms"; }},
      {"reliability: holder crashes, lock back after", crashText},
      {"reliability: holder pauses 6 s", pauseText},
  };
  int labelWidth = 0;
  for (const Row& row : rows) labelWidth = std::max(labelWidth, static_cast<int>(row.label.size()));
  std::vector<int> widths;
  for (const auto& m : columns) {
    int width = static_cast<int>(m.service.size());
    for (const Row& row : rows) width = std::max(width, static_cast<int>(row.cell(m).size()));
    widths.push_back(width);
  }
  out << QString().leftJustified(labelWidth);
  for (size_t c = 0; c < columns.size(); ++c) {
    const QString name = QString::fromStdString(columns[c].service);
    out << "  " << (c + 1 < columns.size() ? name.leftJustified(widths[c]) : name);
  }
  out << "\n";
  for (const Row& row : rows) {
    out << row.label.leftJustified(labelWidth);
    for (size_t c = 0; c < columns.size(); ++c) {
      const QString cell = row.cell(columns[c]);
      out << "  " << (c + 1 < columns.size() ? cell.leftJustified(widths[c]) : cell);
    }
    out << "\n";
  }
  out << "(a database's requests include its SELECT and UPDATE of the data, which the others keep "
         "elsewhere)\n";
}

nlohmann::json toJson(const std::vector<ServiceMeasures>& columns) {
  nlohmann::json services = nlohmann::json::array();
  for (const auto& m : columns) {
    services.push_back({{"service", m.service},
                        {"recipe", m.recipe},
                        {"pseudocode_lines", m.pseudocodeLines},
                        {"requests_per_acquisition", m.requestsPerAcquisition},
                        {"handoff_mean_ms", m.handoffMeanMs},
                        {"contention_finished_ms", m.contentionFinishedMs},
                        {"crash_recovered", m.crashRecovered},
                        {"crash_recover_ms", m.crashRecoverMs},
                        {"crash_stuck_clients", m.crashStuckClients},
                        {"pause_max_holders", m.pauseMaxHolders},
                        {"pause_lost_updates", m.pauseLostUpdates},
                        {"pause_rejected_writes", m.pauseRejectedWrites}});
  }
  return {{"services", services}};
}

}  // namespace

int servicesCommand(const QStringList& arguments) {
  QTextStream err(stderr);
  QTextStream out(stdout);
  QCommandLineParser parser;
  parser.setApplicationDescription(
      "Compare database, Redis and ZooKeeper locks on the model: the same client plans under "
      "db-for-update, redis-lock and zk-curator, measured.");
  parser.addOption({"clients", "Clients in the contention run (2..1000, default 10).", "N", "10"});
  parser.addOption({"seed", "The runs' seed (default 1).", "N", "1"});
  parser.addOption({"json", "Print one JSON object instead of the table."});
  if (const auto exit = parseOptionsOnly(parser, arguments, "services")) return *exit;
  bool clientsOk = false, seedOk = false;
  const int clients = parser.value("clients").toInt(&clientsOk);
  const qulonglong seed = parser.value("seed").toULongLong(&seedOk);
  if (!clientsOk || clients < 2 || clients > 1000) {
    err << "lockscope-cli services: --clients expects a number from 2 to 1000, got '"
        << parser.value("clients") << "'\n";
    return kExitBadInput;
  }
  if (!seedOk) {
    err << "lockscope-cli services: --seed expects a non-negative number, got '"
        << parser.value("seed") << "'\n";
    return kExitBadInput;
  }
  const std::vector<ServiceMeasures> columns = compareServices(clients, seed);
  if (parser.isSet("json")) {
    out << QString::fromStdString(toJson(columns).dump(2)) << "\n";
    return kExitOk;
  }
  printTable(out, columns, clients);
  return kExitOk;
}

}  // namespace lockscope::cli
