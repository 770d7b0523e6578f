#include "gui_options.h"

#include <QRegularExpression>
#include <QStringList>

#include "language.h"
#include "sim/scenario/yaml_reader.h"

namespace lockscope::gui {

QString guiUsage() {
  return QStringLiteral(
      "usage: lockscope [--scenario FILE] [--compare RECIPE] [--lessons DIR] [--presentation]\n"
      "                 [--course] [--language en|zh_CN] [--console SCRIPT.zk|SCRIPT.redis]\n"
      "                 [--at TIME --screenshot OUT.png [--size WxH]] [--bench-frames N]\n"
      "                 [--slice]\n"
      "       lockscope --version | --help\n"
      "TIME is virtual time after the clients start: 2.5s, 300ms, 1500us.\n"
      "The window speaks the system's language (Chinese or English) unless --language says.\n"
      "--console opens the lesson's console (zkCli, or redis-cli in a Redis lesson) and types\n"
      "the script's lines into it, one by one.\n"
      "--slice shows the causal slice of the run's first violation in the diagram.\n");
}

ParsedOptions parseGuiOptions(const QStringList& arguments) {
  ParsedOptions parsed;
  GuiOptions& options = parsed.options;
  for (qsizetype index = 1; index < arguments.size(); ++index) {
    const QString& name = arguments[index];
    auto value = [&](QString& out) {
      if (index + 1 >= arguments.size()) {
        parsed.error = name + QStringLiteral(": expected a value after it");
        return false;
      }
      out = arguments[++index];
      return true;
    };
    QString text;
    if (name == QLatin1String("--help") || name == QLatin1String("-h")) {
      parsed.help = true;
    } else if (name == QLatin1String("--version")) {
      parsed.version = true;
    } else if (name == QLatin1String("--scenario")) {
      if (!value(options.scenario)) return parsed;
    } else if (name == QLatin1String("--compare")) {
      if (!value(options.compareRecipe)) return parsed;
    } else if (name == QLatin1String("--lessons")) {
      if (!value(options.lessons)) return parsed;
    } else if (name == QLatin1String("--console")) {
      if (!value(options.console)) return parsed;
    } else if (name == QLatin1String("--screenshot")) {
      if (!value(options.screenshot)) return parsed;
    } else if (name == QLatin1String("--language")) {
      if (!value(options.language)) return parsed;
      if (!guiLanguages().contains(options.language)) {
        parsed.error = QStringLiteral("--language: expected %1, got '%2'")
                           .arg(guiLanguages().join(QStringLiteral(" or ")), options.language);
        return parsed;
      }
    } else if (name == QLatin1String("--presentation")) {
      options.presentation = true;
    } else if (name == QLatin1String("--course")) {
      options.course = true;
    } else if (name == QLatin1String("--slice")) {
      options.slice = true;
    } else if (name == QLatin1String("--at")) {
      if (!value(text)) return parsed;
      sim::Micros micros = 0;
      if (!scenario::parseDurationText(text.toStdString(), micros)) {
        parsed.error =
            QStringLiteral("--at: expected a time like 2.5s, 300ms or 1500us, got '%1'").arg(text);
        return parsed;
      }
      options.at = micros;
    } else if (name == QLatin1String("--size")) {
      if (!value(text)) return parsed;
      const auto match = QRegularExpression(QStringLiteral("^(\\d{2,5})x(\\d{2,5})$")).match(text);
      if (!match.hasMatch()) {
        parsed.error =
            QStringLiteral("--size: expected WIDTHxHEIGHT like 1600x1000, got '%1'").arg(text);
        return parsed;
      }
      options.size = QSize(match.captured(1).toInt(), match.captured(2).toInt());
      if (options.size.width() > kMaxSize.width() || options.size.height() > kMaxSize.height()) {
        // Qt warns once per oversized buffer and row (thousands of lines) and then fails anyway.
        parsed.error = QStringLiteral("--size: at most %1x%2, got '%3'")
                           .arg(kMaxSize.width())
                           .arg(kMaxSize.height())
                           .arg(text);
        return parsed;
      }
    } else if (name == QLatin1String("--bench-frames")) {
      if (!value(text)) return parsed;
      bool ok = false;
      options.benchFrames = text.toInt(&ok);
      if (!ok || options.benchFrames < 1 || options.benchFrames > 1'000'000) {
        parsed.error = QStringLiteral(
                           "--bench-frames: expected a count from 1 to 1000000, got '%1'")
                           .arg(text);
        return parsed;
      }
    } else {
      parsed.error = QStringLiteral("unknown option '%1'").arg(name);
      return parsed;
    }
  }
  if (options.at && options.screenshot.isEmpty() && !parsed.help && !parsed.version) {
    // Without a screenshot the window opens and runs until closed: offscreen, that is forever.
    parsed.error = QStringLiteral("--at: goes with --screenshot OUT.png (the moment to picture)");
  }
  return parsed;
}

}  // namespace lockscope::gui
