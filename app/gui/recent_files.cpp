#include "recent_files.h"

#include <QFileInfo>

namespace lockscope::gui {

QStringList keptRecentFiles(const QStringList& files) {
  QStringList kept;
  for (const QString& file : files) {
    if (file.isEmpty()) continue;
    const QFileInfo info(file);
    const QString path = info.absoluteFilePath();
    // A folder is not a lesson; a file that is gone would only fail when chosen.
    if (!info.isFile() || kept.contains(path)) continue;
    kept << path;
    if (kept.size() == kMaxRecentFiles) break;
  }
  return kept;
}

void RecentFiles::setFiles(const QStringList& files) {
  const QStringList kept = keptRecentFiles(files);
  if (kept == files_) return;
  files_ = kept;
  emit changed();
}

void RecentFiles::add(const QString& path) { setFiles(QStringList{path} + files_); }

void RecentFiles::dropMissing() { setFiles(files_); }

}  // namespace lockscope::gui
