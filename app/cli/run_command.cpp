#include "run_command.h"

#include <sys/resource.h>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QTextStream>

#include <memory>

#include "exit_codes.h"
#include "judged_run.h"
#include "live_option.h"
#include "live_stop_report.h"
#include "progress_line.h"
#include "report_json.h"
#include "report_text.h"
#include "scenario_arguments.h"
#include "sim/trace/atomic_file.h"
#include "sim/trace/trace_sinks.h"
#include "slice_report.h"

namespace lockscope::cli {
namespace {

// True (after printing why) when `output` names the same file as the scenario `input`: writing
// the trace there would destroy the scenario (`--trace s.yaml`).
bool outputIsInput(const QString& output, const QString& input, QTextStream& err) {
  if (!sameFile(output, input)) return false;
  err << "lockscope-cli run: --trace " << output
      << " is the scenario file itself; choose another path\n";
  return true;
}

}  // namespace

int runCommand(const QStringList& arguments) {
  QTextStream err(stderr);
  QCommandLineParser parser;
  parser.setApplicationDescription("Run one scenario against the model and judge it.");
  parser.addPositionalArgument("scenario", "The scenario file (YAML).");
  parser.addOption({"seed", "Replace the scenario's seed.", "N"});
  parser.addOption(
      {"set", "Override a scenario key (repeatable), e.g. clients=1000.", "key=value"});
  parser.addOption({"trace", "Write every event as JSON Lines to this file.", "OUT.jsonl"});
  parser.addOption({"json", "Print one JSON report on stdout."});
  parser.addOption({"slice",
                    "After the report, each violation's causal slice: the events it depends on "
                    "(with --json: a \"slice\" array of trace indices per violation)."});
  parser.addOption({"live", "Run against live ZooKeeper or Redis servers instead of the model.",
                    "zk=HOST:PORT,...|redis=HOST:PORT,...|pg=HOST:PORT/DB|mariadb=HOST:PORT/DB"});
  parser.addHelpOption();
  if (!parser.parse(arguments)) {
    err << "lockscope-cli run: " << parser.errorText() << "\n";
    return kExitBadInput;
  }
  if (parser.isSet("help")) {
    QTextStream(stdout) << parser.helpText();
    return kExitOk;
  }
  if (parser.positionalArguments().size() != 1) {
    err << "lockscope-cli run: expected exactly one scenario file\n";
    return kExitBadInput;
  }
  std::vector<scenario::Override> overrides;
  if (!parseOverrides(parser.values("set"), overrides)) return kExitBadInput;
  if (parser.isSet("seed")) overrides.push_back({"seed", parser.value("seed").toStdString()});

  std::optional<scenario::Scenario> scenario = loadScenarioOrReport(
      parser.positionalArguments().first(), overrides);
  if (!scenario) return kExitBadInput;

  backends::LiveChoice live;  // no servers: the model
  if (parser.isSet("live")) {
    std::optional<backends::LiveChoice> servers = parseRunLiveValue(parser.value("live"), "run");
    if (!servers) return kExitBadInput;
    live = std::move(*servers);
  }
  run::RunOptions options;
  if (const int code = chooseBackend(options, live, *scenario); code != kExitOk) return code;
  if (live.live()) {
    if (const int code = checkReachable(live, "run"); code != kExitOk) return code;
  }
  // The trace is written to a temporary file and renamed into place only when complete.
  std::unique_ptr<sim::AtomicFile> traceFile;
  std::unique_ptr<sim::TraceFileWriter> traceWriter;
  if (parser.isSet("trace")) {
    const QString tracePath = parser.value("trace");
    if (outputIsInput(tracePath, parser.positionalArguments().first(), err)) return kExitBadInput;
    traceFile = std::make_unique<sim::AtomicFile>(tracePath.toStdString());
    if (const Status opened = traceFile->open(); !opened.ok()) {
      err << "lockscope-cli run: cannot write the trace file "
          << QString::fromStdString(opened.message()) << "\n";
      return kExitBadInput;
    }
    traceWriter = std::make_unique<sim::TraceFileWriter>(traceFile->stream());
    options.sinks.push_back(traceWriter.get());
  }

  // --slice: the events themselves, for the slices computed after the run.
  sim::TraceRecorder recorder;
  if (parser.isSet("slice")) options.sinks.push_back(&recorder);

  std::optional<ProgressLine> progress;
  if (ProgressLine::wanted()) {
    uint64_t planned = 0;
    for (const auto& client : scenario->clients) planned += static_cast<uint64_t>(client.rounds);
    options.sinks.push_back(&progress.emplace(planned));
  }

  QElapsedTimer wall;
  wall.start();
  if (!scenario->liveOnly.en.empty() && !live.live()) {
    err << "lockscope-cli run: note: " << parser.positionalArguments().first()
        << " is a lesson for live servers (" << QString::fromStdString(scenario->liveOnly.en)
        << "); the model runs it with one server standing for the service\n";
  }
  if (live.live() && hasNarrationClaims(*scenario)) {
    err << "lockscope-cli run: note: what the narration shows (shows:) is checked on the model "
           "only\n";
  }
  const run::RunReport report = judgedRun(*scenario, options, live.live());
  const double wallMs = static_cast<double>(wall.nsecsElapsed()) / 1e6;
  progress.reset();  // erases the line before anything else is printed
  if (traceFile) {
    // A failed write leaves the stream's error flag set, so commit() fails too and removes the
    // temporary file.
    if (const Status written = traceFile->commit(); !written.ok()) {
      err << "lockscope-cli run: writing the trace file failed: "
          << QString::fromStdString(written.message()) << "\n";
      return kExitBadInput;
    }
  }

  if (report.backendStop.kind != run::BackendStop::Kind::None) {
    err << "lockscope-cli run: " << QString::fromStdString(backendStopLine(report)) << "\n";
    return backendStopExitCode(report.backendStop);
  }

  QTextStream out(stdout);
  std::vector<checkers::CausalSlice> slices;
  if (parser.isSet("slice")) slices = violationSlices(report, recorder.events());
  if (parser.isSet("json")) {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    out << QString::fromStdString(reportJson(report, {wallMs, usage.ru_maxrss},
                                             parser.isSet("slice") ? &slices : nullptr))
        << "\n";
  } else {
    out << QString::fromStdString(reportText(report));
    if (parser.isSet("slice"))
      out << QString::fromStdString(sliceText(report, recorder.events(), slices));
  }
  if (!report.passed()) {
    err << "lockscope-cli run: " << report.unmetExpectations.size()
        << " expectation(s) unmet; reproduce with: "
        << QString::fromStdString(
               reproduceCommand(report, overrides, parser.value("live").toStdString()))
        << "\n";
    return kExitFailed;
  }
  return kExitOk;
}

}  // namespace lockscope::cli
