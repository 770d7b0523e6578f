// What `explore`'s modes print about a counterexample: the candidate, the violation, their JSON,
// and the found lesson written to its file.
#pragma once

#include <QString>

#include <nlohmann/json.hpp>

#include "sim/checkers/run_verdict.h"
#include "sim/engine/status.h"
#include "sim/explore/candidate.h"

namespace lockscope::cli {

// "seed 15, 2 clients, pause c1 at 7 ms for 2171 ms"
QString candidateText(const explore::Candidate& candidate);
// "mutual_exclusion at 2187.2 ms [c1 c2]: ..." (times from `origin`, the clients' start)
QString violationText(const checkers::Violation& violation, sim::Micros origin);
nlohmann::ordered_json candidateJson(const explore::Candidate& candidate);
nlohmann::ordered_json violationJson(const checkers::Violation& violation, sim::Micros origin);

// Writes `text` to `path` atomically.
Status writeLessonFile(const QString& path, const std::string& text);

}  // namespace lockscope::cli
