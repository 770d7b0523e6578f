// The protected resource on stage (stage_view.h): the card of the counter the lock exists for,
// every read and write travelling between it and its client - a write carrying its value and, on
// a fenced resource, its token; a stale write bouncing off in the violation colour - and the
// "two holders" banner while the checkers see mutual exclusion broken. The card's history says
// in words what the last accesses did, so a lost update reads as "wrote 1 over 1".
#include <QPainter>
#include <QPainterPath>
#include <algorithm>

#include "core/run_so_far.h"
#include "stage_view.h"
#include "theme.h"

namespace lockscope::gui {
namespace {

constexpr size_t kHistoryLines = 3;

}  // namespace

QSizeF StageView::resourceCardSize() const {
  if (!ready() || simulation_->timeline()->resources().empty()) return {};
  return {290 * scale_, 82 * scale_};
}

QString StageView::clientName(int client) const {
  if (client < 0 || static_cast<size_t>(client) >= simulation_->timeline()->cast().size())
    return tr("someone");
  return QString::fromStdString(simulation_->timeline()->cast().name(client));
}

QString StageView::accessText(const ResourceAccess& access,
                              const ResourceAccess* overwritten) const {
  const QString who = clientName(access.client);
  const bool fenced = simulation_->timeline()->scenario().fencedResource;
  const QString token = fenced && access.token > 0 ? tr(" (token %1)").arg(access.token)
                                                   : QString();
  switch (access.op) {
    case sim::ResourceOp::Read: return tr("%1 read %2").arg(who).arg(access.value) + token;
    case sim::ResourceOp::Write:
      if (access.lostUpdate) {
        return overwritten ? tr("%1 wrote %2 over %3's %4: update lost")
                                 .arg(who)
                                 .arg(access.value)
                                 .arg(clientName(overwritten->client))
                                 .arg(access.before)
                           : tr("%1 wrote %2 over %3: update lost")
                                 .arg(who)
                                 .arg(access.value)
                                 .arg(access.before);
      }
      return tr("%1 wrote %2").arg(who).arg(access.value) + token;
    case sim::ResourceOp::Rejected:
      if (fenced && access.token > 0 && access.token < access.highestToken) {
        return tr("%1: token %2 < %3, rejected")
            .arg(who)
            .arg(access.token)
            .arg(access.highestToken);
      }
      // A short reason ("0 rows": an optimistic version check) is worth the room; a server's
      // error message is the event log's.
      const QString reason = QString::fromUtf8(
          simulation_->timeline()->trace().text(access.detail));
      return reason.size() <= 16 ? tr("%1's write rejected (%2)").arg(who, reason)
                                 : tr("%1's write rejected").arg(who);
  }
  return {};
}

void StageView::paintResource(QPainter& painter) {
  resourceText_.clear();
  const QRectF& box = layout_.resource;
  if (box.isEmpty()) return;
  const RunTimeline& timeline = *simulation_->timeline();
  const ResourceHistory& history = timeline.resources();
  const ResourceCard card = history.cardAt(simulation_->timeMicros(), kHistoryLines);
  const bool fenced = timeline.scenario().fencedResource;
  const bool alarm = !card.recent.empty() && (card.recent.back()->lostUpdate ||
                                              card.recent.back()->op == sim::ResourceOp::Rejected);
  painter.setPen(QPen(alarm ? Theme::violationColour() : palette_->ink,
                      (alarm ? 3 : 1.5) * scale_ * palette_->stroke));
  painter.setBrush(palette_->box);
  painter.drawRoundedRect(box, 8 * scale_, 8 * scale_);

  const double pad = 6 * scale_;
  const QRectF inner = box.adjusted(pad, 2 * scale_, -pad, -2 * scale_);
  const double titleHeight = 18 * scale_;
  painter.setPen(palette_->ink);
  painter.setFont(font(9, true));
  const QString title = tr("Protected counter");
  painter.drawText(QRectF(inner.left(), inner.top(), inner.width(), titleHeight),
                   Qt::AlignLeft | Qt::AlignVCenter, title);
  resourceText_ << title;
  if (fenced) {
    // A fenced resource says so, and the token a write must not fall below.
    painter.setFont(font(8.5));
    const QString highest = card.highestToken > 0
                                ? tr("fenced · highest token %1").arg(card.highestToken)
                                : tr("fenced");
    painter.drawText(QRectF(inner.left(), inner.top(), inner.width(), titleHeight),
                     Qt::AlignRight | Qt::AlignVCenter, highest);
    resourceText_ << highest;
  }

  // The value, large on the left: what a student watches change (or not).
  QString value;
  for (const auto& [counter, number] : card.values) {
    if (!value.isEmpty()) value += QStringLiteral("  ");
    value += card.values.size() > 1
                 ? QString::fromStdString(counter.substr(counter.rfind('/') + 1)) +
                       QStringLiteral("=") + QString::number(number)
                 : QString::number(number);
  }
  if (value.isEmpty()) value = QStringLiteral("0");
  const QRectF body(inner.left(), inner.top() + titleHeight, inner.width(),
                    inner.height() - titleHeight);
  painter.setFont(font(card.values.size() > 1 ? 12 : 22, true));
  const double valueWidth = std::min(body.width() * 0.4,
                                     painter.fontMetrics().horizontalAdvance(value) + 10 * scale_);
  painter.setPen(alarm ? Theme::violationColour() : palette_->ink);
  painter.drawText(QRectF(body.left(), body.top(), valueWidth, body.height()),
                   Qt::AlignLeft | Qt::AlignVCenter, value);
  resourceText_ << value;

  // The last accesses, oldest first, as many as fit, each wrapped when the card is narrow; a
  // lost update or a rejection in the violation colour.
  painter.setFont(font(8.5));
  const QRectF lines = body.adjusted(valueWidth, 0, 0, 0);
  struct Line {
    QString text;
    bool bad = false;
    double height = 0;
  };
  std::vector<Line> shown;
  double room = lines.height();
  for (auto access = card.recent.rbegin(); access != card.recent.rend(); ++access) {
    const ResourceAccess* overwritten = nullptr;
    if ((*access)->lostUpdate) {
      for (const ResourceAccess& earlier : history.all()) {
        if (&earlier == *access) break;
        if (earlier.op == sim::ResourceOp::Write && earlier.counter == (*access)->counter)
          overwritten = &earlier;
      }
    }
    Line line{accessText(**access, overwritten),
              (*access)->lostUpdate || (*access)->op == sim::ResourceOp::Rejected, 0};
    line.height =
        painter.fontMetrics().boundingRect(lines.toRect(), Qt::TextWordWrap, line.text).height();
    if (line.height > room) {
      if (shown.empty()) clippedTexts_ << line.text;  // not even the newest fits
      break;
    }
    room -= line.height;
    shown.push_back(line);
  }
  double y = lines.top() + room;  // the newest line at the bottom, by the value
  for (auto line = shown.rbegin(); line != shown.rend(); ++line) {
    painter.setPen(line->bad ? Theme::violationColour().darker(palette_->highContrast ? 160 : 115)
                             : palette_->ink);
    painter.drawText(QRectF(lines.left(), y, lines.width(), line->height),
                     Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, line->text);
    resourceText_ << line->text;
    y += line->height;
  }
}

void StageView::paintResourceFlights(QPainter& painter) const {
  const QRectF& box = layout_.resource;
  if (box.isEmpty()) return;
  const RunTimeline& timeline = *simulation_->timeline();
  const sim::Micros now = simulation_->timeMicros();
  const bool fenced = timeline.scenario().fencedResource;
  for (const ResourceAccess* access : timeline.resources().inFlightAt(now)) {
    if (access->client < 0 || static_cast<size_t>(access->client) >= layout_.clients.size())
      continue;
    const QRectF& card = layout_.clients[static_cast<size_t>(access->client)];
    const QPointF client = layout_.anchorTowards(card, box.center());
    const QPointF resource = layout_.anchorTowards(box, card.center());
    const double progress = static_cast<double>(now - access->time) /
                            static_cast<double>(kResourceFlight);
    QPointF at;
    QColor colour;
    QString label;
    switch (access->op) {
      case sim::ResourceOp::Read:
        at = resource + (client - resource) * progress;
        colour = Theme::replyColour();
        label = QString::number(access->value);
        break;
      case sim::ResourceOp::Write:
        at = client + (resource - client) * progress;
        colour = Theme::accentColour();
        label = tr("write %1").arg(access->value);
        if (fenced && access->token > 0) label += tr(" · token %1").arg(access->token);
        break;
      case sim::ResourceOp::Rejected:
        // In, then bounced back off the card.
        at = progress < 0.5 ? client + (resource - client) * (progress * 2)
                            : resource + (client - resource) * ((progress - 0.5) * 2);
        colour = progress < 0.5 ? Theme::accentColour() : Theme::violationColour();
        if (progress < 0.5) {
          label = tr("write %1").arg(access->value);
          if (fenced && access->token > 0) label += tr(" · token %1").arg(access->token);
        } else {
          label = (fenced && access->token > 0 ? tr("token %1").arg(access->token)
                                               : tr("write %1").arg(access->value)) +
                  QStringLiteral(" \u2717");
        }
        break;
    }
    painter.setFont(font(8.5, true));
    const double width = painter.fontMetrics().horizontalAdvance(label) + 10 * scale_;
    const double height = painter.fontMetrics().height() + 4 * scale_;
    const QRectF tag(at.x() - width / 2, at.y() - height / 2, width, height);
    painter.setPen(QPen(palette_->highContrast ? Qt::black : Qt::white, 1.2 * palette_->stroke));
    painter.setBrush(colour);
    painter.drawRoundedRect(tag, height / 2, height / 2);
    painter.setPen(Qt::white);
    painter.drawText(tag, Qt::AlignCenter, label);
  }
}

void StageView::paintTwoHolders(QPainter& painter) {
  twoHolders_.clear();
  const RunTimeline& timeline = *simulation_->timeline();
  const sim::Micros now = simulation_->timeMicros();
  for (const ViolationSoFar& shown : violationsSoFar(timeline, now)) {
    const checkers::Violation& violation = *shown.violation;
    if (violation.kind != "mutual_exclusion") continue;
    if (violation.until > violation.time && now > violation.until) continue;  // over
    QStringList names;
    for (const std::string& name : violation.clients) names << QString::fromStdString(name);
    twoHolders_ = names.size() == 2 ? tr("Two holders! %1 and %2").arg(names[0], names[1])
                                    : tr("%1 holders at once!").arg(names.size());
    break;
  }
  if (twoHolders_.isEmpty()) return;
  painter.setFont(font(13, true));
  const double width = painter.fontMetrics().horizontalAdvance(twoHolders_) + 24 * scale_;
  const double height = painter.fontMetrics().height() + 10 * scale_;
  const QRectF& server = layout_.server;
  const QRectF banner(server.center().x() - width / 2, server.bottom() - height - 10 * scale_,
                      width, height);
  painter.setPen(QPen(palette_->highContrast ? Qt::black : Qt::white, 2 * scale_));
  painter.setBrush(Theme::violationColour());
  painter.drawRoundedRect(banner, 6 * scale_, 6 * scale_);
  painter.setPen(Qt::white);
  painter.drawText(banner, Qt::AlignCenter, twoHolders_);
}

}  // namespace lockscope::gui
