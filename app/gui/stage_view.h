// The stage: the ZooKeeper server as a box holding the live znode tree, the clients around it in
// their activity colours with a ring counting down a silent client's session, watches as arrows
// from a client to what it watches, and requests, replies and notifications as moving dots.
// Painted in C++ (QQuickPaintedItem): hundreds of clients and dots stay within a frame on the
// software renderer, and what is drawn comes from the SimulationController alone.
#pragma once

#include <QPen>
#include <QtQml/qqmlregistration.h>

#include "simulation_view.h"
#include "stage_layout.h"

namespace lockscope::gui {

class StageView : public lockscope::gui::SimulationView {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(int selectedClient READ selectedClient WRITE setSelectedClient NOTIFY selectedClientChanged)

 public:
  explicit StageView(QQuickItem* parent = nullptr);
  void paint(QPainter* painter) override;

  int selectedClient() const { return selectedClient_; }
  void setSelectedClient(int client);

  // The client under a point (item coordinates), -1 if none.
  Q_INVOKABLE int clientAt(double x, double y) const;
  // The Redis instance under a point, "" if none.
  Q_INVOKABLE QString instanceAt(double x, double y) const;
  // True over the ZooKeeper server's box (not over a Redis instance).
  Q_INVOKABLE bool serverAt(double x, double y) const;
  Q_INVOKABLE QPointF clientCentre(int client) const;
  // Where the last paint put a client's card and a znode's row (empty if nowhere): for tests
  // that check what is drawn, and for placing menus.
  Q_INVOKABLE QRectF clientRect(int client) const;
  Q_INVOKABLE QRectF znodeRect(const QString& path) const;
  Q_INVOKABLE QRectF instanceRect(const QString& instance) const;
  Q_INVOKABLE QRectF serverRect() const { return layout_.server; }
  // Where the last paint wrote the server box's name and the time (empty if it left it out).
  Q_INVOKABLE QRectF headerLabelRect() const { return headerLabelRect_; }
  Q_INVOKABLE QRectF headerTimeRect() const { return headerTimeRect_; }
  // The text the last paint wrote in a znode's row ("" if none).
  Q_INVOKABLE QString znodeText(const QString& path) const;

 signals:
  void selectedClientChanged();
  // A click or right-click (item coordinates) on a client's card, a Redis instance, or the
  // ZooKeeper server's box.
  void clientClicked(int client, double x, double y);
  void instanceClicked(const QString& instance);
  void serverClicked();

 protected:
  void mousePressEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;

 private:
  void paintServer(QPainter& painter);
  void paintZnodes(QPainter& painter);
  // Redis runs (stage_view_redis.cpp): instance boxes, replication links, Redlock tallies.
  void paintInstances(QPainter& painter) const;
  void paintReplication(QPainter& painter) const;
  void paintQuorums(QPainter& painter) const;
  void paintWatches(QPainter& painter) const;
  void paintClients(QPainter& painter) const;
  void paintFlights(QPainter& painter) const;
  void paintLegend(QPainter& painter) const;
  void paintSessionRing(QPainter& painter, const QRectF& box, double left, sim::Micros leftMicros) const;
  QFont font(double points, bool bold = false) const;
  // A watch arrow's pen: solid to a parent's children, dashed to one node.
  QPen watchPen(const QColor& colour, bool children) const;

  StageLayout layout_;
  int selectedClient_ = -1;
  QRectF headerLabelRect_, headerTimeRect_;
};

}  // namespace lockscope::gui
