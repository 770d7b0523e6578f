// The Redis half of the stage: instance boxes with their keys and TTL bars, the replication link
// from each master to its replicas with how far they trail, and under each client's card the
// quorum tally of its latest Redlock attempt.
#include <QCoreApplication>
#include <QPainter>
#include <algorithm>
#include <cmath>

#include "arrow_head.h"
#include "stage_view.h"
#include "theme.h"

namespace lockscope::gui {
namespace {

QString lagText(const InstanceOnStage& replica, const ReplicationLag& lag, sim::Micros now) {
  QString text = QCoreApplication::translate("lockscope::gui::StageView", "from %1: ")
                     .arg(QString::fromStdString(replica.follows));
  if (lag.changesBehind == 0)
    return text + QCoreApplication::translate("lockscope::gui::StageView", "in sync");
  text += lag.changesBehind == 1
              ? QCoreApplication::translate("lockscope::gui::StageView", "1 change in transit")
              : QCoreApplication::translate("lockscope::gui::StageView", "%1 changes in transit")
                    .arg(lag.changesBehind);
  if (lag.oldestSince >= 0) {
    text += QCoreApplication::translate("lockscope::gui::StageView", ", oldest %1 ms")
                .arg(static_cast<double>(now - lag.oldestSince) / 1000.0, 0, 'f', 0);
  }
  return text;
}

}  // namespace

void StageView::paintInstances(QPainter& painter) const {
  const sim::Micros now = simulation_->timeMicros();
  const StageState& stage = simulation_->stage();
  const bool live = simulation_->live()->backend() == QLatin1String("live");
  for (const auto& [name, instance] : stage.instances()) {
    const auto found = layout_.instances.find(name);
    if (found == layout_.instances.end()) continue;
    const QRectF box = found->second;
    painter.setPen(QPen(instance.up ? palette_->ink : Theme::crashColour(),
                        1.5 * scale_ * palette_->stroke,
                        instance.up ? Qt::SolidLine : Qt::DashLine));
    painter.setBrush(instance.up ? QColor(Qt::white) : QColor(0xE0, 0xE0, 0xE0));
    painter.drawRoundedRect(box, 6, 6);
    const double line = std::min(20.0 * scale_, box.height() / 4);
    painter.setPen(Qt::black);
    painter.setFont(font(9, true));
    QString title = QString::fromStdString(name) + QStringLiteral(" · ") +
                    QString::fromStdString(instance.role);
    if (!instance.up) title += tr(" · DOWN");
    const QRectF header(box.left() + 6, box.top() + 2, box.width() - 12, line);
    const QString shownTitle = painter.fontMetrics().elidedText(
        title, Qt::ElideRight, static_cast<int>(header.width() * 0.6));
    painter.drawText(header, Qt::AlignLeft | Qt::AlignVCenter, shownTitle);
    // The clock in what the title leaves: "clock 10.500 s", or just "10.500 s" in a half stage's
    // narrow box, or nothing (it was drawn over the title).
    const double room = header.width() - painter.fontMetrics().horizontalAdvance(shownTitle) -
                        6 * scale_;
    painter.setFont(font(8.5));
    const QString reading = QString::number(static_cast<double>(instance.clockAtTime(now)) / 1000.0,
                                            'f', 3) +
                            QStringLiteral(" s");
    for (const QString& clock : {tr("clock %1").arg(reading), reading}) {
      if (painter.fontMetrics().horizontalAdvance(clock) > room) continue;
      painter.drawText(header, Qt::AlignRight | Qt::AlignVCenter, clock);
      break;
    }
    double y = header.bottom() + 2;
    if (instance.isReplica()) {
      // How far behind its master it is: the window in which a failover forgets a lock.
      const ReplicationLag lag = stage.redis().lagOf(instance);
      const QRectF row(box.left() + 6, y, box.width() - 12, line - 2);
      painter.setPen(lag.changesBehind > 0 ? Theme::violationColour() : QColor(0x55, 0x55, 0x55));
      painter.drawText(row, Qt::AlignLeft | Qt::AlignVCenter,
                       painter.fontMetrics().elidedText(lagText(instance, lag, now), Qt::ElideRight,
                                                        static_cast<int>(row.width())));
      y += line;
    }
    if (live) {
      // A live run sees its own requests and replies, not the server's keyspace.
      painter.setPen(QColor(0x66, 0x66, 0x66));
      painter.drawText(
          QRectF(box.left() + 6, y, box.width() - 12, line), Qt::AlignLeft | Qt::AlignVCenter,
          painter.fontMetrics().elidedText(tr("live server: keys are seen only in the model"),
                                           Qt::ElideRight, static_cast<int>(box.width() - 12)));
      continue;
    }
    for (const auto& [key, stored] : instance.keys) {
      if (y + line > box.bottom() - 2) break;
      const QRectF row(box.left() + 6, y, box.width() - 12, line - 2);
      const QColor owner = Theme::clientColour(stored.owner);
      painter.setPen(palette_->highContrast ? QPen(Qt::black, palette_->stroke)
                                            : QPen(owner.darker(130), 1));
      // High contrast: a white row (no pastel), its owner named in the value.
      painter.setBrush(palette_->highContrast      ? palette_->box
                       : stored.owner == kNoClient ? QColor(0xE4, 0xE7, 0xEB)
                                                   : Theme::tint(owner, 0.35));
      painter.drawRoundedRect(row, 3, 3);
      // The TTL bar: what is left of the lease, red in its last quarter.
      const double left = instance.ttlLeft(stored, now);
      if (stored.ttlMs > 0) {
        painter.fillRect(
            QRectF(row.left() + 1, row.bottom() - 4 * scale_, (row.width() - 2) * left, 3 * scale_),
            left < 0.25 ? Theme::violationColour() : Theme::accentColour());
      }
      painter.setPen(Qt::black);
      QString text = QString::fromStdString(key) + QStringLiteral(" = ") +
                     QString::fromStdString(stored.value);
      text += stored.ttlMs > 0
                  ? tr("  ttl %1 ms").arg(std::llround(left * static_cast<double>(stored.ttlMs)))
                  : tr("  no expiry");
      keyTexts_[QString::fromStdString(name)] << text;
      painter.drawText(row.adjusted(4, 0, -4, -3), Qt::AlignLeft | Qt::AlignVCenter,
                       painter.fontMetrics().elidedText(text, Qt::ElideMiddle,
                                                        static_cast<int>(row.width() - 8)));
      y += line;
    }
  }
}

void StageView::paintReplication(QPainter& painter) const {
  const StageState& stage = simulation_->stage();
  for (const auto& [name, instance] : stage.instances()) {
    if (!instance.isReplica()) continue;
    const auto replicaBox = layout_.instances.find(name);
    const auto masterBox = layout_.instances.find(instance.follows);
    const auto master = stage.instances().find(instance.follows);
    if (replicaBox == layout_.instances.end() || masterBox == layout_.instances.end() ||
        master == stage.instances().end()) {
      continue;
    }
    // Master to replica. Dashed once either end is down: nothing flows any more.
    const bool linked = instance.up && master->second.up;
    const bool behind = stage.redis().lagOf(instance).changesBehind > 0;
    const QPointF from = layout_.serverAnchor(instance.follows, replicaBox->second.center());
    const QPointF to = layout_.serverAnchor(name, masterBox->second.center());
    const QColor colour = !linked  ? QColor(0x99, 0x99, 0x99)
                          : behind ? Theme::violationColour()
                                   : QColor(0x55, 0x55, 0x55);
    painter.setPen(QPen(colour, 2 * scale_, linked ? Qt::SolidLine : Qt::DashLine));
    painter.drawLine(from, to);
    painter.setPen(Qt::NoPen);
    painter.setBrush(colour);
    drawArrowHead(painter, from, to, 8 * scale_);
  }
}

void StageView::paintQuorums(QPainter& painter) const {
  if (!layout_.clientLabels) return;  // a crowd has no room under its cards
  for (const auto& [client, tally] : simulation_->stage().redis().tallies()) {
    if (tally.votes.size() < 2 || client < 0 ||
        static_cast<size_t>(client) >= layout_.clients.size())
      continue;
    const QRectF& card = layout_.clients[static_cast<size_t>(client)];
    const double dot = 9 * scale_, step = dot + 3 * scale_;
    const double width = step * static_cast<double>(tally.votes.size()) - 3 * scale_;
    double x = card.center().x() - width / 2;
    const double y = card.bottom() + 5 * scale_;
    for (const auto& vote : tally.votes) {
      const QColor colour = Theme::voteColour(vote.second);
      painter.setPen(QPen(
          vote.second == QuorumTally::Vote::Pending ? QColor(0x33, 0x33, 0x33) : colour.darker(140),
          1.2));
      painter.setBrush(colour);
      Theme::drawShape(painter, Theme::voteShape(vote.second), QRectF(x, y, dot, dot));
      x += step;
    }
    // The recipe's own count once it has made it; until then, what has come in so far.
    const int majority = static_cast<int>(tally.votes.size()) / 2 + 1;
    const QString text = !tally.verdict.empty() ? QString::fromStdString(tally.verdict)
                                                : tr("%1 of %2 locked, %3 needed")
                                                      .arg(tally.locked())
                                                      .arg(tally.votes.size())
                                                      .arg(majority);
    painter.setFont(font(8));
    painter.setPen(palette_->ink);
    const double textWidth = std::max(card.width() * 1.8, 150.0 * scale_);
    const QRectF label(card.center().x() - textWidth / 2, y + dot + 1, textWidth, 14 * scale_);
    painter.drawText(
        label, Qt::AlignHCenter | Qt::AlignTop,
        painter.fontMetrics().elidedText(text, Qt::ElideRight, static_cast<int>(label.width())));
  }
}

}  // namespace lockscope::gui
