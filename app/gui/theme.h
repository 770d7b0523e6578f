// The palette and the shapes every view draws with. Meanings (messages, activities, violations)
// use Okabe-Ito colours and client identities Paul Tol's muted set; both stay distinguishable
// under the common colour-vision deficiencies, and every colour that carries meaning comes with a
// shape (clients, messages) or a label (activities), never alone.
#pragma once

#include <QColor>
#include <QObject>
#include <QPainter>
#include <QtQml/qqmlregistration.h>

#include "core/flights.h"
#include "core/stage_state.h"

namespace lockscope::gui {

enum class Shape { Circle, Square, Triangle, Diamond };

class Theme : public QObject {
  Q_OBJECT
  QML_ELEMENT
  QML_SINGLETON
  Q_PROPERTY(QColor request READ requestColour CONSTANT)
  Q_PROPERTY(QColor reply READ replyColour CONSTANT)
  Q_PROPERTY(QColor notification READ notificationColour CONSTANT)
  Q_PROPERTY(QColor violation READ violationColour CONSTANT)
  Q_PROPERTY(QColor accent READ accentColour CONSTANT)

 public:
  using QObject::QObject;

  static QColor clientColour(int client);
  static Shape clientShape(int client);
  static QColor activityColour(Activity activity);
  static QColor activityTextColour(Activity activity);
  static QColor flightColour(FlightKind kind);
  static QColor requestColour() { return flightColour(FlightKind::Request); }
  static QColor replyColour() { return flightColour(FlightKind::Reply); }
  static QColor notificationColour() { return flightColour(FlightKind::Notification); }
  static QColor violationColour() { return QColor(0xD5, 0x5E, 0x00); }
  static QColor accentColour() { return QColor(0x00, 0x72, 0xB2); }
  // A Redlock vote under a client's card (redis_stage.h): locked a bluish-green circle, refused a
  // vermillion square, no answer a grey triangle, still pending a hollow circle.
  static QColor voteColour(QuorumTally::Vote vote);
  static Shape voteShape(QuorumTally::Vote vote);
  // `colour` mixed with white: `amount` 0 is white, 1 the colour itself (row and bar fills).
  static QColor tint(const QColor& colour, double amount);
  static void drawShape(QPainter& painter, Shape shape, const QRectF& box);

  Q_INVOKABLE QColor colourOfClient(int client) const { return clientColour(client); }
  Q_INVOKABLE QString shapeOfClient(int client) const;
  Q_INVOKABLE QColor colourOfActivity(const QString& activity) const;
};

}  // namespace lockscope::gui
