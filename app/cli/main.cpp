// lockscope-cli: subcommand dispatch. Exit codes (design.md §4): 0 success, 1 an expectation or
// invariant failed, 2 bad input or usage, 3 a live server unreachable.
#include <QCoreApplication>
#include <QStringList>
#include <QTextStream>

namespace {

constexpr int kExitUsage = 2;

int usage(QTextStream& err) {
  err << "usage: lockscope-cli <command> [options]\n"
         "commands:\n"
         "  shell        a zkCli.sh-compatible shell over the model ZooKeeper (stdin)\n";
  err.flush();
  return kExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
  QCoreApplication app(argc, argv);
  QCoreApplication::setApplicationName("lockscope-cli");
  QCoreApplication::setApplicationVersion("0.1");
  QTextStream err(stderr);
  const QStringList arguments = app.arguments();
  if (arguments.size() < 2) return usage(err);
  const QString command = arguments.at(1);
  if (command == "--version") {
    QTextStream(stdout) << "lockscope-cli " << QCoreApplication::applicationVersion() << "\n";
    return 0;
  }
  err << "lockscope-cli: unknown command '" << command << "'\n";
  return usage(err);
}
