#include "check_command.h"

#include <QCommandLineParser>
#include <QDirIterator>
#include <QFileInfo>
#include <QTextStream>
#include <algorithm>

#include "challenge_check.h"
#include "exit_codes.h"
#include "judged_run.h"
#include "live_option.h"
#include "live_stop_report.h"
#include "report_text.h"
#include "scenario_arguments.h"
#include "sim/scenario/course_check.h"

namespace lockscope::cli {
namespace {

// Every scenario file named or below a named directory, in order. A path that does not exist
// is kept too, so that it is reported in its place and counted, and the other files still run.
QStringList collectScenarios(const QStringList& paths) {
  QStringList files;
  for (const QString& path : paths) {
    if (!QFileInfo(path).isDir()) {
      files << path;
      continue;
    }
    QStringList found;
    QDirIterator it(path, {"*.yaml", "*.yml"}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) found << it.next();
    std::sort(found.begin(), found.end());
    files << found;
  }
  return files;
}

// A course file (course.yaml) is checked as a course, not run: its shape, and that it lists every
// lesson of its folder once and each loads. Each problem is one line on stderr, as a scenario's
// loader error is; whether it passed is the usual line on stdout.
bool checkCourse(const QString& file, QTextStream& out) {
  const scenario::CourseLoadResult loaded = scenario::loadCourseFile(file.toStdString());
  std::vector<std::string> problems;
  if (loaded.course) problems = scenario::checkCourseFolder(*loaded.course, file.toStdString());
  else problems.push_back(loaded.error);
  for (const std::string& problem : problems)
    QTextStream(stderr) << QString::fromStdString(problem) << "\n";
  if (!problems.empty()) {
    out << "FAIL " << file << ": invalid course (see above)\n";
    return false;
  }
  size_t lessons = 0;
  for (const scenario::CourseChapter& chapter : loaded.course->chapters)
    lessons += chapter.lessons.size();
  out << "ok   " << file << "  the course: " << loaded.course->chapters.size() << " chapters, "
      << lessons << " lessons\n";
  return true;
}

}  // namespace

int checkCommand(const QStringList& arguments) {
  QTextStream err(stderr);
  QTextStream out(stdout);
  QCommandLineParser parser;
  parser.setApplicationDescription("Run every scenario with expectations and judge it.");
  parser.addPositionalArgument("paths", "Scenario files or directories.", "FILE|DIR...");
  parser.addOption({"set", "Override a key in every scenario (repeatable).", "key=value"});
  parser.addOption({"live", "Run against live ZooKeeper or Redis servers instead of the model.",
                    "zk=HOST:PORT,...|redis=HOST:PORT,...|pg=HOST:PORT/DB|mariadb=HOST:PORT/DB"});
  parser.addHelpOption();
  if (!parser.parse(arguments)) {
    err << "lockscope-cli check: " << parser.errorText() << "\n";
    return kExitBadInput;
  }
  if (parser.isSet("help")) {
    out << parser.helpText();
    return kExitOk;
  }
  std::vector<scenario::Override> overrides;
  if (!parseOverrides(parser.values("set"), overrides)) return kExitBadInput;
  if (parser.positionalArguments().isEmpty()) {
    err << "lockscope-cli check: expected scenario files or directories\n";
    return kExitBadInput;
  }
  const QStringList files = collectScenarios(parser.positionalArguments());
  if (files.isEmpty()) {
    // "0 passed, 0 failed" and exit 0 would read as success: nothing was checked.
    err << "lockscope-cli check: no scenarios found (*.yaml, *.yml) in "
        << parser.positionalArguments().join(", ") << "\n";
    return kExitBadInput;
  }
  backends::LiveChoice live;  // no servers: the model
  if (parser.isSet("live")) {
    std::optional<backends::LiveChoice> servers = parseRunLiveValue(parser.value("live"), "check");
    if (!servers) return kExitBadInput;
    live = std::move(*servers);
    if (const int code = checkReachable(live, "check"); code != kExitOk) return code;
  }

  int passed = 0, failed = 0, skipped = 0;
  bool badInput = false, claimsNoted = false;
  for (const QString& file : files) {
    if (scenario::isCourseFile(file.toStdString())) {
      const bool ok = checkCourse(file, out);
      ++(ok ? passed : failed);
      badInput |= !ok;
      continue;
    }
    std::optional<scenario::Scenario> scenario = loadScenarioOrReport(file, overrides);
    if (!scenario) {
      out << "FAIL " << file << ": invalid scenario (see above)\n";
      ++failed;
      badInput = true;
      continue;
    }
    if (!live.live() && !scenario->liveOnly.en.empty()) {
      // Its story needs real servers (an ensemble's election); the model's one server would
      // tell another one. Judged by `check --live`.
      out << "skip " << file << ": live only (" << QString::fromStdString(scenario->liveOnly.en)
          << ")\n";
      ++skipped;
      continue;
    }
    if (live.live() && !claimsNoted && hasNarrationClaims(*scenario)) {
      err << "lockscope-cli check: note: what the narration shows (shows:) is checked on the model "
             "only\n";
      claimsNoted = true;
    }
    run::RunOptions options;
    if (chooseBackend(options, live, *scenario) != kExitOk) {
      out << "FAIL " << file << ": cannot run live (see above)\n";
      ++failed;
      badInput = true;
      continue;
    }
    if (scenario->challenge && !live.live() && !isChallengeOriginal(file, *scenario->challenge)) {
      const ChallengeOutcome outcome = checkChallengeRecording(file, *scenario, options,
                                                               !overrides.empty(), out);
      ++(outcome == ChallengeOutcome::Solved ? passed : failed);
      badInput |= outcome == ChallengeOutcome::BadInput;
      out.flush();
      continue;
    }
    const run::RunReport report = judgedRun(*scenario, options, live.live());
    if (report.backendStop.kind != run::BackendStop::Kind::None) {
      // The servers are gone or the user asked to stop: the scenarios after this one would not run
      // either.
      out.flush();
      QTextStream(stderr) << "lockscope-cli check: " << file << ": "
                          << QString::fromStdString(backendStopLine(report)) << "\n";
      return backendStopExitCode(report.backendStop);
    }
    if (report.passed()) {
      out << "ok   " << file << "  " << QString::fromStdString(report.title.en) << "\n";
      ++passed;
    } else {
      const std::string reproduce = reproduceCommand(report, overrides,
                                                     parser.value("live").toStdString());
      out << "FAIL " << file << ": " << QString::fromStdString(report.unmetExpectations.front())
          << " (reproduce: " << QString::fromStdString(reproduce) << ")\n";
      ++failed;
    }
    out.flush();
  }
  out << passed << " passed, " << failed << " failed";
  if (skipped > 0) out << ", " << skipped << " skipped (live only)";
  out << "\n";
  if (badInput) return kExitBadInput;
  return failed == 0 ? kExitOk : kExitFailed;
}

}  // namespace lockscope::cli
