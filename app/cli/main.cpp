// lockscope-cli: the headless runner. Subcommands live in files of their own; this file only
// dispatches. Exit codes: see exit_codes.h.
#include <QCoreApplication>
#include <QStringList>
#include <QTextStream>

#include "check_command.h"
#include "exit_codes.h"
#include "recipes_command.h"
#include "run_command.h"
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
    {"shell", "a zkCli.sh-compatible shell over the model ZooKeeper (commands on stdin)",
     shellCommand},
};

int usage(QTextStream& stream, int exitCode) {
  stream << "usage: lockscope-cli <command> [options]   (lockscope-cli <command> --help)\n"
            "commands:\n";
  for (const Subcommand& subcommand : kSubcommands) {
    stream << "  " << QString(subcommand.name).leftJustified(10) << subcommand.summary << "\n";
  }
  stream.flush();
  return exitCode;
}

}  // namespace

int main(int argc, char** argv) {
  QCoreApplication app(argc, argv);
  QCoreApplication::setApplicationName("lockscope-cli");
  QCoreApplication::setApplicationVersion("0.1");
  QTextStream err(stderr);
  const QStringList arguments = app.arguments();
  if (arguments.size() < 2) return usage(err, kExitBadInput);
  const QString command = arguments.at(1);
  if (command == "--version") {
    QTextStream(stdout) << "lockscope-cli " << QCoreApplication::applicationVersion() << "\n";
    return kExitOk;
  }
  if (command == "--help" || command == "-h" || command == "help") {
    QTextStream out(stdout);
    return usage(out, kExitOk);
  }
  for (const Subcommand& subcommand : kSubcommands) {
    // The subcommand sees "lockscope-cli <command> ..." so its parser can name itself.
    if (command == subcommand.name) return subcommand.handler(arguments.mid(1));
  }
  err << "lockscope-cli: unknown command '" << command << "'\n";
  return usage(err, kExitBadInput);
}
