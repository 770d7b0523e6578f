// A client's identity marker (its shape in its colour, as on the stage) for the QML panels: the
// recipe panel's cursors and the event log's rows.
#pragma once

#include <QtQml/qqmlregistration.h>
#include <QQuickPaintedItem>

namespace lockscope::gui {

class ClientMarker : public QQuickPaintedItem {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(int client READ client WRITE setClient NOTIFY clientChanged)

 public:
  explicit ClientMarker(QQuickItem* parent = nullptr);
  void paint(QPainter* painter) override;

  int client() const { return client_; }
  void setClient(int client);

 signals:
  void clientChanged();

 private:
  int client_ = -1;
};

}  // namespace lockscope::gui
