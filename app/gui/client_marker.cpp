#include "client_marker.h"

#include <QPainter>

#include "theme.h"

namespace lockscope::gui {

ClientMarker::ClientMarker(QQuickItem* parent) : QQuickPaintedItem(parent) {
  setAntialiasing(true);
}

void ClientMarker::setClient(int client) {
  if (client_ == client) return;
  client_ = client;
  emit clientChanged();
  update();
}

void ClientMarker::paint(QPainter* painter) {
  painter->setRenderHint(QPainter::Antialiasing);
  const double side = std::min(width(), height()) - 1;
  Theme::drawClientMarker(*painter, client_,
                          QRectF((width() - side) / 2, (height() - side) / 2, side, side));
}

}  // namespace lockscope::gui
