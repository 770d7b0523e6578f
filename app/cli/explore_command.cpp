#include "explore_command.h"

#include <QTextStream>

#include <nlohmann/json.hpp>

#include "backends/model_runner.h"
#include "exit_codes.h"
#include "explore_report.h"
#include "explorer_arguments.h"
#include "scenario_arguments.h"
#include "sim/explore/exploration.h"
#include "sim/explore/pct_search.h"
#include "sim/scenario/document_checks.h"
#include "sim/scenario/yaml_reader.h"
#include "systematic_explore.h"

namespace lockscope::cli {
namespace {

constexpr const char* kCommand = "explore";

// The PCT guarantee for the runs made (pct_search.h): one line, and its JSON fields.
QString pctGuarantee(const explore::PctReport& pct) {
  const explore::PctParameters& parameters = pct.parameters;
  return QString(
             "PCT depth %1, %2 clients, %3 steps: each run finds a bug of depth <= %1 with "
             "probability >= p = 1/(%2 x %3^%4) = %5; %6 %7 without one leave%8 at most "
             "(1-p)^%6 = %9")
      .arg(parameters.depth)
      .arg(pct.clients)
      .arg(parameters.steps)
      .arg(parameters.depth - 1)
      .arg(pct.probabilityPerRun, 0, 'g', 3)
      .arg(pct.runsWithoutBug)
      .arg(pct.runsWithoutBug == 1 ? "run" : "runs")
      .arg(pct.runsWithoutBug == 1 ? "s" : "")
      .arg(pct.missBound, 0, 'g', 3);
}

// Whether the seeded chooser reproduced a counterexample a PCT run found, in one line.
QString seededReproductionText(const explore::PctReport& pct, const QString& kind,
                               bool lessonAsked) {
  if (pct.reproduced)
    return QString("reproduced with the seeded chooser at seed %1 (%2 seeded runs)")
        .arg(pct.reproducedSeed)
        .arg(pct.seededRuns);
  return QString(
             "the seeded chooser shows no %1 with these faults at the run's seed or %2 seeds "
             "drawn from it: not shrunk%3")
      .arg(kind)
      .arg(pct.seededRuns - 1)
      .arg(lessonAsked ? ", no lesson written" : "");
}

void addPctJson(nlohmann::ordered_json& json, const explore::PctReport& pct) {
  json["pct_depth"] = pct.parameters.depth;
  json["pct_steps"] = pct.parameters.steps;
  json["pct_clients"] = pct.clients;
  json["pct_runs"] = pct.pctRuns;
  json["pct_runs_without_bug"] = pct.runsWithoutBug;
  json["pct_probability_per_run"] = pct.probabilityPerRun;
  json["pct_miss_bound"] = pct.missBound;
}

}  // namespace

int exploreCommand(const QStringList& arguments) {
  QTextStream err(stderr);
  QCommandLineParser parser;
  parser.setApplicationDescription(
      "Search a lesson's schedules and faults for a violation, shrink it, write it as a lesson.");
  addExplorerOptions(parser);
  parser.addOption({"mode",
                    "How to search: random (default), pct, or bfs or dfs (every schedule with at "
                    "most --depth deviations from the default one, breadth- or depth-first).",
                    "random|pct|bfs|dfs"});
  parser.addOption({"depth",
                    "pct: the bug depth d searched for (default 3, at most 20); bfs, dfs: at most "
                    "this many deviations in a run (default 2).",
                    "d"});
  parser.addOption({"runs", "Runs to try at most (default 2000).", "N"});
  parser.addOption({"faults",
                    "Faults the explorer may add, by kind (default: one of each fault of a "
                    "client's process or network the service applies).",
                    "crash=1,pause=1,..."});
  parser.addOption({"max-faults", "At most this many added faults in one run (default 1).", "N"});
  parser.addOption({"explore-seed", "The explorer's own seed (default 1).", "N"});
  parser.addOption({"time-limit", "Stop searching after this many seconds (default: none).", "S"});
  parser.addOption(
      {"out", "Write the shrunk counterexample as a lesson to this file.", "FILE.yaml"});
  parser.addOption(
      {"drop-faults", "Explore the lesson without its own faults (rediscover what they show)."});
  parser.addOption({"json", "Print one JSON report on stdout."});
  int exitCode = kExitOk;
  std::optional<ExplorerInput> input = readExplorerInput(parser, arguments, kCommand, exitCode);
  if (!input) return exitCode;
  if (parser.isSet("drop-faults")) input->lesson.faults.clear();
  const scenario::Scenario& lesson = input->lesson;

  const auto bad = [&err](const QString& problem) {
    err << "lockscope-cli explore: "
        << QString::fromStdString(scenario::singleLine(problem.toStdString())) << "\n";
    return kExitBadInput;
  };
  const auto count = [&](const char* option, uint64_t fallback, uint64_t low,
                         uint64_t high) -> std::optional<uint64_t> {
    if (!parser.isSet(option)) return fallback;
    bool ok = false;
    const qulonglong value = parser.value(option).toULongLong(&ok);
    if (!ok || value < low || value > high) {
      bad(QString("--%1 expects a whole number from %2 to %3, got '%4'")
              .arg(option)
              .arg(low)
              .arg(high)
              .arg(parser.value(option)));
      return std::nullopt;
    }
    return value;
  };
  const QString mode = parser.isSet("mode") ? parser.value("mode") : "random";
  const bool systematic = mode == "bfs" || mode == "dfs";
  if (mode != "random" && mode != "pct" && !systematic)
    return bad(
        QString("--mode '%1' is not available; expected: random, pct, bfs or dfs").arg(mode));
  if (parser.isSet("depth") && mode == "random")
    return bad("--depth is for --mode pct, bfs or dfs");
  const std::optional<uint64_t> depth = mode == "pct" ? count("depth", 3, 1, 20)
                                                      : count("depth", 2, 0, 64);
  if (!depth) return kExitBadInput;
  const std::optional<uint64_t> runs = count("runs", 2000, 1, 100'000'000);
  const std::optional<uint64_t> maxFaults = count("max-faults", 1, 0, 100);
  const std::optional<uint64_t> exploreSeed = count("explore-seed", 1, 0, UINT64_MAX);
  const std::optional<uint64_t> timeLimit = count("time-limit", 0, 0, 86'400 * 365);
  if (!runs || !maxFaults || !exploreSeed || !timeLimit) return kExitBadInput;

  explore::ExplorationRequest request;
  explore::RandomSearchOptions& options = request.search;
  options.hunt = input->hunt;
  options.runs = *runs;
  options.exploreSeed = *exploreSeed;
  options.timeLimitSeconds = static_cast<double>(*timeLimit);
  if (parser.isSet("faults")) {
    Result<explore::FaultBudget> budget = explore::parseFaultBudget(
        parser.value("faults").toStdString(), lesson, static_cast<int>(*maxFaults));
    if (!budget) return bad("--faults: " + QString::fromStdString(budget.message()));
    options.budget = *budget;
  } else {
    options.budget = explore::defaultFaultBudget(lesson);
    options.budget.total = static_cast<int>(*maxFaults);
  }

  const QString outPath = parser.value("out");
  if (parser.isSet("out")) {
    if (sameFile(outPath, parser.positionalArguments().first()))
      return bad("--out " + outPath + " is the lesson itself; choose another path");
    if (Status writable = explore::overridesWritable(input->overrides); !writable)
      return bad("--out: " + QString::fromStdString(writable.message()));
    // The text the lesson was just loaded from (the loader's own reader, with its limits).
    try {
      request.lessonText = scenario::readScenarioBytes(lesson.file);
    } catch (const scenario::ScenarioError& error) {
      return bad(QString::fromStdString(error.what()));
    }
    // The arguments arrive as "explore FILE ...".
    request.command = ("lockscope-cli " + arguments.join(' ')).toStdString();
    request.lessonFaultsDropped = parser.isSet("drop-faults");
    request.overrides = input->overrides;
  }

  if (systematic) {
    return systematicExplore({.lesson = &lesson,
                              .exploration = request,
                              .order = mode == "bfs" ? explore::SearchOrder::BreadthFirst
                                                     : explore::SearchOrder::DepthFirst,
                              .depth = static_cast<int>(*depth),
                              .outPath = outPath,
                              .json = parser.isSet("json")});
  }
  std::optional<explore::PctReport> pct;  // --mode pct
  const auto exploreInMode = [&]() -> Result<explore::Exploration> {
    if (mode != "pct") return explore::exploreLesson(lesson, request, backends::modelRunner());
    Result<explore::PctExploration> pctExplored = explore::explorePct(
        lesson, request, static_cast<int>(*depth),
        [](explore::ChooserFactory chooser) { return backends::modelRunner(std::move(chooser)); });
    if (!pctExplored) return pctExplored.status();
    pct = pctExplored->pct;
    return std::move(pctExplored->exploration);
  };
  Result<explore::Exploration> explored = exploreInMode();
  if (!explored) return bad(QString::fromStdString(explored.message()));
  const explore::SearchResult& search = explored->search;
  QTextStream out(stdout);
  const QString bounds = QString("%1 runs of %2 at most, faults %3, explorer seed %4")
                             .arg(search.runs)
                             .arg(options.runs)
                             .arg(QString::fromStdString(options.budget.describe()))
                             .arg(options.exploreSeed);
  nlohmann::ordered_json json = {{"scenario", lesson.file},
                                 {"mode", mode.toStdString()},
                                 {"runs", search.runs},
                                 {"max_runs", options.runs},
                                 {"faults", options.budget.describe()},
                                 {"explore_seed", options.exploreSeed},
                                 {"timed_out", search.timedOut},
                                 {"found", search.found.has_value()}};
  if (pct) addPctJson(json, *pct);
  if (!search.found) {
    if (parser.isSet("json")) {
      out << QString::fromStdString(json.dump(2)) << "\n";
    } else {
      out << "no violation within the bounds: " << bounds
          << (search.timedOut ? " (stopped by --time-limit)" : "") << "\n";
      if (pct) out << pctGuarantee(*pct) << "\n";
    }
    return kExitOk;
  }
  const QString kind = QString::fromStdString(search.found->violation.kind);
  const bool foundByPct = pct && search.found->run > 0;
  json["found_in_run"] = search.found->run;
  json["found_kind"] = search.found->violation.kind;
  json["found_candidate"] = candidateJson(search.found->candidate);
  if (!parser.isSet("json"))
    out << "found " << kind << (foundByPct ? " under PCT" : "") << " in run " << search.found->run
        << " of " << bounds << ": " << candidateText(search.found->candidate) << "\n";
  if (foundByPct) {
    // PCT's schedule is not the seeded chooser's: only what that reproduces is shrunk, written.
    json["seeded_reproduction"] = {{"reproduced", pct->reproduced},
                                   {"seeded_runs", pct->seededRuns}};
    if (pct->reproduced) json["seeded_reproduction"]["seed"] = pct->reproducedSeed;
    if (!parser.isSet("json"))
      out << seededReproductionText(*pct, kind, request.lessonText.has_value()) << "\n";
    if (!pct->reproduced) {
      if (parser.isSet("json")) out << QString::fromStdString(json.dump(2)) << "\n";
      else out << pctGuarantee(*pct) << "\n";
      return kExitFailed;
    }
  }

  const explore::Shrunk& shrunk = *explored->shrunk;
  const run::RunReport& replay = *explored->replay;
  const bool wrote = request.lessonText.has_value();
  if (wrote) {
    const std::string& text = explored->lessonText;
    const Status written = writeLessonFile(outPath, text);
    if (!written.ok())
      return bad("cannot write the lesson: " + QString::fromStdString(written.message()));
  }

  if (parser.isSet("json")) {
    json["shrink_runs"] = shrunk.runs;
    json["shrunk"] = candidateJson(shrunk.candidate);
    json["violation"] = violationJson(shrunk.violation, replay.origin);
    json["trace_sha256"] = replay.traceSha256;
    if (wrote) json["lesson"] = outPath.toStdString();
    out << QString::fromStdString(
               json.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace))
        << "\n";
  } else {
    out << "shrunk in " << shrunk.runs << " runs to " << candidateText(shrunk.candidate) << "\n";
    out << "  " << violationText(shrunk.violation, replay.origin) << "\n";
    out << "  trace sha256 " << QString::fromStdString(replay.traceSha256) << "\n";
    if (wrote)
      out << "wrote " << outPath << "; replay it with: lockscope-cli run " << outPath << "\n";
    if (pct) out << pctGuarantee(*pct) << "\n";
  }
  return kExitFailed;
}

}  // namespace lockscope::cli
