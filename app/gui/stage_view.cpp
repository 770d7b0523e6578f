#include "stage_view.h"

#include <QFontMetricsF>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "activity_words.h"
#include "arrow_head.h"
#include "causal_slice_model.h"
#include "core/activity_text.h"
#include "sim/recipes/lock_recipe.h"
#include "theme.h"

namespace lockscope::gui {
namespace {

constexpr double kSliceFaded = 0.3;  // the opacity of what a causal slice shown leaves out

}  // namespace

StageView::StageView(QQuickItem* parent) : SimulationView(parent) {
  setAcceptedMouseButtons(Qt::LeftButton | Qt::RightButton);
  connect(this, &StageView::legendChanged, this, [this] { update(); });
}

void StageView::mousePressEvent(QMouseEvent* event) { event->accept(); }

void StageView::mouseReleaseEvent(QMouseEvent* event) {
  const QPointF at = event->position();
  if (!contains(at)) return;
  const int client = clientAt(at.x(), at.y());
  if (client >= 0) emit clientClicked(client, at.x(), at.y());
  const QString instance = instanceAt(at.x(), at.y());
  if (!instance.isEmpty()) {
    emit instanceClicked(instance);
  } else if (client < 0 && serverAt(at.x(), at.y())) {
    emit serverClicked();
  }
}

void StageView::setSelectedClient(int client) {
  if (selectedClient_ == client) return;
  selectedClient_ = client;
  emit selectedClientChanged();
  update();
}

int StageView::clientAt(double x, double y) const { return layout_.clientAt(QPointF(x, y)); }

bool StageView::serverAt(double x, double y) const {
  return layout_.instances.empty() && layout_.server.contains(QPointF(x, y));
}

QString StageView::instanceAt(double x, double y) const {
  for (const auto& [name, box] : layout_.instances) {
    if (box.contains(QPointF(x, y))) return QString::fromStdString(name);
  }
  return {};
}

QPointF StageView::clientCentre(int client) const {
  if (client < 0 || static_cast<size_t>(client) >= layout_.clients.size()) return {};
  return layout_.clients[static_cast<size_t>(client)].center();
}

QRectF StageView::clientRect(int client) const {
  if (client < 0 || static_cast<size_t>(client) >= layout_.clients.size()) return {};
  return layout_.clients[static_cast<size_t>(client)];
}

QRectF StageView::znodeRect(const QString& path) const {
  const auto row = layout_.rowOfPath.find(path.toStdString());
  return row == layout_.rowOfPath.end() ? QRectF() : layout_.rows[row->second].box;
}

QString StageView::znodeText(const QString& path) const {
  const auto row = layout_.rowOfPath.find(path.toStdString());
  return row == layout_.rowOfPath.end() ? QString() : layout_.rows[row->second].shown;
}

QString StageView::clientCaption(int client) const {
  if (client < 0 || static_cast<size_t>(client) >= clientCaptions_.size()) return {};
  return clientCaptions_[static_cast<size_t>(client)];
}

int StageView::smallestZnodeTextPixels() const {
  return smallestRowPixels_ == std::numeric_limits<int>::max() ? 0 : smallestRowPixels_;
}

QRectF StageView::instanceRect(const QString& instance) const {
  const auto box = layout_.instances.find(instance.toStdString());
  return box == layout_.instances.end() ? QRectF() : box->second;
}

QStringList StageView::keyTexts(const QString& instance) const {
  const auto found = keyTexts_.find(instance);
  return found == keyTexts_.end() ? QStringList() : found->second;
}

QRectF StageView::tableRect(const QString& table) const {
  for (const auto& [name, box] : layout_.tables) {
    if (QString::fromStdString(name) == table) return box;
  }
  return {};
}

const DatabaseShape& StageView::databaseShape() {
  const RunTimeline* timeline = simulation_->timeline();
  if (timeline != shapeOf_ || timeline->trace().size() != shapeEvents_) {
    shape_ = databaseShapeOf(timeline->trace());
    partitions_ = std::any_of(timeline->trace().events().begin(), timeline->trace().events().end(),
                              [](const StoredEvent& event) {
                                return event.kind == sim::TraceKind::Fault &&
                                       event.op == sim::FaultKind::Partition;
                              });
    persistentWatches_ = std::any_of(timeline->trace().events().begin(),
                                     timeline->trace().events().end(),
                                     [](const StoredEvent& event) {
                                       return event.kind == sim::TraceKind::WatchSet &&
                                              (event.op == sim::WatchOp::Persistent ||
                                               event.op == sim::WatchOp::PersistentRecursive);
                                     });
    shapeOf_ = timeline;
    shapeEvents_ = timeline->trace().size();
  }
  return shape_;
}

QFont StageView::font(double points, bool bold) const {
  QFont font;
  font.setPointSizeF(points * scale_);
  font.setBold(bold);
  return font;
}

void StageView::paint(QPainter* painter) {
  if (!ready()) return;
  // The legend (paintLegend) in the bottom-left corner, when it is on the stage.
  // The run's shape first: the legend's rows depend on it.
  const DatabaseShape& database = databaseShape();
  const QSizeF legend = legendShown_ && !legendOnly_ ? legendSize() : QSizeF();
  const size_t clients = simulation_->timeline()->cast().size();
  const QSizeF resource = resourceCardSize();
  layout_ = database.database
                ? layoutDatabaseStage(size(), clients, database, scale_, legend, resource)
                : layoutStage(size(), clients, simulation_->stage(), scale_, legend, resource);
  smallestRowPixels_ = std::numeric_limits<int>::max();
  clippedTexts_.clear();
  keyTexts_.clear();
  clientCaptions_.assign(layout_.clients.size(), QString());
  painter->setRenderHint(QPainter::Antialiasing);
  resourceText_.clear();
  twoHolders_.clear();
  if (legendOnly_) {
    paintLegend(*painter);
    return;
  }
  paintServer(*painter);
  if (layout_.database) {
    paintDatabase(*painter);
    paintFlights(*painter);
    paintSqlClients(*painter);
    paintResource(*painter);
    paintResourceFlights(*painter);
    paintTwoHolders(*painter);
    if (legendShown_) paintLegend(*painter);
    return;
  }
  paintZnodes(*painter);
  paintInstances(*painter);
  paintReplication(*painter);
  if (layout_.crowd) {
    paintCrowdCells(*painter);
    paintReleaseChart(*painter);
    paintFlights(*painter);
    paintCrowdCaption(*painter);
  } else {
    crowdText_.clear();
    releaseChartText_.clear();
    paintWatches(*painter);
    paintFlights(*painter);
    paintClients(*painter);
  }
  paintQuorums(*painter);
  paintResource(*painter);
  paintResourceFlights(*painter);
  paintTwoHolders(*painter);
  if (legendShown_) paintLegend(*painter);
}

void StageView::paintServer(QPainter& painter) {
  const bool up = simulation_->stage().serverUp();
  painter.setPen(QPen(up ? palette_->ink : Theme::crashColour(), 2 * scale_ * palette_->stroke,
                      up ? Qt::SolidLine : Qt::DashLine));
  painter.setBrush(up ? palette_->box : QColor(0xE0, 0xE0, 0xE0));
  painter.drawRoundedRect(layout_.server, 10 * scale_, 10 * scale_);
  painter.setPen(palette_->ink);
  const QRectF header(layout_.server.left() + 10 * scale_, layout_.server.top() + 2,
                      layout_.server.width() - 20 * scale_, 22 * scale_);
  const bool redis = !simulation_->stage().instances().empty();
  // "ZooKeeper (live)", "Redis (model)", "Database (model)": which service, and whether it is
  // the model or real servers.
  const QString service = layout_.database ? tr("Database")
                          : redis          ? QStringLiteral("Redis")
                                           : QStringLiteral("ZooKeeper");
  const bool live = simulation_->live()->backend() == QLatin1String("live");
  QString label = (live ? tr("%1 (live)") : tr("%1 (model)")).arg(service);
  if (!up) label += tr(" · DOWN");
  // The time on the right, whole, when the name fits beside it; too narrow for both, the name
  // wins (the playback bar shows the time too), elided only when it is narrower than the name.
  painter.setFont(font(9));
  const QString time = simulation_->playback()->timeText();
  const double timeWidth = painter.fontMetrics().horizontalAdvance(time) + 8 * scale_;
  painter.setFont(font(10, true));
  const bool withTime = header.width() - timeWidth >=
                        painter.fontMetrics().horizontalAdvance(label);
  const int room = static_cast<int>(std::max(0.0, header.width() - (withTime ? timeWidth : 0)));
  headerTimeRect_ = {};
  if (withTime) {
    painter.setFont(font(9));
    painter.drawText(header, Qt::AlignRight | Qt::AlignVCenter, time, &headerTimeRect_);
    painter.setFont(font(10, true));
  }
  const QString shown = painter.fontMetrics().elidedText(label, Qt::ElideRight, room);
  if (shown != label) clippedTexts_ << label;
  painter.drawText(QRectF(header.left(), header.top(), room, header.height()),
                   Qt::AlignLeft | Qt::AlignVCenter, shown, &headerLabelRect_);
}

void StageView::paintZnodes(QPainter& painter) {
  const StageState& stage = simulation_->stage();
  const CausalSliceModel& slice = *simulation_->slice();
  for (ZnodeRow& row : layout_.rows) {
    // The causal slice shown: a node no event of it names is faded.
    painter.setOpacity(slice.active() && !slice.marks().containsPath(row.path) ? kSliceFaded : 1);
    int holder = stage.holderOfNode(row.path);
    const int partHolder = holder == kNoClient ? stage.partHolderOfNode(row.path) : kNoClient;
    if (partHolder != kNoClient) holder = partHolder;  // outlined too: it is held
    const int owner = row.node->owner;
    const QColor identity = Theme::clientColour(owner);
    painter.setPen(holder != kNoClient      ? QPen(Qt::black, 3 * scale_)
                   : palette_->highContrast ? QPen(Qt::black, palette_->stroke)
                                            : QPen(identity.darker(130), 1));
    // High contrast: white rows (no pastel), the owner told by its marker and name.
    painter.setBrush(palette_->highContrast ? palette_->box
                     : owner == kNoClient   ? QColor(0xE4, 0xE7, 0xEB)
                                            : Theme::tint(identity, 0.35));
    painter.drawRoundedRect(row.box, 4, 4);
    const double marker = std::min(row.box.height() - 4, 12.0 * scale_);
    double textLeft = row.box.left() + 4;
    if (owner != kNoClient && marker > 4) {
      Theme::drawClientMarker(painter, owner,
                              QRectF(textLeft, row.box.center().y() - marker / 2, marker, marker));
      textLeft += marker + 4;
    }
    if (row.box.height() < 9) continue;
    painter.setPen(Qt::black);
    const QRectF text(textLeft, row.box.top(), row.box.right() - textLeft - 2, row.box.height());
    // Type 0.54 of the row's box (18 px in presentation mode's least row: 18 * scale tall with
    // its 2 px gap, 25 px at 1280x720; half the box gave 17 px there), the size of the cards'
    // names at most; smaller type rather than a cut number: "…0000000012" whole, down to the
    // least legible size (11 px, 18 px in presentation mode).
    QFont rowFont = font(std::min(10.5, row.box.height() / scale_ * 0.54), holder != kNoClient);
    const QString tail = QStringLiteral("\u2026") + row.label.right(10);
    const int legible = scale_ > 1 ? 18 : 11;
    while (QFontInfo(rowFont).pixelSize() > legible &&
           QFontMetrics(rowFont).horizontalAdvance(tail) > text.width()) {
      rowFont.setPointSizeF(rowFont.pointSizeF() - 0.5);
    }
    painter.setFont(rowFont);
    smallestRowPixels_ = std::min(smallestRowPixels_, QFontInfo(rowFont).pixelSize());
    // Notes in the order they go when the row is short of room: the name (and its sequence
    // number) stays to the last.
    QStringList notes;
    // What a lesson reads on the node: in the fencing lessons the czxid its holder presents as
    // its token, and the data a client wrote into it (revocation's "revoke").
    if (simulation_->timeline()->scenario().fencedResource && row.node->czxid > 0)
      notes << tr("  · czxid %1").arg(row.node->czxid);
    if (row.node->ephemeral) notes << tr("  · ephemeral");
    if (row.node->data) {
      const QString data =
          QString::fromUtf8(simulation_->timeline()->trace().text(row.node->data)).left(24);
      notes << QStringLiteral("  = \"%1\" (v%2)").arg(data).arg(row.node->version);
    }
    if (owner != kNoClient)
      notes << QStringLiteral(" \u00B7 ") +
                   QString::fromStdString(simulation_->timeline()->cast().name(owner));
    if (partHolder != kNoClient) {
      notes << tr("  ← held, waiting for its other locks");
    } else if (holder != kNoClient) {
      notes << (stage.heldByDeadSession(static_cast<size_t>(holder))
                    ? tr("  ← held by a dead session")
                    : tr("  ← holds the lock"));
    }
    row.shown = fitZnodeText(row.label, notes, painter.fontMetrics(),
                             static_cast<int>(text.width()));
    if (!row.shown.startsWith(row.label)) clippedTexts_ << row.label;
    painter.drawText(text, Qt::AlignLeft | Qt::AlignVCenter, row.shown);
  }
  painter.setOpacity(1);
  // The rows that did not fit at a legible size, counted in one.
  znodeSummary_ = layout_.hiddenRows ? tr("… and %1 more nodes").arg(layout_.hiddenRows)
                                     : QString();
  if (znodeSummary_.isEmpty()) return;
  painter.setPen(palette_->ink);
  painter.setFont(font(std::min(10.5, layout_.summary.height() / scale_ * 0.5)));
  painter.drawText(layout_.summary.adjusted(4, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                   znodeSummary_);
}

void StageView::paintWatches(QPainter& painter) const {
  const RunTimeline& timeline = *simulation_->timeline();
  // A crowd's fan of arrows is drawn aliased: hundreds of antialiased strokes would cost a frame.
  const bool crowd = layout_.clients.size() > 40;
  painter.setRenderHint(QPainter::Antialiasing, !crowd);
  simulation_->stage().watches().forEach([&](int64_t session, std::string_view path,
                                             const checkers::ArmedWatches::Watch& watch) {
    const int client = timeline.cast().clientOfSession(session);
    if (client == kNoClient) return;
    const QPointF from = layout_.clientAnchor(static_cast<size_t>(client));
    QPointF to = layout_.serverAnchor(from);
    const auto row = layout_.rowOfPath.find(path);
    if (row != layout_.rowOfPath.end()) {
      const QRectF& box = layout_.rows[row->second].box;
      to = QPointF(from.x() < box.center().x() ? box.left() : box.right(), box.center().y());
    }
    const QColor colour = Theme::clientColour(client);
    // Children watches solid, node (exists/getData) watches dashed: the herd's fan to /lock
    // against the chain of dashed arrows to predecessors. A persistent watch (addWatch) has a
    // pattern of its own: it stays when it fires.
    const bool persistent = watch.kind == sim::WatchOp::Persistent ||
                            watch.kind == sim::WatchOp::PersistentRecursive;
    const QPen pen = persistent
                         ? persistentWatchPen(palette_->highContrast ? colour.darker(150) : colour)
                         : watchPen(palette_->highContrast ? colour.darker(150) : colour,
                                    watch.kind == sim::WatchOp::Child);
    painter.setPen(pen);
    painter.drawLine(from, to);
    painter.setBrush(pen.color());
    painter.setPen(Qt::NoPen);
    drawArrowHead(painter, from, to, 8 * scale_ * palette_->stroke);
  });
  painter.setRenderHint(QPainter::Antialiasing, true);
}

double StageView::flightProgress(const Flight& flight, sim::Micros now) {
  return static_cast<double>(now - flight.start) /
         static_cast<double>(std::max<sim::Micros>(1, flight.end - flight.start));
}

QPointF StageView::flightPoint(const Flight& flight, sim::Micros now) const {
  const RunTimeline& timeline = *simulation_->timeline();
  const QPointF client = layout_.clientAnchor(static_cast<size_t>(flight.client));
  const QPointF server = layout_.serverAnchor(
      timeline.trace().text(flight.target),
      layout_.clients[static_cast<size_t>(flight.client)].center());
  const bool outbound = flight.kind == FlightKind::Request;
  const QPointF from = outbound ? client : server, to = outbound ? server : client;
  return from + (to - from) * flightProgress(flight, now);
}

void StageView::paintFlights(QPainter& painter) const {
  const RunTimeline& timeline = *simulation_->timeline();
  const sim::Micros now = simulation_->timeMicros();
  // A crowd's cells are small: its dots no bigger than half a cell, the burst still one dot each.
  const double radius = layout_.crowd && !layout_.clients.empty()
                            ? std::clamp(layout_.clients.front().width() * 0.4, 2.0, 5.5 * scale_)
                            : 5.5 * scale_;
  for (size_t index : timeline.flights().inFlightAt(now)) {
    const Flight& flight = timeline.flights().all()[index];
    if (flight.client < 0 || static_cast<size_t>(flight.client) >= layout_.clients.size()) continue;
    const double progress = flightProgress(flight, now);
    const QPointF at = flightPoint(flight, now);
    QColor colour = Theme::flightColour(flight.kind);
    if (flight.lost) colour.setAlphaF(std::max(0.15, 1.0 - progress));
    painter.setPen(QPen(palette_->highContrast ? Qt::black : Qt::white, 1.2 * palette_->stroke));
    painter.setBrush(colour);
    const double r = flight.kind == FlightKind::Notification ? radius * 1.3 : radius;
    const QRectF dot(at.x() - r, at.y() - r, 2 * r, 2 * r);
    // Shapes as well as colours: requests round, replies square, notifications diamonds.
    Theme::drawShape(painter,
                     flight.kind == FlightKind::Request ? Shape::Circle
                     : flight.kind == FlightKind::Reply ? Shape::Square
                                                        : Shape::Diamond,
                     dot);
  }
  paintNotificationTypes(painter, now, radius * 1.3);
}

// Each notification in the air says what it reports: "NodeDeleted", "NodeChildrenChanged" (the
// API's names, not translated) beside its diamond. A herd's nine alike carry one label, on the
// first of them: the same word nine times would hide the stage.
void StageView::paintNotificationTypes(QPainter& painter, sim::Micros now, double radius) const {
  const RunTimeline& timeline = *simulation_->timeline();
  painter.setFont(font(7.5, true));
  std::vector<TextId> labelled;
  std::vector<QRectF> taken;  // labels drawn so far: the next one goes clear of them
  for (size_t index : timeline.flights().inFlightAt(now)) {
    const Flight& flight = timeline.flights().all()[index];
    if (flight.kind != FlightKind::Notification || flight.label == 0 || flight.lost) continue;
    if (flight.client < 0 || static_cast<size_t>(flight.client) >= layout_.clients.size()) continue;
    if (std::find(labelled.begin(), labelled.end(), flight.label) != labelled.end()) continue;
    labelled.push_back(flight.label);
    const QPointF at = flightPoint(flight, now);
    const QString text = QString::fromUtf8(timeline.trace().text(flight.label));
    const QRectF bounds = painter.fontMetrics().boundingRect(text).adjusted(-3, -1, 3, 1);
    // Right of the diamond (on its left near the stage's right edge), level with it, and below
    // the labels it would cover: two notifications fired together travel side by side.
    QRectF tag(QPointF(at.x() + radius + 3 * scale_, at.y() - bounds.height() / 2), bounds.size());
    if (tag.right() > width()) tag.moveRight(at.x() - radius - 3 * scale_);
    for (size_t tries = 0; tries < taken.size() + 1; ++tries) {
      const auto covered = std::find_if(taken.begin(), taken.end(),
                                        [&](const QRectF& other) { return other.intersects(tag); });
      if (covered == taken.end()) break;
      tag.moveTop(covered->bottom() + scale_);
    }
    tag.moveTop(std::clamp(tag.top(), 0.0, std::max(0.0, height() - tag.height())));
    taken.push_back(tag);
    painter.setPen(QPen(Theme::notificationColour().darker(140), scale_));
    painter.setBrush(palette_->highContrast ? QColor(Qt::white) : QColor(0xFF, 0xFF, 0xFF, 225));
    painter.drawRoundedRect(tag, 3 * scale_, 3 * scale_);
    painter.setPen(palette_->ink);
    painter.drawText(tag, Qt::AlignCenter, text);
  }
}

void StageView::paintClients(QPainter& painter) const {
  const RunTimeline& timeline = *simulation_->timeline();
  // A recipe that takes no lock says what its holders are doing ("cache open", "registered").
  HeldWords heldWords;
  if (const auto* recipe = recipes::findRecipe(timeline.scenario().recipe))
    heldWords = {recipe->readHeldWord, recipe->heldWord};
  const StageState& stage = simulation_->stage();
  const sim::Micros now = simulation_->timeMicros();
  const CausalSliceModel& slice = *simulation_->slice();
  for (size_t client = 0; client < layout_.clients.size(); ++client) {
    // The causal slice shown: a client with no event in it is faded.
    painter.setOpacity(slice.clientDimmed(static_cast<int>(client)) ? kSliceFaded : 1);
    const QRectF& box = layout_.clients[client];
    const ClientOnStage& state = stage.clients()[client];
    const Activity activity = state.activity();
    const QColor identity = Theme::clientColour(static_cast<int>(client));
    if (state.partitioned) paintCutLink(painter, client);
    const double left = timeline.sessionLeft(static_cast<int>(client), now);
    if (left < 1.0)
      paintSessionRing(painter, box, left,
                       timeline.sessionLeftMicros(static_cast<int>(client), now));
    const bool selected = static_cast<int>(client) == selectedClient_;
    painter.setPen(
        QPen(selected ? Qt::black : identity, (selected ? 4 : 3) * scale_ * palette_->stroke));
    // High contrast: no pastel fill behind the name; the state is its word and a strong band.
    painter.setBrush(palette_->highContrast ? palette_->box : Theme::activityColour(activity));
    if (layout_.clientLabels) {
      painter.drawRoundedRect(box, 8 * scale_, 8 * scale_);
      if (palette_->highContrast) {
        const double band = 5 * scale_, inset = 3 * scale_ * palette_->stroke;
        painter.fillRect(
            QRectF(box.left() + inset, box.bottom() - inset - band, box.width() - 2 * inset, band),
            Theme::strongActivityColour(activity));
      }
    } else {
      Theme::drawShape(painter, Theme::clientShape(static_cast<int>(client)), box);
    }
    const double marker = 12 * scale_;
    if (activity == Activity::Crashed) {
      // A crash is an X as well as its colour: over a bare marker, in a labelled card's corner.
      painter.setPen(Qt::NoPen);
      painter.setBrush(Qt::black);
      const QRectF cross = layout_.clientLabels
                               ? QRectF(box.right() - 6 * scale_ - marker, box.top() + 6 * scale_,
                                        marker, marker)
                               : box.adjusted(box.width() * 0.25, box.height() * 0.25,
                                              -box.width() * 0.25, -box.height() * 0.25);
      Theme::drawShape(painter, Shape::Cross, cross);
    }
    if (state.cacheOpen) paintCache(painter, box, state);
    if (!layout_.clientLabels) continue;
    Theme::drawClientMarker(
        painter, static_cast<int>(client),
        QRectF(box.left() + 6 * scale_, box.top() + 6 * scale_, marker, marker));
    painter.setPen(palette_->highContrast ? palette_->ink : Theme::activityTextColour(activity));
    const bool twoLines = box.height() >= 34 * scale_;
    const QRectF top(box.left(), box.top() + 2, box.width(), box.height() / 2);
    const QString name = QString::fromStdString(timeline.cast().name(static_cast<int>(client)));
    // The name centred clear of the marker on its left; a long one ("downgrader") in smaller
    // type rather than cut. What still does not fit is reported (clippedTexts).
    const double nameRoom = box.width() - 2 * (marker + 8 * scale_);
    QFont nameFont = font(twoLines ? 11 : 9, true);
    while (nameFont.pointSizeF() > 7 * scale_ &&
           QFontMetrics(nameFont).horizontalAdvance(name) > nameRoom) {
      nameFont.setPointSizeF(nameFont.pointSizeF() - 0.5);
    }
    painter.setFont(nameFont);
    if (painter.fontMetrics().horizontalAdvance(name) > nameRoom) clippedTexts_ << name;
    painter.drawText(top, Qt::AlignCenter, name);
    clientCaptions_[client] = name;
    if (twoLines) {
      painter.setFont(font(8.5));
      // In the service's words: a Redis client is "trying SET NX", not "listing".
      const QString doing = activityWords(
          activityText(state, !stage.instances().empty(), heldWords));
      if (painter.fontMetrics().horizontalAdvance(doing) > box.width() - 4 * scale_)
        clippedTexts_ << doing;
      painter.drawText(QRectF(box.left(), box.center().y(), box.width(), box.height() / 2 - 2),
                       Qt::AlignCenter, doing);
      clientCaptions_[client] += QLatin1Char('\n') + doing;
    }
  }
  painter.setOpacity(1);
}

// A partitioned client's link to the server, cut: a broken line with a cross where it breaks, so
// that a class sees why nothing reaches it (and, on the ring, why its session runs out).
void StageView::paintCutLink(QPainter& painter, size_t client) const {
  const QPointF from = layout_.clientAnchor(client);
  const QPointF to = layout_.serverAnchor(from);
  const QColor colour = Theme::violationColour();
  QPen pen(colour, 2 * scale_ * palette_->stroke, Qt::DotLine);
  painter.setPen(pen);
  painter.drawLine(from, to);
  const QPointF middle = (from + to) / 2;
  const double size = 12 * scale_;
  painter.setPen(Qt::NoPen);
  painter.setBrush(colour);
  Theme::drawShape(painter, Shape::Cross,
                   QRectF(middle.x() - size / 2, middle.y() - size / 2, size, size));
}

// What a client's open cache holds (zk-node-cache, zk-children-cache), on a tag by its card, so
// that a class reads the cache against the znode rows: the cache says "1" at version 1 while the
// node is at version 2. Beside a card above or below the server box (right of it, or left near
// the stage's edge); under a card beside the box, whose side faces the tree and its arrows.
void StageView::paintCache(QPainter& painter, const QRectF& box, const ClientOnStage& state) const {
  const RunTimeline& timeline = *simulation_->timeline();
  const QString holds = QString::fromUtf8(timeline.trace().text(state.cache));
  const QString text = state.cacheVersion >= 0
                           ? tr("cache: %1 (v%2)").arg(holds).arg(state.cacheVersion)
                           : tr("cache: %1").arg(holds.isEmpty() ? tr("(empty)") : holds);
  painter.setFont(font(8.5, true));
  const QFontMetricsF metrics = painter.fontMetrics();
  const double room = std::max(box.width() * 2.4, 120 * scale_);
  const QString shown = metrics.elidedText(text, Qt::ElideRight, room);
  if (shown != text) clippedTexts_ << text;
  const QSizeF size(metrics.horizontalAdvance(shown) + 10 * scale_, metrics.height() + 4 * scale_);
  const bool besideServer = box.center().y() > layout_.server.top() &&
                            box.center().y() < layout_.server.bottom();
  QRectF tag(besideServer ? QPointF(box.center().x() - size.width() / 2, box.bottom() + 4 * scale_)
                          : QPointF(box.right() + 6 * scale_, box.center().y() - size.height() / 2),
             size);
  if (!besideServer && tag.right() > width()) tag.moveRight(box.left() - 6 * scale_);
  tag.moveLeft(std::clamp(tag.left(), 0.0, std::max(0.0, width() - tag.width())));
  tag.moveTop(std::clamp(tag.top(), 0.0, std::max(0.0, height() - tag.height())));
  painter.setPen(QPen(palette_->ink, 1.2 * scale_ * palette_->stroke));
  painter.setBrush(palette_->highContrast ? QColor(Qt::white) : QColor(0xFF, 0xF6, 0xD5));
  painter.drawRoundedRect(tag, 4 * scale_, 4 * scale_);
  painter.drawText(tag, Qt::AlignCenter, shown);
}

// The session countdown of a silent client: a thick ring around its card that empties as the
// session timeout runs out (red in its last quarter), and the seconds left written on it, so a
// class sees at once how long the server will still wait.
void StageView::paintSessionRing(QPainter& painter, const QRectF& box, double left,
                                 sim::Micros leftMicros) const {
  const QRectF ring = box.adjusted(-6 * scale_, -6 * scale_, 6 * scale_, 6 * scale_);
  const QColor ink = left < 0.25 ? Theme::violationColour() : palette_->ink;
  painter.setPen(
      QPen(palette_->highContrast ? palette_->rule : QColor(0xC8, 0xC8, 0xC8), 5 * scale_));
  painter.setBrush(Qt::NoBrush);
  painter.drawEllipse(ring);
  painter.setPen(QPen(ink, 5 * scale_ * palette_->stroke, Qt::SolidLine, Qt::FlatCap));
  painter.drawArc(ring, 90 * 16, static_cast<int>(left * 360 * 16));
  if (leftMicros < 0) return;
  const QString text = QString::number(static_cast<double>(leftMicros) / 1e6, 'f', 1) +
                       QStringLiteral(" s");
  painter.setFont(font(10, true));
  const QRectF label = painter.fontMetrics().boundingRect(text).adjusted(-4, -1, 4, 1);
  // Beside the ring, on the side with room: never clipped by the stage's edge.
  const double tagX = ring.right() + 2 * scale_ + label.width() <= width()
                          ? ring.right() + 2 * scale_
                          : ring.left() - 2 * scale_ - label.width();
  const QRectF tag(QPointF(tagX, ring.center().y() - label.height() / 2), label.size());
  painter.setPen(QPen(ink, 1.5 * scale_));
  painter.setBrush(palette_->highContrast ? QColor(Qt::white) : QColor(0xFF, 0xFF, 0xFF, 235));
  painter.drawRoundedRect(tag, 4 * scale_, 4 * scale_);
  painter.drawText(tag, Qt::AlignCenter, text);
}

namespace {

// One row of the legend: a mark, then its text.
struct LegendRow {
  enum class Mark {
    Shape,
    ChildrenWatch,
    NodeWatch,
    PersistentWatch,
    CutLink,
    SessionRing,
    WaitsFor,
    Deadlock
  } mark;
  Shape shape = Shape::Circle;
  QColor colour;
  const char* text;
};

// The legend of a ZooKeeper or a Redis stage, top row first: paintLegend draws these rows and
// legendSize measures them, so the two never disagree.
std::vector<LegendRow> legendRows(bool redis, bool database, bool persistent, bool partition) {
  using Mark = LegendRow::Mark;
  std::vector<LegendRow> rows = {{Mark::Shape, Shape::Circle, Theme::requestColour(),
                                  QT_TRANSLATE_NOOP("lockscope::gui::StageView", "request")},
                                 {Mark::Shape, Shape::Square, Theme::replyColour(),
                                  QT_TRANSLATE_NOOP("lockscope::gui::StageView", "reply")},
                                 {Mark::Shape, Shape::Cross, Theme::crashColour(),
                                  QT_TRANSLATE_NOOP("lockscope::gui::StageView", "crashed")}};
  if (database) {
    rows.push_back({Mark::WaitsFor,
                    {},
                    {},
                    QT_TRANSLATE_NOOP("lockscope::gui::StageView", "waits for (wait-for graph)")});
    rows.push_back(
        {Mark::Deadlock, {}, {}, QT_TRANSLATE_NOOP("lockscope::gui::StageView", "deadlock cycle")});
    rows.push_back({Mark::Shape, Shape::Cross, Theme::violationColour(),
                    QT_TRANSLATE_NOOP("lockscope::gui::StageView", "deadlock victim")});
    return rows;
  }
  if (redis) {
    using Vote = QuorumTally::Vote;
    for (const auto& [vote, text] :
         {std::pair{Vote::Locked,
                    QT_TRANSLATE_NOOP("lockscope::gui::StageView", "vote: locked (SET NX OK)")},
          {Vote::Refused,
           QT_TRANSLATE_NOOP("lockscope::gui::StageView", "vote: refused (held elsewhere)")},
          {Vote::NoAnswer, QT_TRANSLATE_NOOP("lockscope::gui::StageView", "vote: no answer")}}) {
      rows.push_back({Mark::Shape, Theme::voteShape(vote), Theme::voteColour(vote), text});
    }
    return rows;
  }
  rows.push_back({Mark::Shape, Shape::Diamond, Theme::notificationColour(),
                  QT_TRANSLATE_NOOP("lockscope::gui::StageView", "watch notification")});
  rows.push_back({Mark::ChildrenWatch,
                  {},
                  {},
                  QT_TRANSLATE_NOOP("lockscope::gui::StageView", "children watch")});
  rows.push_back({Mark::NodeWatch,
                  {},
                  {},
                  QT_TRANSLATE_NOOP("lockscope::gui::StageView", "node watch (exists / getData)")});
  // Only on a stage that has one: the other lessons' legends stay as they were.
  if (persistent) {
    rows.push_back({Mark::PersistentWatch,
                    {},
                    {},
                    QT_TRANSLATE_NOOP("lockscope::gui::StageView", "persistent watch (addWatch)")});
  }
  if (partition) {
    rows.push_back({Mark::CutLink,
                    {},
                    {},
                    QT_TRANSLATE_NOOP("lockscope::gui::StageView", "network cut (partition)")});
  }
  rows.push_back(
      {Mark::SessionRing,
       {},
       {},
       QT_TRANSLATE_NOOP("lockscope::gui::StageView", "session left (s) of a silent client")});
  return rows;
}

}  // namespace

QSizeF StageView::legendSize() const {
  const QFontMetricsF metrics(font(8.5));
  double widest = 0;
  const std::vector<LegendRow> rows = legendRows(!simulation_->stage().redis().empty(),
                                                 shape_.database, persistentWatches_, partitions_);
  for (const LegendRow& row : rows)
    widest = std::max(widest, metrics.horizontalAdvance(tr(row.text)));
  // From the stage's edge: 10 units of margin, 16 to the text, the text, a little air; the rows
  // 14 units apart, the last one 10 units clear of the bottom (paintLegend).
  return {(10 + 16 + 6) * scale_ + widest, scale_ * (14 * static_cast<double>(rows.size()) + 8)};
}

void StageView::paintLegend(QPainter& painter) const {
  using Mark = LegendRow::Mark;
  const std::vector<LegendRow> rows = legendRows(!simulation_->stage().redis().empty(),
                                                 shape_.database, persistentWatches_, partitions_);
  // Where the layout put it; the legend-only view (a tab of its own) fills its whole item.
  const QSizeF size = legendSize();
  const QRectF box = legendOnly_ ? QRectF(QPointF(0, height() - size.height()), size)
                                 : layout_.legend;
  // On a panel of its own: the server box's corner may pass under it (stage_layout.h).
  if (!legendOnly_) {
    painter.setPen(QPen(palette_->quietInk, scale_ * palette_->stroke));
    painter.setBrush(palette_->highContrast ? QColor(Qt::white) : QColor(0xFF, 0xFF, 0xFF, 235));
    painter.drawRoundedRect(box.adjusted(2 * scale_, 2 * scale_, -2 * scale_, -2 * scale_),
                            4 * scale_, 4 * scale_);
  }
  painter.setFont(font(8.5));
  // Bottom-aligned: the last row's text clear of the item's edge.
  double y = box.bottom() - scale_ * (10 + 14 * static_cast<double>(rows.size() - 1));
  const double x = box.left() + 10 * scale_;
  for (const LegendRow& row : rows) {
    switch (row.mark) {
      case Mark::Shape:
        painter.setPen(Qt::NoPen);
        painter.setBrush(row.colour);
        Theme::drawShape(painter, row.shape, QRectF(x, y - 5 * scale_, 10 * scale_, 10 * scale_));
        break;
      case Mark::ChildrenWatch:
      case Mark::NodeWatch:
        // The watch lines as long as the text is indented: room for a dash, a gap and a dash.
        painter.setPen(watchPen(palette_->quietInk, row.mark == Mark::ChildrenWatch));
        painter.drawLine(QPointF(x, y), QPointF(x + 13 * scale_, y));
        break;
      case Mark::PersistentWatch:
        painter.setPen(persistentWatchPen(palette_->quietInk));
        painter.drawLine(QPointF(x, y), QPointF(x + 13 * scale_, y));
        break;
      case Mark::CutLink:
        painter.setPen(QPen(Theme::violationColour(), 2 * scale_ * palette_->stroke, Qt::DotLine));
        painter.drawLine(QPointF(x, y), QPointF(x + 13 * scale_, y));
        painter.setPen(Qt::NoPen);
        painter.setBrush(Theme::violationColour());
        Theme::drawShape(painter, Shape::Cross,
                         QRectF(x + 2.5 * scale_, y - 4 * scale_, 8 * scale_, 8 * scale_));
        break;
      case Mark::WaitsFor:
      case Mark::Deadlock: {
        // The wait-for graph's arrows: ink, and the alarm colour, thicker, on a deadlock's cycle.
        const bool cycle = row.mark == Mark::Deadlock;
        const QColor colour = cycle ? Theme::violationColour() : palette_->ink;
        const QPointF from(x, y), to(x + 13 * scale_, y);
        painter.setPen(QPen(colour, (cycle ? 3 : 1.8) * scale_ * palette_->stroke));
        painter.drawLine(from, to);
        painter.setPen(Qt::NoPen);
        painter.setBrush(colour);
        drawArrowHead(painter, from, to, 6 * scale_);
        break;
      }
      case Mark::SessionRing: {
        // The session ring, as drawn around a silent client: three quarters left.
        const QRectF ring(x, y - 6 * scale_, 12 * scale_, 12 * scale_);
        painter.setPen(QPen(palette_->ink, 2.5 * scale_, Qt::SolidLine, Qt::FlatCap));
        painter.setBrush(Qt::NoBrush);
        painter.drawArc(ring, 90 * 16, 270 * 16);
        break;
      }
    }
    painter.setPen(palette_->ink);
    painter.drawText(QPointF(x + 16 * scale_, y + 4 * scale_), tr(row.text));
    y += 14 * scale_;
  }
}

QPen StageView::persistentWatchPen(const QColor& colour) const {
  QPen pen(colour, 2.2 * scale_ * palette_->stroke, Qt::DashDotLine);
  if (palette_->highContrast) pen.setDashPattern({3.0, 1.5, 1.0, 1.5});
  return pen;
}

QPen StageView::watchPen(const QColor& colour, bool children) const {
  QPen pen(colour, 1.6 * scale_ * palette_->stroke, children ? Qt::SolidLine : Qt::DashLine);
  // Dashes are in pen widths: shorter ones for the thick high-contrast pen, so a dash still shows.
  if (!children && palette_->highContrast) pen.setDashPattern({2.0, 1.5});
  return pen;
}

}  // namespace lockscope::gui
