// The GUI's language: English (the sources' own words) or Simplified Chinese (i18n/). One
// translator for the whole application, installed before the window loads (the system locale or
// --language) and swapped while it runs (the top bar's EN / 中文, Ctrl+L): the engine then
// re-evaluates every qsTr binding, so the window changes language without a restart.
#pragma once

#include <QtQml/qqmlregistration.h>
#include <QObject>
#include <QString>
#include <QStringList>

namespace lockscope::gui {

// The languages the GUI speaks, as --language names them: "en" first (no translator).
QStringList guiLanguages();
// "zh_CN" when the system's locale reads Chinese before English, "en" otherwise.
QString systemLanguage();
// Installs the translator for `code` application-wide (removing the previous one); false for a
// language the GUI does not speak or whose translation is missing from the resources.
bool installLanguage(const QString& code);
// The language installed last ("en" before any).
QString installedLanguage();

class Language : public QObject {
  Q_OBJECT
  QML_ELEMENT
  QML_SINGLETON
  Q_PROPERTY(QString current READ current NOTIFY changed)

 public:
  using QObject::QObject;

  QString current() const { return installedLanguage(); }
  // Switches the application's language and retranslates the engine this singleton belongs to.
  Q_INVOKABLE bool use(const QString& code);
  // English to Chinese and back.
  Q_INVOKABLE void toggle();

 signals:
  void changed();
};

}  // namespace lockscope::gui
