#include "command_line.h"

#include <QTextStream>

#include "exit_codes.h"

namespace lockscope::cli {

std::optional<int> parseOptionsOnly(QCommandLineParser& parser, const QStringList& arguments,
                                    const char* command) {
  parser.addHelpOption();
  if (!parser.parse(arguments) || !parser.positionalArguments().isEmpty()) {
    QTextStream(stderr) << "lockscope-cli " << command << ": "
                        << (parser.errorText().isEmpty() ? QString("unexpected argument")
                                                         : parser.errorText())
                        << "\n";
    return kExitBadInput;
  }
  if (parser.isSet("help")) {
    QTextStream(stdout) << parser.helpText();
    return kExitOk;
  }
  return std::nullopt;
}

}  // namespace lockscope::cli
