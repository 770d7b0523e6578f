// What the app's file dialog (qml/FilePathDialog.qml) asks of the file system: whether a path
// is taken (Record and Export never overwrite without asking), where to start, and the URL a
// folder listing needs. Paths are local file paths as typed, "~/" meaning the home folder.
#pragma once

#include <QtQml/qqmlregistration.h>
#include <QObject>
#include <QUrl>

namespace lockscope::gui {

class FilePaths : public QObject {
  Q_OBJECT
  QML_ELEMENT
  QML_SINGLETON

 public:
  using QObject::QObject;
  // The typed path made absolute: "~/" expanded, a relative one taken from the working folder.
  Q_INVOKABLE static QString absolute(const QString& typed);
  // `path` with `suffix` (".yaml") appended when it has no suffix of its own.
  Q_INVOKABLE static QString withSuffix(const QString& path, const QString& suffix);
  Q_INVOKABLE static bool exists(const QString& path);
  Q_INVOKABLE static bool isFolder(const QString& path);
  // The folder a path is in (itself if it is a folder), and that folder as a file: URL.
  Q_INVOKABLE static QString folderOf(const QString& path);
  Q_INVOKABLE static QUrl folderUrl(const QString& path);
  Q_INVOKABLE static QString home();
};

}  // namespace lockscope::gui
