#include "systematic_explore.h"

#include <QTextStream>
#include <chrono>

#include "backends/model_runner.h"
#include "exit_codes.h"
#include "explore_report.h"
#include "sim/scenario/document_checks.h"

namespace lockscope::cli {
namespace {

const char* modeName(explore::SearchOrder order) {
  return order == explore::SearchOrder::BreadthFirst ? "bfs" : "dfs";
}

std::vector<uint64_t> wide(const std::vector<uint32_t>& schedule) {
  return {schedule.begin(), schedule.end()};
}

}  // namespace

int systematicExplore(const SystematicRequest& request) {
  const scenario::Scenario& lesson = *request.lesson;
  const explore::RandomSearchOptions& common = request.exploration.search;
  explore::SystematicOptions options;
  options.order = request.order;
  options.budget = common.budget;
  options.hunt = common.hunt;
  options.depth = request.depth;
  options.timeLimitSeconds = common.timeLimitSeconds;

  const auto started = std::chrono::steady_clock::now();
  const explore::SystematicResult result = explore::systematicSearch(
      lesson, options, backends::scheduledModelRunner());
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

  QTextStream out(stdout);
  QTextStream err(stderr);
  const QString bounds = QString("deviations <= %1, faults %2, clients %3")
                             .arg(request.depth)
                             .arg(QString::fromStdString(options.budget.describe()))
                             .arg(lesson.clients.size());
  const QString counts = QString("%1 runs, %2 distinct traces, in %3 s")
                             .arg(result.runs)
                             .arg(result.distinctTraces)
                             .arg(seconds, 0, 'f', 2);
  nlohmann::ordered_json json = {{"scenario", lesson.file},
                                 {"mode", modeName(request.order)},
                                 {"depth", request.depth},
                                 {"faults", options.budget.describe()},
                                 {"clients", lesson.clients.size()},
                                 {"runs", result.runs},
                                 {"distinct_traces", result.distinctTraces},
                                 {"fault_choices", result.faultChoices},
                                 {"default_branching_decisions", result.defaultDecisions},
                                 {"exhausted", result.exhausted},
                                 {"timed_out", result.timedOut},
                                 {"found", result.found.has_value()}};
  if (!result.found) {
    if (request.json) {
      out << QString::fromStdString(json.dump(2)) << "\n";
    } else if (result.exhausted) {
      out << "no violation within the bounds (" << bounds << "): " << counts << "\n";
    } else {
      out << "no violation found before --time-limit (" << bounds << "): " << counts
          << "; the bounds were not searched through\n";
    }
    return kExitOk;
  }

  const explore::SystematicFound& found = *result.found;
  const run::RunReport& report = found.report;
  // A counterexample made of faults alone may replay with the lesson's own seeded chooser: then
  // it is shrunk and written like the random mode's. Any other is written unshrunk with its
  // schedule pinned (`schedule:`), which the lesson's runs then follow.
  explore::Exploration exploration;
  const explore::ScenarioRunner seeded = backends::modelRunner();
  bool replays = false;
  if (found.schedule.empty()) {
    const run::RunReport again = seeded(explore::applyCandidate(lesson, found.candidate));
    if (const auto violation = common.hunt.first(again.verdict)) {
      replays = true;
      exploration.search.found = explore::Found{found.candidate, *violation, found.run};
      exploration.search.runs = result.runs;
    }
  }
  const bool wantLesson = request.exploration.lessonText.has_value();
  if (!replays && wantLesson) {
    // Written as found, its schedule pinned: the lesson runs it with the same chooser.
    Result<std::string> text = explore::requestedLessonText(
        lesson, request.exploration, found.candidate, report, found.violation, found.schedule);
    if (!text) {
      err << "lockscope-cli explore: "
          << QString::fromStdString(scenario::singleLine(text.message())) << "\n";
      return kExitBadInput;
    }
    exploration.lessonText = std::move(*text);
  }
  if (replays) {
    Result<explore::Exploration> shrunk = explore::shrinkFound(lesson, request.exploration,
                                                               std::move(exploration), seeded);
    if (!shrunk) {
      err << "lockscope-cli explore: "
          << QString::fromStdString(scenario::singleLine(shrunk.message())) << "\n";
      return kExitBadInput;
    }
    exploration = std::move(*shrunk);
  }
  if (wantLesson) {
    const Status written = writeLessonFile(request.outPath, exploration.lessonText);
    if (!written.ok()) {
      err << "lockscope-cli explore: cannot write the lesson: "
          << QString::fromStdString(scenario::singleLine(written.message())) << "\n";
      return kExitBadInput;
    }
  }

  if (request.json) {
    json["found_in_run"] = found.run;
    json["deviations"] = found.deviations();
    json["found_candidate"] = candidateJson(found.candidate);
    json["found_schedule"] = wide(found.schedule);
    json["violation"] = violationJson(found.violation, report.origin);
    json["trace_sha256"] = report.traceSha256;
    json["replays_with_seed"] = replays;
    if (replays) {
      json["shrink_runs"] = exploration.shrunk->runs;
      json["shrunk"] = candidateJson(exploration.shrunk->candidate);
      json["shrunk_trace_sha256"] = exploration.replay->traceSha256;
    }
    if (wantLesson) json["lesson"] = request.outPath.toStdString();
    out << QString::fromStdString(
               json.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace))
        << "\n";
  } else {
    out << "found " << QString::fromStdString(found.violation.kind) << " in run " << found.run
        << " with " << found.deviations()
        << (found.deviations() == 1 ? " deviation (" : " deviations (") << bounds << "; " << counts
        << "): " << candidateText(found.candidate) << ", schedule "
        << QString::fromStdString(sim::scheduleText(found.schedule)) << "\n";
    out << "  " << violationText(found.violation, report.origin) << "\n";
    out << "  trace sha256 " << QString::fromStdString(report.traceSha256) << "\n";
    if (replays) {
      const explore::Shrunk& shrunk = *exploration.shrunk;
      out << "replays with the lesson's seeded chooser; shrunk in " << shrunk.runs << " runs to "
          << candidateText(shrunk.candidate) << "\n";
      out << "  " << violationText(shrunk.violation, exploration.replay->origin) << "\n";
    } else {
      out << "it does not show with the lesson's seeded choices: a written lesson pins its "
          << "schedule (schedule: " << QString::fromStdString(sim::scheduleText(found.schedule))
          << "), unshrunk\n";
    }
    if (wantLesson)
      out << "wrote " << request.outPath << "; replay it with: lockscope-cli run "
          << request.outPath << "\n";
  }
  return kExitFailed;
}

}  // namespace lockscope::cli
