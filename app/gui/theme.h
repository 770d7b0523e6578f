// The palette and the shapes every view draws with. Meanings (messages, activities, violations)
// use Okabe-Ito colours and client identities Paul Tol's muted set; both stay distinguishable
// under the common colour-vision deficiencies, and every colour that carries meaning comes with a
// shape (clients, messages) or a label (activities), never alone. Presentation mode uses a
// high-contrast variant (palette(true)): pure white ground, black ink, thicker and darker lines,
// the same hues.
#pragma once

#include <QtQml/qqmlregistration.h>
#include <QColor>
#include <QObject>
#include <QPainter>

#include "core/flights.h"
#include "core/stage_state.h"

namespace lockscope::gui {

enum class Shape { Circle, Square, Triangle, Diamond, Cross };

// What is not a meaning: the ground, the ink and how thick lines are.
struct Palette {
  QColor window;      // the window behind the panels
  QColor ground;      // a view's own background (stage, diagram)
  QColor box;         // the server box on the stage
  QColor ink;         // text and outlines
  QColor quietInk;    // secondary text (legend, diagram header, lane names)
  QColor rule;        // lines that only structure (lanes, the countdown ring's track)
  double stroke = 1;  // multiplies line widths
  bool highContrast = false;
};

class Theme : public QObject {
  Q_OBJECT
  QML_ELEMENT
  QML_SINGLETON
  Q_PROPERTY(QColor request READ requestColour CONSTANT)
  Q_PROPERTY(QColor reply READ replyColour CONSTANT)
  Q_PROPERTY(QColor notification READ notificationColour CONSTANT)
  Q_PROPERTY(QColor violation READ violationColour CONSTANT)
  Q_PROPERTY(QColor accent READ accentColour CONSTANT)
  Q_PROPERTY(QColor crash READ crashColour CONSTANT)
  Q_PROPERTY(QColor correct READ correctColour CONSTANT)

 public:
  using QObject::QObject;

  static QColor clientColour(int client);
  static Shape clientShape(int client);
  static QColor activityColour(Activity activity);
  static QColor activityTextColour(Activity activity);
  // The activity's hue deep enough to stand on white (high contrast's band under a client's name).
  static QColor strongActivityColour(Activity activity);
  static QColor flightColour(FlightKind kind);
  static QColor requestColour() { return flightColour(FlightKind::Request); }
  static QColor replyColour() { return flightColour(FlightKind::Reply); }
  static QColor notificationColour() { return flightColour(FlightKind::Notification); }
  static QColor violationColour() { return QColor(0xD5, 0x5E, 0x00); }
  static QColor accentColour() { return QColor(0x00, 0x72, 0xB2); }
  // A question's right answer once revealed (Okabe-Ito's bluish green, always with a tick).
  static QColor correctColour() { return QColor(0x00, 0x9E, 0x73); }
  // A crashed client or server: Okabe-Ito's reddish purple with an X, never the violation's
  // vermillion (a crash is a fault injected, not the algorithm failing).
  static QColor crashColour() { return QColor(0xCC, 0x79, 0xA7); }
  static const Palette& palette(bool highContrast);
  // A Redlock vote under a client's card (redis_stage.h): locked a bluish-green circle, refused a
  // vermillion square, no answer a grey triangle, still pending a hollow circle.
  static QColor voteColour(QuorumTally::Vote vote);
  static Shape voteShape(QuorumTally::Vote vote);
  // `colour` mixed with white: `amount` 0 is white, 1 the colour itself (row and bar fills).
  static QColor tint(const QColor& colour, double amount);
  static void drawShape(QPainter& painter, Shape shape, const QRectF& box);
  // A client's identity marker: its shape filled with its colour, outlined in a darker shade.
  static void drawClientMarker(QPainter& painter, int client, const QRectF& box);
  // WCAG 2 contrast ratio of two colours, 1 to 21.
  static double contrast(const QColor& a, const QColor& b);

  Q_INVOKABLE QColor colourOfActivity(const QString& activity) const;
  Q_INVOKABLE QColor windowColour(bool highContrast) const { return palette(highContrast).window; }
  Q_INVOKABLE QColor inkColour(bool highContrast) const { return palette(highContrast).ink; }
};

}  // namespace lockscope::gui
