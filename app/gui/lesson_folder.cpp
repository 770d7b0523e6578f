#include "lesson_folder.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace lockscope::gui {

QString findLessonFolder() {
  if (QFileInfo(QStringLiteral("scenarios")).isDir())
    return QDir(QStringLiteral("scenarios")).absolutePath();
  // From a build tree this folder does not exist (build/share/...), and the checkout's is used.
  const QString installed = QDir::cleanPath(QCoreApplication::applicationDirPath() +
                                            QStringLiteral("/" LOCKSCOPE_INSTALLED_SCENARIOS_DIR));
  if (QFileInfo(installed).isDir()) return installed;
  return QStringLiteral(LOCKSCOPE_SCENARIOS_DIR);
}

}  // namespace lockscope::gui
