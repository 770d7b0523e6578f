#include "explorer_arguments.h"

#include <QTextStream>

#include "exit_codes.h"
#include "scenario_arguments.h"
#include "sim/scenario/document_checks.h"

namespace lockscope::cli {

void addExplorerOptions(QCommandLineParser& parser) {
  parser.addPositionalArgument("scenario", "The lesson to explore (YAML).");
  parser.addOption({"set", "Override a lesson key (repeatable), e.g. clients=3.", "key=value"});
  parser.addOption({"find",
                    "Violation kinds to hunt, comma-separated (default: every kind the checkers "
                    "report).",
                    "mutual_exclusion,lost_update,..."});
  parser.addHelpOption();
}

std::optional<ExplorerInput> readExplorerInput(QCommandLineParser& parser,
                                               const QStringList& arguments, const char* command,
                                               int& exitCode) {
  QTextStream err(stderr);
  exitCode = kExitBadInput;
  if (!parser.parse(arguments)) {
    err << "lockscope-cli " << command << ": " << parser.errorText() << "\n";
    return std::nullopt;
  }
  if (parser.isSet("help")) {
    QTextStream(stdout) << parser.helpText();
    exitCode = kExitOk;
    return std::nullopt;
  }
  if (parser.positionalArguments().size() != 1) {
    err << "lockscope-cli " << command << ": expected exactly one scenario file\n";
    return std::nullopt;
  }
  std::vector<scenario::Override> overrides;
  if (!parseOverrides(parser.values("set"), overrides)) return std::nullopt;
  std::optional<scenario::Scenario> lesson = loadScenarioOrReport(
      parser.positionalArguments().first(), overrides);
  if (!lesson) return std::nullopt;
  ExplorerInput input{std::move(*lesson), {}, overrides};
  if (parser.isSet("find")) {
    Result<explore::Hunt> hunt = explore::parseHunt(parser.value("find").toStdString());
    if (!hunt) {
      err << "lockscope-cli " << command
          << ": --find: " << QString::fromStdString(scenario::singleLine(hunt.message())) << "\n";
      return std::nullopt;
    }
    input.hunt = *hunt;
  }
  return input;
}

}  // namespace lockscope::cli
