#include "stage_layout.h"

#include <QLineF>
#include <algorithm>
#include <cmath>
#include <numbers>

#include "sim/checkers/trace_facts.h"

namespace lockscope::gui {
namespace {

// Nodes the lesson is about: everything but the root and ZooKeeper's own /zookeeper subtree.
bool shown(const std::string& path) {
  return path != "/" && path != "/zookeeper" && path.rfind("/zookeeper/", 0) != 0;
}

// Parents before children; siblings by sequence number (the order the lock recipes reason in),
// then by name. Sequence order is not name order when names carry a GUID prefix.
std::vector<ZnodeRow> orderedRows(const StageState& stage) {
  std::map<std::string, std::vector<std::string>> children;
  std::vector<std::string> roots;
  for (const auto& [path, node] : stage.znodes()) {
    if (!shown(path)) continue;
    const std::string parent(checkers::parentOf(path));
    if (parent == "/" || !stage.znodes().count(parent)) roots.push_back(path);
    else children[parent].push_back(path);
  }
  auto bySequence = [](const std::string& a, const std::string& b) {
    return std::pair(checkers::sequenceOf(a), a) < std::pair(checkers::sequenceOf(b), b);
  };
  std::vector<ZnodeRow> rows;
  auto visit = [&](auto&& self, const std::string& path, int depth) -> void {
    std::string name = path.substr(path.rfind('/') + 1);
    // A GUID prefix (protection mode) would push the sequence number out of sight: keep the
    // GUID's first characters, enough to tell nodes apart, and the name's tail whole.
    if (name.size() > 28) name = name.substr(0, 8) + "\u2026" + name.substr(name.size() - 16);
    rows.push_back({path,
                    QString::fromStdString(depth == 0 ? path : name),
                    depth,
                    &stage.znodes().at(path),
                    {}});
    auto found = children.find(path);
    if (found == children.end()) return;
    std::sort(found->second.begin(), found->second.end(), bySequence);
    for (const std::string& child : found->second) self(self, child, depth + 1);
  };
  for (const std::string& root : roots) visit(visit, root, 0);
  return rows;
}

// Where the segment from the box's centre to `towards` leaves the box (the centre if it doesn't).
QPointF borderPoint(const QRectF& box, QPointF towards) {
  const QLineF ray(box.center(), towards);
  const QLineF edges[] = {{box.topLeft(), box.topRight()},
                          {box.topRight(), box.bottomRight()},
                          {box.bottomRight(), box.bottomLeft()},
                          {box.bottomLeft(), box.topLeft()}};
  for (const QLineF& edge : edges) {
    QPointF hit;
    if (ray.intersects(edge, &hit) == QLineF::BoundedIntersection) return hit;
  }
  return box.center();
}

}  // namespace

QPointF StageLayout::serverAnchor(QPointF from) const { return borderPoint(server, from); }

QPointF StageLayout::serverAnchor(std::string_view instance, QPointF from) const {
  const auto box = instances.find(instance);
  return box == instances.end() ? serverAnchor(from) : borderPoint(box->second, from);
}

QPointF StageLayout::anchorTowards(const QRectF& box, QPointF towards) {
  return borderPoint(box, towards);
}

QPointF StageLayout::clientAnchor(size_t client) const {
  return borderPoint(clients[client], server.center());
}

int StageLayout::clientAt(QPointF point) const {
  for (size_t client = 0; client < clients.size(); ++client) {
    // A little slack around small markers, so a crowded stage is still clickable.
    if (clients[client].adjusted(-4, -4, 4, 4).contains(point)) return static_cast<int>(client);
  }
  return -1;
}

namespace {

// The ellipse: clients clockwise from twelve o'clock around a server box that fills its inside.
// Cards shrink to labelled chips and then to bare markers as the class grows.
// Cards of `card`'s size, clockwise from the top (c1 at twelve o'clock); true when no two
// neighbours overlap (on a narrow ellipse the cards near its ends sit side by side).
bool placeCardsOnEllipse(StageLayout& layout, const QSizeF& size, size_t clientCount, double margin,
                         const QSizeF& card, double& rx, double& ry) {
  rx = std::max(10.0, size.width() / 2 - card.width() / 2 - margin);
  ry = std::max(10.0, size.height() / 2 - card.height() / 2 - margin);
  const QPointF centre(size.width() / 2, size.height() / 2);
  layout.clients.clear();
  for (size_t client = 0; client < clientCount; ++client) {
    const double angle = -std::numbers::pi / 2 + 2 * std::numbers::pi *
                                                     static_cast<double>(client) /
                                                     static_cast<double>(clientCount);
    const QPointF at(centre.x() + rx * std::cos(angle), centre.y() + ry * std::sin(angle));
    layout.clients.emplace_back(at.x() - card.width() / 2, at.y() - card.height() / 2, card.width(),
                                card.height());
  }
  for (size_t client = 0; client + 1 < clientCount; ++client) {
    if (layout.clients[client].intersects(layout.clients[client + 1])) return false;
  }
  return clientCount < 3 || !layout.clients.back().intersects(layout.clients.front());
}

void placeOnEllipse(StageLayout& layout, const QSizeF& size, size_t clientCount, double scale) {
  const double margin = 12 * scale;
  // Labelled cards, then labelled chips, then bare markers: the largest whose neighbours do not
  // overlap.
  QSizeF card(104 * scale, 46 * scale);
  if (clientCount > 16) card = QSizeF(64 * scale, 30 * scale);
  double rx = 0, ry = 0;
  layout.clientLabels = true;
  bool clear = placeCardsOnEllipse(layout, size, clientCount, margin, card, rx, ry);
  if (!clear && card.width() > 64 * scale) {
    card = QSizeF(64 * scale, 30 * scale);
    clear = placeCardsOnEllipse(layout, size, clientCount, margin, card, rx, ry);
  }
  const double perimeter = std::numbers::pi * (rx + ry);
  if (clientCount > 0 &&
      (!clear || perimeter / static_cast<double>(clientCount) < card.width() * 0.9)) {
    const double side = std::clamp(perimeter / static_cast<double>(clientCount) * 0.7, 6.0,
                                   26.0 * scale);
    card = QSizeF(side, side);
    layout.clientLabels = false;
    placeCardsOnEllipse(layout, size, clientCount, margin, card, rx, ry);
  }
  const QPointF centre(size.width() / 2, size.height() / 2);
  const double boxWidth = std::max(120.0, (rx - card.width() * 0.6) * 2 * 0.72);
  const double boxHeight = std::max(80.0, (ry - card.height() * 0.6) * 2 * 0.72);
  layout.server = QRectF(centre.x() - boxWidth / 2, centre.y() - boxHeight / 2, boxWidth,
                         boxHeight);
}

// Whether one of `cards` covers `box`.
bool anyCovers(const std::vector<QRectF>& cards, const QRectF& box) {
  return std::any_of(cards.begin(), cards.end(),
                     [&](const QRectF& card) { return card.intersects(box); });
}

// Two columns of labelled cards, left and right of a server box as tall as the stage: for a wide,
// short stage (a projector's 1280x720 beside the side panel), where the ellipse would squash the
// box to a strip and the cards to bare markers. c1 at the top left, down the left column, then
// down the right one. False (nothing placed) when the cards do not fit.
bool placeInColumns(StageLayout& layout, const QSizeF& stageSize, size_t clientCount, double scale,
                    double gapBelowCard, const QSizeF& legend) {
  const double margin = 8 * scale, leastGap = 4 * scale;
  // The cards stay above the legend; the server box takes the whole height unless the legend
  // reaches under it.
  const QSizeF size(stageSize.width(), stageSize.height() - legend.height());
  const auto perColumn = static_cast<double>((clientCount + 1) / 2);
  // A little shorter than the ellipse's cards when the column is long: still room for the name
  // over the state (the stage writes the state from 34 units of height).
  const double room = size.height() - 2 * margin - (perColumn - 1) * leastGap;
  const QSizeF card(104 * scale, std::min(42 * scale, room / std::max(1.0, perColumn)));
  const double gap = perColumn > 1
                         ? std::min(gapBelowCard,
                                    (size.height() - 2 * margin - perColumn * card.height()) /
                                        (perColumn - 1))
                         : 0;
  const double boxWidth = size.width() - 2 * (card.width() + 3 * margin);
  if (clientCount == 0 || card.height() < 34 * scale || boxWidth < 210 * scale) return false;
  layout.clients.clear();
  layout.clientLabels = true;
  const double columnHeight = perColumn * card.height() + (perColumn - 1) * gap;
  const double top = (size.height() - columnHeight) / 2;
  for (size_t client = 0; client < clientCount; ++client) {
    const bool right = static_cast<double>(client) >= perColumn;
    const double line = right ? static_cast<double>(client) - perColumn
                              : static_cast<double>(client);
    const double x = right ? size.width() - margin - card.width() : margin;
    layout.clients.emplace_back(x, top + line * (card.height() + gap), card.width(), card.height());
  }
  layout.server = QRectF(card.width() + 3 * margin, margin, boxWidth,
                         stageSize.height() - 2 * margin);
  return true;
}

// The height a znode row needs for legible type (two thirds of its box, 2 px less than the row:
// stage_view.cpp): 18 px type or more in presentation mode (a projector's back row), 11 px on a
// desk.
double leastRowHeight(double scale) { return scale > 1 ? 18 * scale + 2 : 19; }

// The legend and the cards of a class that fits around the server box: the ellipse as placed,
// or two columns beside the box when the ellipse would squeeze it.
void placeLegendAndCards(StageLayout& layout, const QSizeF& size, size_t clientCount,
                         const StageState& stage, double scale, const QSizeF& legend, double header,
                         double rowCount) {
  // The legend in a corner no card is in (c7 of ten sat on it in half a projector's stage),
  // bottom-left first; if every corner has a card, the ellipse shrinks to stay above it. The
  // server box may pass under the legend's panel: a box made shorter for it would put its rows
  // in narrow columns.
  if (!legend.isEmpty()) {
    const double w = legend.width(), h = legend.height();
    for (const QRectF corner :
         {QRectF(0, size.height() - h, w, h), QRectF(size.width() - w, size.height() - h, w, h),
          QRectF(0, 0, w, h), QRectF(size.width() - w, 0, w, h)}) {
      if (!anyCovers(layout.clients, corner)) {
        layout.legend = corner;
        break;
      }
    }
    if (layout.legend.isEmpty()) {
      placeOnEllipse(layout, QSizeF(size.width(), size.height() - h), clientCount, scale);
      layout.legend = QRectF(0, size.height() - h, w, h);
    }
  }
  // Squeezed: no names on the cards, rows too short for their type, or too narrow for a name
  // with a GUID ("_c_8f2a7d1e…-lock-0000000012") in presentation type.
  const bool squeezed = !layout.clientLabels ||
                        layout.server.height() - header - 6 * scale <
                            rowCount * leastRowHeight(scale) ||
                        layout.server.width() < 300 * scale;
  // Redlock tallies hang under the cards: room for them between the cards of a column.
  const double gapBelowCard = (stage.instances().empty() ? 14 : 40) * scale;
  // Any stage wider than tall: half a 1400x900 window in compare mode (552x471) showed 4 of its
  // 11 nodes in the ellipse's box, and all of them in the columns'.
  if (squeezed && size.width() > size.height()) {
    StageLayout columns;
    if (placeInColumns(columns, size, clientCount, scale, gapBelowCard, legend)) {
      columns.legend = legend.isEmpty() ? QRectF()
                                        : QRectF(0, size.height() - legend.height(), legend.width(),
                                                 legend.height());
      layout = columns;
    }
  }
}

}  // namespace

StageLayout layoutStage(const QSizeF& size, size_t clientCount, const StageState& stage,
                        double scale, const QSizeF& legend, const QSizeF& resource) {
  StageLayout layout;
  placeOnEllipse(layout, size, clientCount, scale);
  const double header = 26 * scale;
  // Judged on what the run will need (a lock node per client, and its parent), not on the tree at
  // the cursor: the layout must not jump while the lesson plays.
  const auto rowCount = static_cast<double>(clientCount + 1);
  if (isCrowd(layout, scale)) {
    placeCrowd(layout, size, clientCount, scale, legend);
  } else {
    placeLegendAndCards(layout, size, clientCount, stage, scale, legend, header, rowCount);
  }
  // The resource's card may take the box's foot while its header and a row per lock node (or
  // the Redis instances) keep a legible height.
  if (!resource.isEmpty()) {
    placeResourceCard(layout, size, resource, scale,
                      header + 6 * scale + std::min(rowCount, 6.0) * leastRowHeight(scale));
  }
  layout.treeArea = layout.server.adjusted(8 * scale, header, -8 * scale, -6 * scale);
  // The box may pass under the legend's panel; its rows and instances stop above it.
  if (!layout.crowd && layout.legend.intersects(layout.treeArea) &&
      layout.legend.top() > layout.treeArea.top()) {
    layout.treeArea.setBottom(layout.legend.top() - 4 * scale);
  }

  if (!stage.instances().empty()) {
    // Instances in a grid, in name order (a master before its replicas, "redis-1", "redis-1-r1").
    const auto count = static_cast<int>(stage.instances().size());
    const int columns = count <= 3 ? count : static_cast<int>(std::ceil(std::sqrt(count * 1.6)));
    const int rowsOfBoxes = (count + columns - 1) / columns;
    // Replicas need room between the boxes for the replication arrow from their master.
    const bool replicated = std::any_of(
        stage.instances().begin(), stage.instances().end(),
        [](const auto& instance) { return instance.second.isReplica(); });
    const double gap = (replicated ? 40 : 8) * scale;
    const double boxWidth = (layout.treeArea.width() - gap * (columns - 1)) / columns;
    const double boxHeight = (layout.treeArea.height() - gap * (rowsOfBoxes - 1)) / rowsOfBoxes;
    int index = 0;
    for (const auto& [name, instance] : stage.instances()) {
      const int column = index % columns, row = index / columns;
      layout.instances.emplace(
          name, QRectF(layout.treeArea.left() + column * (boxWidth + gap),
                       layout.treeArea.top() + row * (boxHeight + gap), boxWidth, boxHeight));
      ++index;
    }
    return layout;
  }
  layout.rows = orderedRows(stage);
  const double area = layout.treeArea.height();
  const auto count = static_cast<double>(std::max<size_t>(layout.rows.size(), 1));
  double rowHeight = std::min(24.0 * scale, area / count);
  int columns = 1;
  int perColumn = static_cast<int>(count);
  // Short of height: rows of the least legible height, in as many columns as are wide enough for
  // a whole sequence number; what still does not fit is one row that says how many more (100
  // clients' nodes in 8 px type were unreadable, issue 11).
  if (rowHeight < leastRowHeight(scale)) {
    rowHeight = leastRowHeight(scale);
    perColumn = std::max(1, static_cast<int>(area / rowHeight));
    const int widest = std::max(1, static_cast<int>(layout.treeArea.width() / (150 * scale)));
    columns = std::clamp(static_cast<int>(std::ceil(count / perColumn)), 1, widest);
    const auto room = static_cast<size_t>(columns * perColumn);
    if (layout.rows.size() > room) {
      layout.hiddenRows = layout.rows.size() - (room - 1);
      layout.rows.resize(room - 1);
    } else {
      perColumn = static_cast<int>(std::ceil(count / columns));  // all fit: columns of a length
    }
  }
  const double columnWidth = layout.treeArea.width() / columns;
  for (size_t index = 0; index < layout.rows.size(); ++index) {
    ZnodeRow& row = layout.rows[index];
    const int column = static_cast<int>(index) / perColumn;
    const int line = static_cast<int>(index) % perColumn;
    const double indent = columns == 1 ? row.depth * 18 * scale : 0;
    row.box = QRectF(layout.treeArea.left() + column * columnWidth + indent,
                     layout.treeArea.top() + line * rowHeight, columnWidth - indent - 4,
                     rowHeight - 2);
    layout.rowOfPath.emplace(row.path, index);
  }
  if (layout.hiddenRows > 0) {
    // The last place: under the last column's rows.
    const int column = static_cast<int>(layout.rows.size()) / perColumn,
              line = static_cast<int>(layout.rows.size()) % perColumn;
    layout.summary = QRectF(layout.treeArea.left() + column * columnWidth,
                            layout.treeArea.top() + line * rowHeight, columnWidth - 4,
                            rowHeight - 2);
  }
  return layout;
}

QString fitZnodeText(const QString& name, const QStringList& notes, const QFontMetrics& metrics,
                     int width) {
  for (qsizetype first = 0; first <= notes.size(); ++first) {
    QString text = name;
    for (qsizetype note = first; note < notes.size(); ++note) text += notes[note];
    if (metrics.horizontalAdvance(text) <= width) return text;
  }
  return metrics.elidedText(name, Qt::ElideLeft, width);
}

}  // namespace lockscope::gui
