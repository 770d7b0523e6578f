#include "theme.h"

#include <QPainterPath>
#include <algorithm>
#include <array>
#include <cmath>

namespace lockscope::gui {
namespace {

// Client identities: Paul Tol's "muted" qualitative scheme, safe under the common colour-vision
// deficiencies. It shares no colour with the meanings (messages, holding, crashed), so a dot or
// a crash is never mistaken for a client. Shapes cycle every 4 clients and colours every 9:
// from the first client on, each has a shape as well as a colour, and (colour, shape) pairs
// repeat only after 36 clients.
constexpr std::array<QRgb, 9> kClientColours = {0x332288, 0x88CCEE, 0x44AA99, 0x117733, 0x999933,
                                                0xDDCC77, 0xCC6677, 0x882255, 0xAA4499};
constexpr std::array<Shape, 4> kShapes = {Shape::Circle, Shape::Square, Shape::Triangle,
                                          Shape::Diamond};

const Palette kNormal{QColor(0xEF, 0xEF, 0xEF),
                      QColor(0xFF, 0xFF, 0xFF),
                      QColor(0xF7, 0xF9, 0xFC),
                      QColor(0x33, 0x33, 0x33),
                      QColor(0x55, 0x55, 0x55),
                      QColor(0xE2, 0xE2, 0xE2),
                      1.0,
                      false};
const Palette kHighContrast{
    Qt::white, Qt::white, Qt::white, Qt::black, Qt::black, QColor(0x80, 0x80, 0x80), 1.6, true};

double luminance(const QColor& colour) {
  auto linear = [](double channel) {
    return channel <= 0.03928 ? channel / 12.92 : std::pow((channel + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * linear(colour.redF()) + 0.7152 * linear(colour.greenF()) +
         0.0722 * linear(colour.blueF());
}

}  // namespace

QColor Theme::clientColour(int client) {
  if (client < 0) return QColor(0x77, 0x77, 0x77);
  return QColor(kClientColours[static_cast<size_t>(client) % kClientColours.size()]);
}

Shape Theme::clientShape(int client) {
  if (client < 0) return Shape::Circle;
  return kShapes[static_cast<size_t>(client) % kShapes.size()];
}

const Palette& Theme::palette(bool highContrast) { return highContrast ? kHighContrast : kNormal; }

double Theme::contrast(const QColor& a, const QColor& b) {
  const double la = luminance(a), lb = luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

void Theme::drawClientMarker(QPainter& painter, int client, const QRectF& box) {
  const QColor identity = clientColour(client);
  painter.setPen(QPen(identity.darker(160), 1));
  painter.setBrush(identity);
  drawShape(painter, clientShape(client), box);
}

QColor Theme::activityColour(Activity activity) {
  switch (activity) {
    case Activity::Idle: return QColor(0xEE, 0xEE, 0xEE);
    case Activity::Creating: return QColor(0xFF, 0xF2, 0xA8);
    case Activity::Listing: return QColor(0xFA, 0xE0, 0x8C);
    case Activity::Waiting: return QColor(0xCF, 0xE7, 0xF7);
    case Activity::Holding: return QColor(0x3F, 0xB9, 0x8A);
    case Activity::Releasing: return QColor(0xF6, 0xC6, 0x8E);
    case Activity::Paused: return QColor(0xB8, 0xB8, 0xB8);
    case Activity::Crashed: return crashColour();
    case Activity::Expired: return QColor(0x44, 0x44, 0x44);
    case Activity::Done: return QColor(0xF7, 0xF7, 0xF7);
  }
  return Qt::white;
}

QColor Theme::activityTextColour(Activity activity) {
  return activity == Activity::Expired ? Qt::white : Qt::black;
}

QColor Theme::strongActivityColour(Activity activity) {
  const QColor pale = activityColour(activity);
  if (pale.saturation() < 40)
    return pale.lightness() > 128 ? QColor(0x80, 0x80, 0x80) : pale;  // the greys
  return QColor::fromHsv(pale.hue(), std::max(pale.saturation(), 170), std::min(pale.value(), 190));
}

QColor Theme::voteColour(QuorumTally::Vote vote) {
  switch (vote) {
    case QuorumTally::Vote::Locked: return QColor(0x00, 0x9E, 0x73);
    case QuorumTally::Vote::Refused: return violationColour();
    case QuorumTally::Vote::NoAnswer: return QColor(0x99, 0x99, 0x99);
    case QuorumTally::Vote::Pending: return Qt::white;
  }
  return Qt::white;
}

Shape Theme::voteShape(QuorumTally::Vote vote) {
  switch (vote) {
    case QuorumTally::Vote::Refused: return Shape::Square;
    case QuorumTally::Vote::NoAnswer: return Shape::Triangle;
    case QuorumTally::Vote::Locked:
    case QuorumTally::Vote::Pending: return Shape::Circle;
  }
  return Shape::Circle;
}

QColor Theme::flightColour(FlightKind kind) {
  switch (kind) {
    case FlightKind::Request: return QColor(0x00, 0x72, 0xB2);
    case FlightKind::Reply: return QColor(0x6A, 0x3D, 0x9A);
    case FlightKind::Notification: return QColor(0xE6, 0x9F, 0x00);
  }
  return Qt::black;
}

QColor Theme::tint(const QColor& colour, double amount) {
  auto mix = [amount](int channel) { return static_cast<int>(255 - (255 - channel) * amount); };
  return QColor(mix(colour.red()), mix(colour.green()), mix(colour.blue()));
}

void Theme::drawShape(QPainter& painter, Shape shape, const QRectF& box) {
  switch (shape) {
    case Shape::Circle: painter.drawEllipse(box); return;
    case Shape::Square: painter.drawRect(box); return;
    case Shape::Triangle: {
      const QPointF points[] = {{box.center().x(), box.top()}, box.bottomRight(), box.bottomLeft()};
      painter.drawPolygon(points, 3);
      return;
    }
    case Shape::Diamond: {
      const QPointF c = box.center();
      const QPointF points[] = {
          {c.x(), box.top()}, {box.right(), c.y()}, {c.x(), box.bottom()}, {box.left(), c.y()}};
      painter.drawPolygon(points, 4);
      return;
    }
    case Shape::Cross: {
      // An X of two bars a quarter of the box thick, filled with the brush.
      const double w = box.width() / 4;
      QPainterPath cross;
      QPainterPath bar;
      bar.addRect(QRectF(-box.width() * 0.7, -w / 2, box.width() * 1.4, w));
      QTransform turn;
      turn.translate(box.center().x(), box.center().y());
      cross.addPath(QTransform(turn).rotate(45).map(bar));
      cross.addPath(QTransform(turn).rotate(-45).map(bar));
      painter.drawPath(cross.simplified());
      return;
    }
  }
}

QColor Theme::colourOfActivity(const QString& activity) const {
  for (int value = 0; value <= static_cast<int>(Activity::Done); ++value) {
    const auto candidate = static_cast<Activity>(value);
    if (activity == QLatin1String(activityName(candidate))) return activityColour(candidate);
  }
  return Qt::white;
}

}  // namespace lockscope::gui
