#include "file_paths.h"

#include <QDir>
#include <QFileInfo>

namespace lockscope::gui {

QString FilePaths::absolute(const QString& typed) {
  QString path = typed.trimmed();
  if (path == QLatin1String("~")) return QDir::homePath();
  if (path.startsWith(QLatin1String("~/"))) path = QDir::homePath() + path.mid(1);
  if (path.isEmpty()) return {};
  return QDir::cleanPath(QFileInfo(path).absoluteFilePath());
}

QString FilePaths::withSuffix(const QString& path, const QString& suffix) {
  if (path.isEmpty() || isFolder(path) || !QFileInfo(path).suffix().isEmpty()) return path;
  return path + suffix;
}

bool FilePaths::exists(const QString& path) {
  return !path.isEmpty() && QFileInfo::exists(absolute(path));
}

bool FilePaths::isFolder(const QString& path) {
  return !path.isEmpty() && QFileInfo(absolute(path)).isDir();
}

QString FilePaths::folderOf(const QString& path) {
  const QString full = absolute(path);
  if (full.isEmpty()) return QDir::homePath();
  return QFileInfo(full).isDir() ? full : QFileInfo(full).absolutePath();
}

QUrl FilePaths::folderUrl(const QString& path) { return QUrl::fromLocalFile(folderOf(path)); }

QString FilePaths::home() { return QDir::homePath(); }

}  // namespace lockscope::gui
