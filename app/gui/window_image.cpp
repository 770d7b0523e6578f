#include "window_image.h"

#include <QImage>

namespace lockscope::gui {

bool WindowImage::save(QQuickWindow* window, const QString& path) {
  if (!window) return false;
  const QImage image = window->grabWindow();
  return !image.isNull() && image.save(path, "PNG");
}

}  // namespace lockscope::gui
