// The lessons under scenarios/, loaded for tests by their path inside that folder.
#pragma once

#include <QTest>
#include <string>

#include "sim/scenario/scenario_loader.h"

namespace lockscope::testing {

inline std::string lessonPath(const std::string& name) {
  return std::string(LOCKSCOPE_SOURCE_DIR) + "/scenarios/" + name;
}

inline scenario::Scenario loadLesson(const std::string& name) {
  const auto loaded = scenario::loadScenarioFile(lessonPath(name));
  if (!loaded.scenario) qFatal("%s", loaded.error.c_str());
  return *loaded.scenario;
}

}  // namespace lockscope::testing
