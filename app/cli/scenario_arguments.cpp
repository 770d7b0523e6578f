#include "scenario_arguments.h"

#include <QTextStream>

#include <filesystem>

#include "sim/scenario/document_checks.h"

namespace lockscope::cli {

std::optional<scenario::Scenario> loadScenarioOrReport(
    const QString& file, const std::vector<scenario::Override>& overrides) {
  scenario::LoadResult loaded = scenario::loadScenarioFile(file.toStdString(), overrides);
  if (!loaded.scenario) {
    QTextStream(stderr) << QString::fromStdString(loaded.error) << "\n";
    return std::nullopt;
  }
  return std::move(*loaded.scenario);
}

bool sameFile(const QString& a, const QString& b) {
  std::error_code error;
  return std::filesystem::equivalent(a.toStdString(), b.toStdString(), error);
}

bool parseOverrides(const QStringList& values, std::vector<scenario::Override>& overrides) {
  for (const QString& value : values) {
    scenario::Override parsed;
    if (!scenario::parseOverride(value.toStdString(), parsed)) {
      QTextStream(stderr) << "lockscope-cli: --set expects key=value, got '"
                          << QString::fromStdString(scenario::singleLine(value.toStdString()))
                          << "'\n";
      return false;
    }
    overrides.push_back(parsed);
  }
  return true;
}

}  // namespace lockscope::cli
