// What the differential tests compare of a run's report, as text QCOMPARE can show: each
// violation as "kind [clients]" in order, and the unmet expectations.
#pragma once

#include <QStringList>

#include "sim/run/scenario_run.h"

namespace lockscope::testing {

inline QStringList violationLines(const run::RunReport& report) {
  QStringList lines;
  for (const auto& violation : report.verdict.violations) {
    QStringList clients;
    for (const std::string& client : violation.clients) clients << QString::fromStdString(client);
    lines << QString::fromStdString(violation.kind) + " [" + clients.join(',') + "]";
  }
  return lines;
}

inline QStringList unmetLines(const run::RunReport& report) {
  QStringList lines;
  for (const std::string& line : report.unmetExpectations) lines << QString::fromStdString(line);
  return lines;
}

}  // namespace lockscope::testing
