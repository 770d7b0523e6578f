// The stage: the ZooKeeper server as a box holding the live znode tree, the clients around it in
// their activity colours with a ring counting down a silent client's session, watches as arrows
// from a client to what it watches, and requests, replies and notifications as moving dots.
// Painted in C++ (QQuickPaintedItem): hundreds of clients and dots stay within a frame on the
// software renderer, and what is drawn comes from the SimulationController alone.
#pragma once

#include <QtQml/qqmlregistration.h>
#include <QPen>
#include <QStringList>
#include <map>
#include <vector>

#include "simulation_view.h"
#include "stage_layout.h"

namespace lockscope::gui {

class StageView : public lockscope::gui::SimulationView {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(
      int selectedClient READ selectedClient WRITE setSelectedClient NOTIFY selectedClientChanged)
  // Where the legend goes: on the stage (legendShown, the default), nowhere, or alone (legendOnly:
  // presentation mode at 1280x720 shows it in a tab of its own, the stage has no corner to spare).
  Q_PROPERTY(bool legendShown MEMBER legendShown_ NOTIFY legendChanged)
  Q_PROPERTY(bool legendOnly MEMBER legendOnly_ NOTIFY legendChanged)

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
  // Database runs: a table's card and the wait-for graph's panel (empty if none).
  Q_INVOKABLE QRectF tableRect(const QString& table) const;
  Q_INVOKABLE QRectF waitForRect() const { return layout_.waitFor; }
  // The protected resource's card (empty if none) and what the last paint wrote on it: its
  // title, the value and the history lines, in that order.
  Q_INVOKABLE QRectF resourceRect() const { return layout_.resource; }
  Q_INVOKABLE QStringList resourceText() const { return resourceText_; }
  // The "two holders" banner the last paint showed ("" if none).
  Q_INVOKABLE QString twoHoldersBanner() const { return twoHolders_; }
  // Where the legend goes on the stage (empty when it is not shown there).
  Q_INVOKABLE QRectF legendRect() const { return layout_.legend; }
  // Where the last paint wrote the server box's name and the time (empty if it left it out).
  Q_INVOKABLE QRectF headerLabelRect() const { return headerLabelRect_; }
  Q_INVOKABLE QRectF headerTimeRect() const { return headerTimeRect_; }
  // The text the last paint wrote in a znode's row ("" if none).
  Q_INVOKABLE QString znodeText(const QString& path) const;
  // What the last paint wrote on a client's card: "name" or "name\nstate" ("" for a bare marker).
  Q_INVOKABLE QString clientCaption(int client) const;
  // Texts the last paint had to cut or that overflow their card or row (a projector's check).
  Q_INVOKABLE QStringList clippedTexts() const { return clippedTexts_; }
  // The pixel size of the smallest type in the last paint's znode rows (0 if no row had text).
  Q_INVOKABLE int smallestZnodeTextPixels() const;
  // A crowd (too many clients for the ellipse): true when the last paint drew one, what its
  // caption said (the count per state, then where the watches are), and the release chart's
  // box and texts (its heading, then the last release's count).
  Q_INVOKABLE bool crowd() const { return layout_.crowd; }
  Q_INVOKABLE QStringList crowdText() const { return crowdText_; }
  Q_INVOKABLE QRectF releaseChartRect() const { return layout_.releaseChart; }
  Q_INVOKABLE QStringList releaseChartText() const { return releaseChartText_; }
  // The key rows the last paint wrote in a Redis instance's box ("lock = c1  ttl 2987 ms").
  Q_INVOKABLE QStringList keyTexts(const QString& instance) const;
  // The row counting the znodes left out for want of room at a legible size ("" if none).
  Q_INVOKABLE QString znodeSummary() const { return znodeSummary_; }

 signals:
  void selectedClientChanged();
  void legendChanged();
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
  // Database runs (stage_view_database.cpp): tables, advisory locks, the wait-for graph, and
  // client cards with their transaction and SQL in flight.
  void paintDatabase(QPainter& painter) const;
  QRectF paintPanel(QPainter& painter, const QRectF& box, const QString& title,
                    const QString& note) const;
  void paintTable(QPainter& painter, const std::string& table, const QRectF& box) const;
  double paintLockLine(QPainter& painter, const QRectF& line, const LockOnStage& lock,
                       double bottom) const;
  void paintAdvisory(QPainter& painter) const;
  void paintWaitFor(QPainter& painter) const;
  void paintSqlClients(QPainter& painter) const;
  // The run's database shape (tables, advisory locks), learnt once per recorded run.
  const DatabaseShape& databaseShape();
  void paintWatches(QPainter& painter) const;
  void paintClients(QPainter& painter) const;
  void paintFlights(QPainter& painter) const;
  // Where a flight is at `now` (client to server for a request, back for the rest), and how far.
  QPointF flightPoint(const Flight& flight, sim::Micros now) const;
  static double flightProgress(const Flight& flight, sim::Micros now);
  void paintNotificationTypes(QPainter& painter, sim::Micros now, double radius) const;
  void paintLegend(QPainter& painter) const;
  // A crowd (stage_view_crowd.cpp): the heat strip, its caption (drawn over the messages that
  // fly through it), and the release chart.
  void paintCrowdCells(QPainter& painter) const;
  void paintCrowdCaption(QPainter& painter);
  void paintReleaseChart(QPainter& painter);
  // `text` on one line in `box`, elided (and reported in clippedTexts) if it does not fit.
  void drawWhole(QPainter& painter, const QRectF& box, const QString& text);
  // The protected resource (stage_view_resource.cpp): its card, the accesses travelling to and
  // from it, and the banner while two clients hold an exclusive lock at once.
  QSizeF resourceCardSize() const;
  void paintResource(QPainter& painter);
  void paintResourceFlights(QPainter& painter) const;
  void paintTwoHolders(QPainter& painter);
  QString clientName(int client) const;
  QString accessText(const ResourceAccess& access, const ResourceAccess* overwritten) const;
  // The legend's box in the stage's bottom-left corner, measured from its rows.
  QSizeF legendSize() const;
  void paintCache(QPainter& painter, const QRectF& box, const ClientOnStage& state) const;
  void paintCutLink(QPainter& painter, size_t client) const;
  void paintSessionRing(QPainter& painter, const QRectF& box, double left,
                        sim::Micros leftMicros) const;
  QFont font(double points, bool bold = false) const;
  // A watch arrow's pen: solid to a parent's children, dashed to one node.
  QPen watchPen(const QColor& colour, bool children) const;
  // A persistent watch's (addWatch): dash-dot and thicker, as it watches both and stays.
  QPen persistentWatchPen(const QColor& colour) const;

  StageLayout layout_;
  const RunTimeline* shapeOf_ = nullptr;
  size_t shapeEvents_ = 0;
  DatabaseShape shape_;
  bool persistentWatches_ = false;  // the run arms one: the legend explains its line
  bool partitions_ = false;         // the run cuts a client off: the legend explains the cut
  int selectedClient_ = -1;
  bool legendShown_ = true;
  bool legendOnly_ = false;
  QRectF headerLabelRect_, headerTimeRect_;
  // Recorded while painting, for the checks above (the paint functions are const).
  int smallestRowPixels_ = 0;
  QString znodeSummary_;
  QStringList resourceText_;
  QString twoHolders_;
  QStringList crowdText_, releaseChartText_;
  mutable QStringList clippedTexts_;
  mutable std::vector<QString> clientCaptions_;
  mutable std::map<QString, QStringList> keyTexts_;
};

}  // namespace lockscope::gui
