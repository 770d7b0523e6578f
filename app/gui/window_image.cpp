#include "window_image.h"

#include <QImage>
#include <QSaveFile>

namespace lockscope::gui {

bool WindowImage::save(QQuickWindow* window, const QString& path) {
  if (!window) return false;
  const QImage image = window->grabWindow();
  // Written under a temporary name and renamed: the file never exists half-written.
  QSaveFile file(path);
  return !image.isNull() && file.open(QIODevice::WriteOnly) && image.save(&file, "PNG") &&
         file.commit();
}

}  // namespace lockscope::gui
