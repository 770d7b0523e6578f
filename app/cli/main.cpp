// lockscope-cli: the headless runner. Subcommands live in files of their own; this file only
// dispatches. Exit codes: see exit_codes.h.
#include <QCoreApplication>
#include <QStringList>
#include <QTextStream>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>

#include "check_command.h"
#include "exit_codes.h"
#include "explore_command.h"
#include "lockscope_version.h"
#include "recipes_command.h"
#include "redis_shell_main.h"
#include "run_command.h"
#include "services_command.h"
#include "sim/scenario/document_checks.h"
#include "sweep_command.h"
#include "version_text.h"
#include "zk_shell_main.h"

namespace {

using namespace lockscope::cli;

struct Subcommand {
  const char* name;
  const char* summary;
  int (*handler)(const QStringList&);
};

const Subcommand kSubcommands[] = {
    {"run", "run one scenario against the model and judge it", runCommand},
    {"check", "run every scenario with expectations; last line 'N passed, N failed'", checkCommand},
    {"recipes", "list the lock recipes, or --show NAME's pseudocode", recipesCommand},
    {"services", "compare database, Redis and ZooKeeper locks, measured on the model",
     servicesCommand},
    {"shell", "a zkCli.sh-compatible shell over the model ZooKeeper (commands on stdin)",
     shellCommand},
    {"redis-shell", "a redis-cli-compatible shell over the model Redis (commands on stdin)",
     redisShellCommand},
    {"explore", "search a lesson's schedules and faults for a violation; write it as a lesson",
     exploreCommand},
    {"sweep", "run a lesson under a range of seeds (or a shard); JSON Lines of violations",
     sweepCommand},
};

int usage(QTextStream& stream, int exitCode) {
  stream << "usage: lockscope-cli <command> [options]   (lockscope-cli <command> --help)\n"
            "commands:\n";
  for (const Subcommand& subcommand : kSubcommands) {
    stream << "  " << QString(subcommand.name).leftJustified(12) << subcommand.summary << "\n";
  }
  stream.flush();
  return exitCode;
}

// Bad usage is one line on stderr (the full usage is for --help, on stdout).
int badCommand(QTextStream& err, const QString& problem) {
  QStringList names;
  for (const Subcommand& subcommand : kSubcommands) names << subcommand.name;
  err << "lockscope-cli: "
      << QString::fromStdString(lockscope::scenario::singleLine(problem.toStdString()))
      << "; expected one of: " << names.join(", ") << " (lockscope-cli --help for usage)\n";
  return kExitBadInput;
}

// Runs a subcommand so that no exception escapes main (which would abort with a core dump and
// lose the report): one line naming it instead, and kExitInternalError.
int runGuarded(const Subcommand& subcommand, const QStringList& arguments) {
  try {
    return subcommand.handler(arguments);
  } catch (const std::exception& error) {
    QTextStream(stderr) << "lockscope-cli " << subcommand.name
                        << ": internal error: " << error.what() << "\n";
  } catch (...) {
    QTextStream(stderr) << "lockscope-cli " << subcommand.name << ": internal error\n";
  }
  return kExitInternalError;
}

// stdout is buffered: a report written to a full disk or a closed pipe fails only at the flush.
// A lost report is a failed run, never exit 0.
int finishOutput(int exitCode) {
  errno = 0;
  if (std::fflush(stdout) == 0 && !std::ferror(stdout)) return exitCode;
  // Qt's stream usually meets the error first and errno no longer says which. The output is
  // already incomplete, so one more byte is written to learn the reason (ENOSPC, EFBIG, EIO...).
  if (errno == 0) {
    std::clearerr(stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
  }
  const QString reason = errno != 0 ? QString::fromLocal8Bit(std::strerror(errno))
                                    : QStringLiteral("output was lost or cut short");
  QTextStream(stderr) << "lockscope-cli: writing standard output failed: " << reason << "\n";
  return exitCode == kExitOk || exitCode == kExitFailed ? kExitOutputFailed : exitCode;
}

}  // namespace

int main(int argc, char** argv) {
  QCoreApplication app(argc, argv);
  QCoreApplication::setApplicationName("lockscope-cli");
  QCoreApplication::setApplicationVersion(LOCKSCOPE_VERSION);
  QTextStream err(stderr);
  const QStringList arguments = app.arguments();
  if (arguments.size() < 2) return badCommand(err, QStringLiteral("expected a command"));
  const QString command = arguments.at(1);
  if (command == "--version") {
    QTextStream(stdout) << lockscope::version::versionText(QStringLiteral("lockscope-cli"));
    return kExitOk;
  }
  if (command == "--help" || command == "-h" || command == "help") {
    QTextStream out(stdout);
    return usage(out, kExitOk);
  }
  for (const Subcommand& subcommand : kSubcommands) {
    // The subcommand sees "lockscope-cli <command> ..." so its parser can name itself.
    if (command == subcommand.name) return finishOutput(runGuarded(subcommand, arguments.mid(1)));
  }
  return badCommand(err, QStringLiteral("unknown command '%1'").arg(command));
}
