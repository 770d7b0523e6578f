#include "language.h"

#include <QCoreApplication>
#include <QLocale>
#include <QQmlEngine>
#include <QTranslator>

namespace lockscope::gui {
namespace {

// Where qt_add_translations (i18n/CMakeLists.txt) embeds the compiled translations.
constexpr auto kResourceFolder = ":/i18n";

struct Installed {
  QTranslator translator;
  QString code = QStringLiteral("en");
  bool active = false;
};

Installed& installed() {
  static Installed state;
  return state;
}

}  // namespace

QStringList guiLanguages() { return {QStringLiteral("en"), QStringLiteral("zh_CN")}; }

QString systemLanguage() {
  // The languages the user reads, in order (LANGUAGE, LC_MESSAGES, LANG...): the first the GUI
  // speaks wins, so that LANGUAGE=zh_CN:en and LC_MESSAGES=zh_CN both give Chinese.
  for (const QString& language : QLocale::system().uiLanguages()) {
    if (language.startsWith(QLatin1String("zh"))) return QStringLiteral("zh_CN");
    if (language.startsWith(QLatin1String("en"))) break;
  }
  return QStringLiteral("en");
}

bool installLanguage(const QString& code) {
  if (!guiLanguages().contains(code)) return false;
  Installed& state = installed();
  if (state.active) {
    QCoreApplication::removeTranslator(&state.translator);
    state.active = false;
  }
  if (code != QLatin1String("en")) {
    // Loaded before it is installed: a missing translation leaves the GUI in English, not mixed.
    if (!state.translator.load(QStringLiteral("lockscope_") + code,
                               QString::fromLatin1(kResourceFolder))) {
      state.code = QStringLiteral("en");
      return false;
    }
    QCoreApplication::installTranslator(&state.translator);
    state.active = true;
  }
  state.code = code;
  return true;
}

QString installedLanguage() { return installed().code; }

bool Language::use(const QString& code) {
  if (code == installedLanguage()) return true;
  if (!installLanguage(code)) return false;
  // Every binding that called qsTr is evaluated again with the new translator.
  if (QQmlEngine* engine = qmlEngine(this)) engine->retranslate();
  emit changed();
  return true;
}

void Language::toggle() {
  use(installedLanguage() == QLatin1String("en") ? QStringLiteral("zh_CN") : QStringLiteral("en"));
}

}  // namespace lockscope::gui
