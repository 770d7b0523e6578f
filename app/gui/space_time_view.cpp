#include "space_time_view.h"

#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>
#include <algorithm>
#include <array>
#include <cmath>

#include "causal_slice_model.h"
#include "core/run_so_far.h"
#include "theme.h"

namespace lockscope::gui {
namespace {

constexpr double kComfortableFlights = 400;  // messages in the default window
constexpr size_t kMostFlightsDrawn = 2000;   // per frame, however far out the wheel zooms
constexpr double kDimmed = 0.18;             // what is outside the causal slice: a pale tint

// Events of the causal slice that no message or bar draws, marked with a dot on their lane.
bool dottedInSlice(sim::TraceKind kind) {
  using sim::TraceKind;
  return kind == TraceKind::Fault || kind == TraceKind::Process ||
         kind == TraceKind::SessionState || kind == TraceKind::NodeCreated ||
         kind == TraceKind::NodeDeleted || kind == TraceKind::NodeChanged ||
         kind == TraceKind::KeyChanged || kind == TraceKind::KeyDeleted ||
         kind == TraceKind::Lock || kind == TraceKind::Resource;
}

}  // namespace

SpaceTimeView::SpaceTimeView(QQuickItem* parent) : SimulationView(parent) {
  setAcceptedMouseButtons(Qt::LeftButton);
}

void SpaceTimeView::setSpan(double span) {
  if (span_ == span) return;
  span_ = span;
  emit spanChanged();
  update();
}

sim::Micros SpaceTimeView::windowStart() const {
  // The cursor sits at three quarters of the width: mostly the past, a little of what comes.
  return simulation_->timeMicros() - static_cast<sim::Micros>(span_ * 0.75);
}

SpaceTimeLayout SpaceTimeView::layout() const {
  return {.width = width(),
          .height = height(),
          .scale = scale_,
          .clients = simulation_->timeline()->cast().size(),
          .gutter = gutter(),
          .windowStart = windowStart(),
          .span = span_};
}

double SpaceTimeView::timeAt(double x) const {
  if (!simulation_ || span_ <= 0) return 0;
  return layout().timeAt(x);
}

void SpaceTimeView::paint(QPainter* painter) {
  if (!ready()) return;
  const RunTimeline& timeline = *simulation_->timeline();
  if (span_ <= 0) {
    // About a sixth of the run, but narrow enough that a busy run shows a few hundred arrows,
    // not thousands: a diagram of 30,000 crossing lines shows nothing and costs a frame.
    const double run = static_cast<double>(std::max<sim::Micros>(1, timeline.endTime()));
    const double perFlight = run / static_cast<double>(
                                       std::max<size_t>(1, timeline.flights().all().size()));
    span_ = std::clamp(std::min(run / 6, perFlight * kComfortableFlights), 2'000.0, 5'000'000.0);
  }
  const sim::Micros from = windowStart(), to = from + static_cast<sim::Micros>(span_);
  SpaceTimeLayout layout = this->layout();
  const double lane = layout.laneHeight();
  const size_t clients = timeline.cast().size();
  // The causal slice shown: what the first violation does not depend on is drawn pale.
  const CausalSliceModel& slice = *simulation_->slice();
  const bool sliced = slice.active();
  painter->setRenderHint(QPainter::Antialiasing);
  QFont font;
  font.setPointSizeF(std::min(8.5 * scale_, std::max(5.0, lane * 0.7)));
  painter->setFont(font);

  // Lanes and their names.
  const double marker = layout.markerSize();
  fitGutter(QFontMetricsF(font), marker);
  layout.gutter = gutter();
  laneNames_.clear();
  for (size_t index = 0; index <= clients; ++index) {
    const double y = layout.laneY(static_cast<int>(index));
    painter->setPen(QPen(palette_->rule, palette_->stroke));
    painter->drawLine(QPointF(gutter(), y), QPointF(width(), y));
    if (lane >= 7) {
      // A client's lane: its marker (shape and colour) and its name, in its colour or, in high
      // contrast, in black.
      const int client = static_cast<int>(index) - 1;
      if (client >= 0)
        Theme::drawClientMarker(*painter, client, QRectF(3, y - marker / 2, marker, marker));
      if (sliced && client >= 0 && slice.clientDimmed(client)) painter->setPen(palette_->quietInk);
      else
        painter->setPen(client < 0 || palette_->highContrast
                            ? palette_->ink
                            : Theme::clientColour(client).darker(130));
      const QString name = client < 0 ? tr("server")
                                      : QString::fromStdString(timeline.cast().name(client));
      const QRectF room = layout.nameRoom(static_cast<int>(index));
      // Right-aligned text wider than its room ran off the left edge: "reader-1" read "ader-1".
      laneNames_ << QFontMetricsF(font).elidedText(name, Qt::ElideRight, room.width());
      painter->drawText(room, Qt::AlignRight | Qt::AlignVCenter, laneNames_.last());
    }
  }

  // Holding intervals as bars on the holder's lane: those begun by the cursor, as far as they
  // have gone (the whole run's, when it is shown).
  const sim::Micros shownUntil = simulation_->shownUntil();
  for (const HoldInterval& hold : holdsSoFar(timeline, shownUntil)) {
    if (hold.end < from || hold.start > to) continue;
    const double y = layout.laneY(hold.client + 1);
    painter->setPen(Qt::NoPen);
    // High contrast: the holder's own colour, not a pastel tint of it.
    const QColor holder = Theme::clientColour(hold.client);
    if (sliced && !slice.marks().containsHold(hold))
      painter->setBrush(Theme::tint(holder, kDimmed));
    else painter->setBrush(palette_->highContrast ? holder : Theme::tint(holder, 0.6));
    const double x0 = std::max(gutter(), layout.xOf(hold.start)),
                 x1 = std::min(width(), layout.xOf(hold.end));
    painter->drawRect(QRectF(x0, y - lane * 0.3, std::max(1.0, x1 - x0), lane * 0.6));
  }

  // Messages: from the sender's lane at departure to the receiver's lane at arrival. Zoomed far
  // out, only every k-th is drawn (the header says so), so a frame stays a frame.
  // Lines are batched by kind, aliased and opaque: translucent or antialiased strokes are blended
  // through the raster engine's thread pool, and a busy window of them cost three times the rest
  // of a frame (docs/performance.md). Lost messages are a paler tint, not a transparency.
  const std::vector<size_t> shown = timeline.flights().overlapping(from, to);
  const size_t stride = std::max<size_t>(1, shown.size() / kMostFlightsDrawn);
  // By kind, arrived or lost; then the same six outside a causal slice shown.
  std::array<std::vector<QLineF>, 12> batches;
  for (size_t position = 0; position < shown.size(); position += stride) {
    const Flight& flight = timeline.flights().all()[shown[position]];
    const size_t dimmed = sliced && !slice.marks().containsFlight(flight) ? 6 : 0;
    if (flight.start > shownUntil) continue;  // not sent yet
    const double clientY = layout.laneY(flight.client + 1), serverY = layout.laneY(0);
    const bool outbound = flight.kind == FlightKind::Request;
    const QPointF from(layout.xOf(flight.start), outbound ? clientY : serverY),
        to(layout.xOf(flight.end), outbound ? serverY : clientY);
    // A message still on its way at the cursor is drawn as far as it got.
    const double travelled = flight.end > shownUntil
                                 ? static_cast<double>(shownUntil - flight.start) /
                                       static_cast<double>(flight.end - flight.start)
                                 : 1.0;
    batches[dimmed + static_cast<size_t>(flight.kind) * 2 + (flight.lost ? 1 : 0)].emplace_back(
        from, from + (to - from) * travelled);
  }
  painter->setRenderHint(QPainter::Antialiasing, false);
  for (size_t batch = 0; batch < batches.size(); ++batch) {
    if (batches[batch].empty()) continue;
    const QColor kind = Theme::flightColour(static_cast<FlightKind>(batch % 6 / 2));
    const QColor colour = batch >= 6  ? Theme::tint(kind, kDimmed)
                          : batch % 2 ? Theme::tint(kind, 0.3)
                                      : kind;
    // Cosmetic: one pixel wide at any zoom (two in high contrast).
    painter->setPen(QPen(colour, palette_->highContrast ? 2 : 0));
    painter->drawLines(batches[batch].data(), static_cast<int>(batches[batch].size()));
  }
  painter->setRenderHint(QPainter::Antialiasing, true);
  if (sliced) paintSliceDots(*painter, layout, from, std::min(to, shownUntil));

  // Violations in red across the lanes of the clients involved: those the run has shown by the
  // cursor, as far as they have gone.
  for (const ViolationSoFar& shownViolation : violationsSoFar(timeline, shownUntil)) {
    const checkers::Violation& violation = *shownViolation.violation;
    const sim::Micros until = shownViolation.until;
    if (until < from || violation.time > to) continue;
    // High contrast: hatched and outlined in the violation colour itself, never a pale wash.
    QColor red = Theme::violationColour();
    if (palette_->highContrast) {
      painter->setBrush(QBrush(red, Qt::BDiagPattern));
      painter->setPen(QPen(red, 2.5 * scale_));
    } else {
      red.setAlpha(60);
      painter->setBrush(red);
      painter->setPen(QPen(Theme::violationColour(), 1.5));
    }
    const double x0 = layout.xOf(violation.time), x1 = std::max(x0 + 3, layout.xOf(until));
    double top = layout.laneY(0), bottom = layout.laneY(static_cast<int>(clients));
    if (!violation.clients.empty()) {
      top = height();
      bottom = 0;
      for (const std::string& name : violation.clients) {
        const int client = timeline.cast().clientOfName(name);
        if (client == kNoClient) continue;
        top = std::min(top, layout.laneY(client + 1) - lane / 2);
        bottom = std::max(bottom, layout.laneY(client + 1) + lane / 2);
      }
    }
    painter->drawRect(QRectF(x0, top, x1 - x0, std::max(2.0, bottom - top)));
  }

  // What is still to come (drawn only when the whole run is shown) is dimmed; the cursor is a line.
  const double cursor = layout.xOf(simulation_->timeMicros());
  painter->fillRect(QRectF(cursor, 0, width() - cursor, height()), QColor(255, 255, 255, 110));
  painter->setPen(QPen(Qt::black, 1.5 * palette_->stroke));
  painter->drawLine(QPointF(cursor, 0), QPointF(cursor, height()));
  painter->setPen(palette_->quietInk);
  // The header in the panel's type, whatever the lanes' height.
  QFont headerFont;
  headerFont.setPointSizeF(8.5 * scale_);
  painter->setFont(headerFont);
  painter->drawText(
      layout.header(), Qt::AlignRight | Qt::AlignVCenter,
      tr("window %1 ms%2 · wheel to zoom · click to jump")
          .arg(span_ / 1000.0, 0, 'f', span_ < 10'000 ? 2 : 0)
          .arg((stride > 1 ? tr(" · 1 in %1 messages drawn").arg(stride) : QString()) +
               (sliced ? tr(" · causal slice: %1 of %2 events")
                             .arg(slice.marks().size())
                             .arg(timeline.trace().size())
                       : QString())));
}

void SpaceTimeView::paintSliceDots(QPainter& painter, const SpaceTimeLayout& layout,
                                   sim::Micros from, sim::Micros to) const {
  const RunTimeline& timeline = *simulation_->timeline();
  const RecordedTrace& trace = timeline.trace();
  const SliceMarks& marks = simulation_->slice()->marks();
  const double radius = std::clamp(layout.laneHeight() * 0.1, 2.0, 4.5 * scale_);
  painter.setPen(QPen(Qt::white, palette_->stroke));
  painter.setBrush(palette_->ink);
  const size_t first = from > 0 ? trace.countUpTo(from - 1) : 0, last = trace.countUpTo(to);
  for (size_t index = first; index < last; ++index) {
    const StoredEvent& event = trace[index];
    if (!marks.containsEvent(index) || !dottedInSlice(event.kind)) continue;
    // A client's event on its lane; the server's (and a Redis instance's) on the server's.
    const int client = timeline.cast().clientOfActor(event.actor);
    const double y = layout.laneY(client == kNoClient ? 0 : client + 1);
    painter.drawEllipse(QPointF(layout.xOf(event.time), y), radius, radius);
  }
}

void SpaceTimeView::fitGutter(const QFontMetricsF& metrics, double marker) {
  double widest = metrics.horizontalAdvance(tr("server"));
  for (const std::string& name : simulation_->timeline()->cast().names()) {
    widest = std::max(widest, metrics.horizontalAdvance(QString::fromStdString(name)));
  }
  // At least the old fixed gutter (the lanes do not move for short names), at most a quarter of
  // the width (a longer name is elided at its end instead).
  const double least = 56 * scale_, most = std::max(least, width() / 4);
  gutter_ = std::clamp(std::ceil(widest) + marker + 12, least, most);
}

void SpaceTimeView::mousePressEvent(QMouseEvent* event) {
  if (!ready()) return;
  simulation_->playback()->setPlaying(false);
  simulation_->playback()->seekTime(timeAt(event->position().x()));
  event->accept();
}

void SpaceTimeView::wheelEvent(QWheelEvent* event) {
  const double steps = event->angleDelta().y() / 120.0;
  setSpan(std::clamp(span_ * std::pow(0.8, steps), 200.0, 3'600'000'000.0));
  event->accept();
}

}  // namespace lockscope::gui
