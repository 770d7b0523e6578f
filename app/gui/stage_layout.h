// Where everything sits on the stage: the server box in the middle, the clients on an ellipse
// around it, and the znode rows inside the box. Computed from the item's size, the client count
// and the tree at the cursor; kept between paints so that clicks can be hit-tested.
#pragma once

#include <QFontMetrics>
#include <QRectF>
#include <QString>
#include <QStringList>
#include <map>
#include <string>
#include <vector>

#include "core/stage_state.h"

namespace lockscope::gui {

struct ZnodeRow {
  std::string path;
  QString label;
  int depth = 0;
  const ZnodeOnStage* node = nullptr;
  QRectF box;
  QString shown;  // the text the last paint wrote in the row
};

// A znode row's text in `width` pixels: the name, then the notes (each with its separator,
// "  · ephemeral"). Notes are dropped first to last
// when short of room; then the name is elided on the left, so that its end, the sequence number
// ("…0000000012"), is always there to read.
QString fitZnodeText(const QString& name, const QStringList& notes, const QFontMetrics& metrics,
                     int width);

struct StageLayout {
  QRectF server;    // the server box
  QRectF legend;    // where the legend goes (empty when it is not on the stage)
  QRectF resource;  // the protected resource's card (empty when the run has none, or no room)
  QRectF treeArea;  // where the znode rows go, inside it
  std::vector<QRectF> clients;
  bool clientLabels = true;  // false when there are too many clients for names
  // A crowd (stage_layout_crowd.cpp): too many clients for markers on the ellipse. The server
  // box spans the top; under it the clients are the cells of a heat strip (`clients`, row by
  // row), with a caption over them, and beside them the notifications per release, large.
  bool crowd = false;
  QRectF crowdCaption, releaseChart;
  std::vector<ZnodeRow> rows;
  // Rows that would not fit at a legible size are left out, the last ones first; `summary` is
  // where the row that counts them goes.
  size_t hiddenRows = 0;
  QRectF summary;
  std::map<std::string, size_t, std::less<>> rowOfPath;
  // Redis runs: one box per instance inside the server area, instead of a znode tree.
  std::map<std::string, QRectF, std::less<>> instances;
  // Database runs (stage_layout_database.cpp): a card per table the run touches, the advisory
  // locks' box and the wait-for graph's, inside the server area.
  bool database = false;
  std::vector<std::pair<std::string, QRectF>> tables;
  QRectF advisory, waitFor;

  // The point on the server box's border facing `from`.
  QPointF serverAnchor(QPointF from) const;
  // The same for a message to or from one instance (the whole server box if it is unknown).
  QPointF serverAnchor(std::string_view instance, QPointF from) const;
  // The point on a client card's border facing the server: where its messages and watch arrows
  // start, so that nothing travels hidden under the card.
  QPointF clientAnchor(size_t client) const;
  // The point on `box`'s border facing `towards`: where something leaves it for there.
  static QPointF anchorTowards(const QRectF& box, QPointF towards);
  int clientAt(QPointF point) const;
};

// `scale` enlarges type and cards (presentation mode). `legend`: the size of the legend's box in
// a corner of the stage (empty if it is elsewhere), which no card may cover: the bottom-left one,
// else the first other corner no card is in, else the bottom-left below a smaller ellipse.
// `resource`: the size of the protected resource's card (empty when the run touches none).
StageLayout layoutStage(const QSizeF& size, size_t clientCount, const StageState& stage,
                        double scale, const QSizeF& legend = {}, const QSizeF& resource = {});

// A database run: its clients in a column of wide cards on the left (room for the SQL in
// flight), in two columns either side of the server box when one is too short; the server box
// with the tables on top and the advisory locks and the wait-for graph below. `shape` is the
// whole run's (database_stage.h), so that nothing moves while it plays.
StageLayout layoutDatabaseStage(const QSizeF& size, size_t clientCount, const DatabaseShape& shape,
                                double scale, const QSizeF& legend = {},
                                const QSizeF& resource = {});

// Whether an ellipse of bare markers this small is a crowd: no marker is big enough to tell its
// state at a glance, nor its arrows apart (from about 150 clients on a desk's stage).
bool isCrowd(const StageLayout& ellipse, double scale);
// The crowd's layout (see StageLayout::crowd); the legend, if any, in the bottom-left corner.
void placeCrowd(StageLayout& layout, const QSizeF& size, size_t clientCount, double scale,
                const QSizeF& legend);

// Where the resource's card of `card`'s size goes once the cards, the legend and the server box
// are placed: a corner of the stage nobody is in, else under the cards of the first column, else
// the foot of the server box, which gives up that height while it keeps `leastServerHeight`
// (stage_layout_resource.cpp). Stays empty when none has room.
void placeResourceCard(StageLayout& layout, const QSizeF& size, const QSizeF& card, double scale,
                       double leastServerHeight);

}  // namespace lockscope::gui
