// The database half of the stage: a card per table with its rows (committed value, the change an
// open transaction made, the lock on the row with its holder and queue), the advisory locks, the
// wait-for graph (the last deadlock's cycle in the alarm colour, its victim crossed), and a card
// per client with its transaction and the SQL it has in flight.
#include <QCoreApplication>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>
#include <numbers>

#include "activity_words.h"
#include "arrow_head.h"
#include "sim/scenario/database_seed.h"
#include "stage_view.h"
#include "theme.h"

namespace lockscope::gui {
namespace {

QString text(std::string_view value) {
  return QString::fromUtf8(value.data(), static_cast<qsizetype>(value.size()));
}

// A row's key as the card writes it; a gap lock "gap:locks/+inf" is the gap before that key.
QString gapLabel(const std::string& key) {
  return key == "+inf" ? QCoreApplication::translate("lockscope::gui::StageView", "gap at the end")
                       : QCoreApplication::translate("lockscope::gui::StageView", "gap before %1")
                             .arg(text(key));
}

// The card's word for a database client: the lock-recipe states, with "waiting" split into
// queued on a lock (the server holds its statement) and sleeping before a retry.
QString sqlActivity(const ClientOnStage& client, const DatabaseStage& database, int index) {
  const Activity activity = client.activity();
  if (activity != Activity::Creating && activity != Activity::Listing &&
      activity != Activity::Waiting)
    return activityWords(activityName(activity));
  for (const auto& [name, lock] : database.locks()) {
    if (lock.awaitedBy(index))
      return QCoreApplication::translate("lockscope::gui::StageView", "queued for a lock");
  }
  return activityWords(client.outstanding > 0 ? "acquiring" : "waiting to retry");
}

QString transactionLine(const SqlClientOnStage* connection) {
  if (!connection || connection->transaction == 0)
    return QCoreApplication::translate("lockscope::gui::StageView", "no transaction");
  const QString id = QString::number(connection->transaction);
  if (connection->sessionEnded)
    return QCoreApplication::translate("lockscope::gui::StageView", "session ended: %1")
        .arg(text(connection->endedWhy));
  if (connection->aborted) {
    return (connection->open
                ? QCoreApplication::translate("lockscope::gui::StageView",
                                              "txn %1 aborted: %2 (until ROLLBACK)")
                : QCoreApplication::translate("lockscope::gui::StageView", "txn %1 aborted: %2"))
        .arg(id, text(connection->abortedWhy));
  }
  if (!connection->open)
    return QCoreApplication::translate("lockscope::gui::StageView", "txn %1 ended").arg(id);
  return (connection->explicitly
              ? QCoreApplication::translate("lockscope::gui::StageView", "txn %1 open (BEGIN)")
              : QCoreApplication::translate("lockscope::gui::StageView",
                                            "txn %1 open (one statement)"))
      .arg(id);
}

QString statementLine(const SqlClientOnStage* connection) {
  if (!connection || connection->sql.empty()) return {};
  if (connection->inFlight) return QStringLiteral("\u25B8 ") + text(connection->sql);
  const bool ok = connection->outcome == "OK";
  return (ok ? QStringLiteral("\u2713 ")
             : QStringLiteral("\u2717 ") + text(connection->outcome) + QStringLiteral(": ")) +
         text(connection->sql);
}

}  // namespace

void StageView::paintDatabase(QPainter& painter) const {
  for (const auto& [table, box] : layout_.tables) paintTable(painter, table, box);
  if (!layout_.advisory.isEmpty()) paintAdvisory(painter);
  if (!layout_.waitFor.isEmpty()) paintWaitFor(painter);
}

// A panel inside the server box: white, outlined, its title on top; returns where its content
// goes.
QRectF StageView::paintPanel(QPainter& painter, const QRectF& box, const QString& title,
                             const QString& note) const {
  painter.setPen(QPen(palette_->ink, 1.2 * scale_ * palette_->stroke));
  painter.setBrush(palette_->box == QColor(Qt::white) ? QColor(0xFA, 0xFA, 0xFA)
                                                      : QColor(Qt::white));
  painter.drawRoundedRect(box, 6, 6);
  painter.setFont(font(9, true));
  const double line = painter.fontMetrics().height() + 4 * scale_;
  const QRectF header(box.left() + 6 * scale_, box.top() + 2, box.width() - 12 * scale_, line);
  // "table inventory", or the name alone in a narrow panel (presentation mode's three tables).
  QString shown = title;
  if (painter.fontMetrics().horizontalAdvance(shown) > header.width() && title.contains(u' '))
    shown = title.section(u' ', 1);
  const int titleWidth = painter.fontMetrics().horizontalAdvance(shown);
  if (titleWidth > header.width()) clippedTexts_ << title;
  painter.setPen(palette_->ink);
  painter.drawText(
      header, Qt::AlignLeft | Qt::AlignVCenter,
      painter.fontMetrics().elidedText(shown, Qt::ElideRight, static_cast<int>(header.width())));
  if (!note.isEmpty()) {
    painter.setFont(font(8));
    painter.setPen(palette_->quietInk);
    const double room = header.width() - titleWidth - 10 * scale_;
    if (room > 20 * scale_) {
      painter.drawText(
          header, Qt::AlignRight | Qt::AlignVCenter,
          painter.fontMetrics().elidedText(note, Qt::ElideRight, static_cast<int>(room)));
    }
  }
  return QRectF(box.left() + 6 * scale_, header.bottom(), box.width() - 12 * scale_,
                box.bottom() - header.bottom() - 4 * scale_);
}

// A lock's holders and queue from `line` on: a pill per holder (its marker, name and mode), then
// "queue:" and the waiters in order, wrapping onto further lines down to `bottom`; what still
// does not fit is counted ("+2"). Returns where the last line ends.
double StageView::paintLockLine(QPainter& painter, const QRectF& line, const LockOnStage& lock,
                                double bottom) const {
  const RunCast& cast = simulation_->timeline()->cast();
  painter.setFont(font(8.5));
  const QFontMetrics metrics = painter.fontMetrics();
  const double height = line.height();
  const double marker = std::min(height - 4, 11.0 * scale_);
  const double more = metrics.horizontalAdvance(QStringLiteral("+99")) + 2;
  double x = line.left(), y = line.top();
  // Where the next item of `width` goes (wrapping when the line is full); false when out of room.
  // The last line keeps room for the count of what is left out.
  auto place = [&](double width, bool last) {
    const bool lastLine = y + 2 * height > bottom + 1;
    const double need = width + (last || !lastLine ? 0 : more);
    if (x + need <= line.right() || x == line.left()) return x + width <= line.right() + 1;
    if (y + 2 * height > bottom + 1) return false;
    x = line.left();
    y += height;
    return x + width <= line.right() + 1;
  };
  auto countLeft = [&](size_t left) {
    painter.setPen(palette_->ink);
    painter.drawText(QRectF(x, y, std::max(more, line.right() - x), height),
                     Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("+%1").arg(left));
  };
  const size_t items = lock.holders.size() + lock.waiters.size();
  size_t done = 0;
  for (const auto& holder : lock.holders) {
    const QString label = text(cast.name(holder.client)) + QLatin1Char(' ') + text(holder.mode);
    const double width = marker + 8 * scale_ + metrics.horizontalAdvance(label);
    if (!place(width, done + 1 == items)) {
      countLeft(items - done);
      return y + height;
    }
    const QRectF pill(x, y + 1, width, height - 2);
    painter.setPen(QPen(palette_->ink, 1.4 * scale_ * palette_->stroke));
    painter.setBrush(palette_->highContrast ? palette_->box
                                            : Theme::tint(Theme::clientColour(holder.client), 0.4));
    painter.drawRoundedRect(pill, pill.height() / 2, pill.height() / 2);
    Theme::drawClientMarker(painter, holder.client,
                            QRectF(x + 3 * scale_, pill.center().y() - marker / 2, marker, marker));
    painter.setPen(palette_->ink);
    painter.drawText(QRectF(x + marker + 5 * scale_, pill.top(), width, pill.height()),
                     Qt::AlignLeft | Qt::AlignVCenter, label);
    x += width + 4 * scale_;
    ++done;
  }
  if (lock.waiters.empty()) return y + height;
  const QString queued = tr("queue:");
  const double queuedWidth = metrics.horizontalAdvance(queued) + 4 * scale_;
  if (!place(queuedWidth, false)) {
    countLeft(items - done);
    return y + height;
  }
  painter.setPen(palette_->quietInk);
  painter.drawText(QRectF(x, y, queuedWidth, height), Qt::AlignLeft | Qt::AlignVCenter, queued);
  x += queuedWidth;
  for (const auto& waiter : lock.waiters) {
    const QString name = text(cast.name(waiter.client));
    const double width = marker + 3 * scale_ + metrics.horizontalAdvance(name) + 6 * scale_;
    if (!place(width, done + 1 == items)) {
      countLeft(items - done);
      return y + height;
    }
    Theme::drawClientMarker(painter, waiter.client,
                            QRectF(x, y + height / 2 - marker / 2, marker, marker));
    painter.setPen(palette_->ink);
    painter.drawText(QRectF(x + marker + 3 * scale_, y, width, height),
                     Qt::AlignLeft | Qt::AlignVCenter, name);
    x += width;
    ++done;
  }
  return y + height;
}

void StageView::paintTable(QPainter& painter, const std::string& table, const QRectF& box) const {
  const DatabaseStage& database = simulation_->stage().database();
  const RunCast& cast = simulation_->timeline()->cast();
  const QRectF area = paintPanel(painter, box, tr("table %1").arg(text(table)), {});
  painter.setFont(font(8.5));
  const double line = painter.fontMetrics().height() + 4 * scale_;
  const auto rows = database.tables().find(table);
  // Rows, then the gaps locked in this table (InnoDB's gap locks), each a block of lines.
  struct Block {
    QString key;
    const RowOnStage* row = nullptr;
    const LockOnStage* lock = nullptr;
  };
  std::vector<Block> blocks;
  if (rows != database.tables().end()) {
    for (const auto& [key, row] : rows->second) {
      const auto lock = database.locks().find(table + "/" + key);
      blocks.push_back({text(key), &row, lock == database.locks().end() ? nullptr : &lock->second});
    }
  }
  const std::string gapPrefix = "gap:" + table + "/";
  for (const auto& [name, lock] : database.locks()) {
    if (name.rfind(gapPrefix, 0) == 0)
      blocks.push_back({gapLabel(name.substr(gapPrefix.size())), nullptr, &lock});
  }
  double y = area.top();
  if (blocks.empty()) {
    painter.setPen(palette_->quietInk);
    painter.drawText(QRectF(area.left(), y, area.width(), line), Qt::AlignLeft | Qt::AlignVCenter,
                     tr("no row touched yet"));
    return;
  }
  for (size_t index = 0; index < blocks.size(); ++index) {
    const Block& block = blocks[index];
    const int lines = 1 + (block.row && block.row->changed ? 1 : 0) + (block.lock ? 1 : 0);
    if (y + lines * line > area.bottom() + 1) {
      painter.setPen(palette_->quietInk);
      painter.setFont(font(8.5));
      painter.drawText(QRectF(area.left(), y, area.width(), line), Qt::AlignLeft | Qt::AlignVCenter,
                       tr("… and %1 more").arg(blocks.size() - index));
      return;
    }
    // The key in bold, then the committed value (until a commit or a rollback shows it, the
    // seeded value: the seeding is not in the trace).
    painter.setFont(font(8.5, true));
    painter.setPen(palette_->ink);
    const QRectF first(area.left(), y, area.width(), line);
    const int keyWidth = painter.fontMetrics().horizontalAdvance(block.key);
    painter.drawText(first, Qt::AlignLeft | Qt::AlignVCenter, block.key);
    painter.setFont(font(8.5));
    if (block.row) {
      const RowOnStage& row = *block.row;
      // A row no commit or rollback has shown yet holds what the run seeded it with.
      const std::string_view seeded = scenario::seededRowText(table);
      const QString committed = row.committedKnown
                                    ? (row.committed.empty() ? tr("(no committed row)")
                                                             : text(row.committed))
                                    : (seeded.empty() ? tr("(as seeded)") : text(seeded));
      painter.setPen(!committed.startsWith(u'(') ? palette_->ink : palette_->quietInk);
      const QRectF value = first.adjusted(keyWidth + 8 * scale_, 0, 0, 0);
      painter.drawText(value, Qt::AlignLeft | Qt::AlignVCenter,
                       painter.fontMetrics().elidedText(committed, Qt::ElideRight,
                                                        static_cast<int>(value.width())));
    }
    y += line;
    if (block.row && block.row->changed) {
      // The uncommitted change, on its writer's colour: what others cannot see yet.
      const RowOnStage& row = *block.row;
      const QRectF change(area.left() + 10 * scale_, y + 1, area.width() - 10 * scale_, line - 2);
      painter.setPen(QPen(palette_->ink, scale_ * palette_->stroke, Qt::DashLine));
      painter.setBrush(palette_->highContrast ? palette_->box
                                              : Theme::tint(Theme::clientColour(row.writer), 0.3));
      painter.drawRoundedRect(change, 3, 3);
      const QString who = row.writer == kNoClient ? QString() : text(cast.name(row.writer));
      const QString what = row.pending.empty() ? tr("deleted") : text(row.pending);
      const QString shown = tr("→ %1  uncommitted, %2").arg(what, who);
      painter.setPen(palette_->ink);
      painter.drawText(change.adjusted(4 * scale_, 0, -4 * scale_, 0),
                       Qt::AlignLeft | Qt::AlignVCenter,
                       painter.fontMetrics().elidedText(
                           shown, Qt::ElideMiddle, static_cast<int>(change.width() - 8 * scale_)));
      y += line;
    }
    if (block.lock) {
      // The lock may wrap onto more lines, as far as the card goes once the rows below have
      // their first line.
      const double below = static_cast<double>(blocks.size() - index - 1) * (line + 3 * scale_);
      y = paintLockLine(painter,
                        QRectF(area.left() + 10 * scale_, y, area.width() - 10 * scale_, line),
                        *block.lock, std::max(y + line, area.bottom() - below));
    }
    y += 3 * scale_;
  }
}

void StageView::paintAdvisory(QPainter& painter) const {
  const DatabaseStage& database = simulation_->stage().database();
  const QRectF area = paintPanel(painter, layout_.advisory, tr("advisory locks"), {});
  painter.setFont(font(8.5));
  const double line = painter.fontMetrics().height() + 4 * scale_;
  double y = area.top();
  bool any = false;
  for (const auto& [name, lock] : database.locks()) {
    if (name.rfind("advisory/", 0) != 0) continue;
    if (y + line > area.bottom() + 1) break;
    any = true;
    painter.setFont(font(8.5, true));
    painter.setPen(palette_->ink);
    const QString key = tr("key %1").arg(text(name.substr(9)));
    const double keyWidth = painter.fontMetrics().horizontalAdvance(key) + 8 * scale_;
    painter.drawText(QRectF(area.left(), y, keyWidth, line), Qt::AlignLeft | Qt::AlignVCenter, key);
    y = paintLockLine(painter, QRectF(area.left() + keyWidth, y, area.width() - keyWidth, line),
                      lock, area.bottom()) +
        2 * scale_;
  }
  if (any) return;
  painter.setFont(font(8.5));
  painter.setPen(palette_->quietInk);
  painter.drawText(QRectF(area.left(), y, area.width(), line), Qt::AlignLeft | Qt::AlignVCenter,
                   tr("none held"));
}

void StageView::paintWaitFor(QPainter& painter) const {
  const DatabaseStage& database = simulation_->stage().database();
  const RunCast& cast = simulation_->timeline()->cast();
  const DeadlockOnStage& deadlock = database.lastDeadlock();
  const std::vector<WaitEdge> edges = database.waitFor();
  QString note = edges.empty() ? tr("nobody waits") : tr("arrow: waits for");
  const QRectF area = paintPanel(painter, layout_.waitFor, tr("wait-for graph"), note);
  painter.setFont(font(8.5));
  const double line = painter.fontMetrics().height() + 2 * scale_;
  // The last deadlock, in words, on the panel's last line.
  QRectF graph = area;
  if (!deadlock.cycle.empty()) {
    QString cycle;
    for (int member : deadlock.cycle) {
      if (!cycle.isEmpty()) cycle += QStringLiteral(" \u2192 ");
      cycle += text(cast.name(member));
    }
    // The cycle first: a short panel cuts the words at their end.
    const QString words = tr("deadlock %1, victim %2 (at %3 ms)")
                              .arg(cycle, deadlock.victim == kNoClient
                                              ? QStringLiteral("?")
                                              : text(cast.name(deadlock.victim)))
                              .arg(static_cast<double>(deadlock.at) / 1000.0, 0, 'f', 1);
    painter.setFont(font(8.5, true));
    painter.setPen(Theme::violationColour().darker(palette_->highContrast ? 140 : 110));
    const QRectF caption(area.left(), area.bottom() - line, area.width(), line);
    painter.drawText(
        caption, Qt::AlignLeft | Qt::AlignVCenter,
        painter.fontMetrics().elidedText(words, Qt::ElideRight, static_cast<int>(caption.width())));
    graph.setBottom(caption.top() - 2 * scale_);
  }
  // Every client on an ellipse, always in the same place, so that an arrow appearing is the only
  // thing that moves.
  const size_t count = cast.size();
  if (count == 0 || graph.height() < 20 * scale_) return;
  painter.setFont(font(8.5, true));
  double nameWidth = 0;  // the widest name beside a node, kept inside the panel
  for (const std::string& name : cast.names())
    nameWidth = std::max<double>(nameWidth, painter.fontMetrics().horizontalAdvance(text(name)));
  nameWidth += 4 * scale_;
  const double node = std::clamp(graph.height() * 0.16, 8.0 * scale_, 14.0 * scale_);
  const QPointF centre = graph.center();
  // Room beside the ellipse for names on the left and right, above and below it for the top
  // and bottom nodes' names.
  // A flat panel (presentation mode at 1280x720) writes every name beside its node; a taller
  // one the top and bottom nodes' names above and below them.
  const bool roomy = graph.height() > 4 * (node + line);
  const double rx = std::max(10.0, graph.width() / 2 - node - nameWidth);
  const double ry = std::max(6.0, graph.height() / 2 - node - (roomy ? line : 2 * scale_));
  std::vector<QPointF> at(count);
  // The first client at the top of a tall ellipse, at the left of a flat one: two clients that
  // wait for each other side by side, their two arrows long enough to tell apart.
  const double first = rx > 1.5 * ry ? -std::numbers::pi : -std::numbers::pi / 2;
  for (size_t client = 0; client < count; ++client) {
    const double angle = first + 2 * std::numbers::pi * static_cast<double>(client) /
                                     static_cast<double>(count);
    at[client] = centre + QPointF(rx * std::cos(angle), ry * std::sin(angle));
  }
  // An arrow from waiter to blocker, a little to the right of the line between them: the two
  // arrows of a pair that wait for each other stay apart.
  auto arrow = [&](int from, int to, const QPen& pen) {
    const QPointF a = at[static_cast<size_t>(from)], b = at[static_cast<size_t>(to)];
    const QLineF span(a, b);
    if (span.length() < 2 * node) return;
    const QPointF along = (b - a) / span.length();
    const QPointF side(-along.y() * 4 * scale_, along.x() * 4 * scale_);
    const QPointF start = a + along * node + side, end = b - along * (node + 2 * scale_) + side;
    painter.setPen(pen);
    painter.setBrush(Qt::NoBrush);
    painter.drawLine(start, end);
    painter.setPen(Qt::NoPen);
    painter.setBrush(pen.color());
    drawArrowHead(painter, start, end, 9 * scale_ * palette_->stroke);
  };
  const QColor alarm = Theme::violationColour();
  // The broken cycle's arrows that are no longer waits, dashed: the deadlock that was.
  for (size_t i = 0; i + 1 < deadlock.cycle.size(); ++i) {
    const int from = deadlock.cycle[i], to = deadlock.cycle[i + 1];
    const bool live = std::any_of(edges.begin(), edges.end(), [&](const WaitEdge& edge) {
      return edge.waiter == from && edge.blocker == to;
    });
    if (!live) arrow(from, to, QPen(alarm, 2 * scale_ * palette_->stroke, Qt::DashLine));
  }
  for (const WaitEdge& edge : edges) {
    const bool cycle = database.onDeadlockCycle(edge.waiter, edge.blocker);
    arrow(edge.waiter, edge.blocker,
          cycle ? QPen(alarm, 3.2 * scale_ * palette_->stroke)
                : QPen(palette_->ink, 1.8 * scale_ * palette_->stroke));
  }
  // The nodes on top of the arrows: each client's marker, its name beside it on the outer side.
  for (size_t client = 0; client < count; ++client) {
    const auto index = static_cast<int>(client);
    const QRectF mark(at[client].x() - node, at[client].y() - node, 2 * node, 2 * node);
    Theme::drawClientMarker(painter, index, mark);
    if (index == deadlock.victim) {
      // The victim: a cross in the alarm colour over its marker, and the word.
      painter.setPen(Qt::NoPen);
      painter.setBrush(alarm);
      Theme::drawShape(painter, Shape::Cross,
                       mark.adjusted(-3 * scale_, -3 * scale_, 3 * scale_, 3 * scale_));
    }
    const QString name = text(cast.name(index)) +
                         (index == deadlock.victim && roomy ? tr(" (victim)") : QString());
    painter.setFont(font(8.5, true));
    painter.setPen(index == deadlock.victim ? alarm.darker(120) : palette_->ink);
    const double width = painter.fontMetrics().horizontalAdvance(name) + 2;
    // The name on the node's outer side, away from the arrows that meet inside the ellipse:
    // above the top node, below the bottom one, else left or right.
    const QPointF out = at[client] - centre;
    QRectF label;
    if (roomy && std::abs(out.y()) > ry * 0.9 && std::abs(out.x()) < rx * 0.45) {
      const double y = out.y() < 0 ? mark.top() - line : mark.bottom();
      label = QRectF(at[client].x() - width / 2, y, width, line);
    } else {
      label = QRectF(out.x() < 0 ? mark.left() - 4 * scale_ - width : mark.right() + 4 * scale_,
                     mark.center().y() - line / 2, width, line);
    }
    painter.drawText(label, Qt::AlignLeft | Qt::AlignVCenter, name);
  }
}

void StageView::paintSqlClients(QPainter& painter) const {
  const StageState& stage = simulation_->stage();
  const RunCast& cast = simulation_->timeline()->cast();
  for (size_t client = 0; client < layout_.clients.size(); ++client) {
    const QRectF& box = layout_.clients[client];
    const auto index = static_cast<int>(client);
    const ClientOnStage& state = stage.clients()[client];
    const Activity activity = state.activity();
    const bool selected = index == selectedClient_;
    painter.setPen(QPen(selected ? Qt::black : Theme::clientColour(index),
                        (selected ? 4 : 3) * scale_ * palette_->stroke));
    painter.setBrush(palette_->highContrast ? palette_->box : Theme::activityColour(activity));
    painter.drawRoundedRect(box, 8 * scale_, 8 * scale_);
    const QRectF inner = box.adjusted(8 * scale_, 4 * scale_, -8 * scale_, -4 * scale_);
    const double marker = 12 * scale_;
    Theme::drawClientMarker(painter, index,
                            QRectF(inner.left(), inner.top() + 2 * scale_, marker, marker));
    if (activity == Activity::Crashed) {
      painter.setPen(Qt::NoPen);
      painter.setBrush(Qt::black);
      Theme::drawShape(painter, Shape::Cross,
                       QRectF(inner.right() - marker, inner.top() + 2 * scale_, marker, marker));
    }
    if (!layout_.clientLabels) continue;
    const QColor ink = palette_->highContrast ? palette_->ink : Theme::activityTextColour(activity);
    painter.setFont(font(10, true));
    const double first = painter.fontMetrics().height();
    const QString name = text(cast.name(index));
    const QRectF top(inner.left() + marker + 6 * scale_, inner.top(),
                     inner.width() - marker - 6 * scale_, first);
    painter.setPen(ink);
    painter.drawText(top, Qt::AlignLeft | Qt::AlignVCenter, name);
    const double nameWidth = painter.fontMetrics().horizontalAdvance(name);
    if (nameWidth > top.width()) clippedTexts_ << name;
    QString caption = name;
    painter.setFont(font(8.5));
    const QString doing = sqlActivity(state, stage.database(), index);
    const QRectF doingBox = top.adjusted(
        nameWidth + 8 * scale_, 0, activity == Activity::Crashed ? -marker - 4 * scale_ : 0, 0);
    painter.drawText(doingBox, Qt::AlignRight | Qt::AlignVCenter,
                     painter.fontMetrics().elidedText(doing, Qt::ElideRight,
                                                      static_cast<int>(doingBox.width())));
    caption += QLatin1Char('\n') + doing;
    // Below: the transaction, then the statement (the two in one when the card is short).
    const SqlClientOnStage* connection = stage.database().client(index);
    const double line = painter.fontMetrics().height() + scale_;
    const int room = static_cast<int>((inner.bottom() - top.bottom()) / line);
    QStringList lines;
    const QString statement = statementLine(connection);
    if (room >= 2) lines << transactionLine(connection);
    if (room >= 2) {
      lines << (statement.isEmpty() ? QString() : statement);
    } else if (room == 1) {
      // One line for both: the open transaction's number before the statement in flight; an
      // aborted transaction or an ended session rather than the statement (the alarm first).
      const bool alarm = connection && (connection->aborted || connection->sessionEnded);
      const bool both = connection && connection->inFlight && connection->open && !alarm;
      lines << (both ? tr("txn %1 %2").arg(connection->transaction).arg(statement)
                : connection && connection->inFlight && !alarm ? statement
                                                               : transactionLine(connection));
    }
    double y = top.bottom();
    for (const QString& shown : lines) {
      const bool alarm = connection && (connection->aborted || connection->sessionEnded) &&
                         shown == transactionLine(connection);
      painter.setPen(alarm && !palette_->highContrast ? Theme::violationColour().darker(150) : ink);
      painter.setFont(font(8.5, alarm));
      // The SQL's two ends matter most ("SELECT …" and "… FOR UPDATE"): cut in the middle.
      const QRectF row(inner.left(), y, inner.width(), line);
      painter.drawText(
          row, Qt::AlignLeft | Qt::AlignVCenter,
          painter.fontMetrics().elidedText(shown, Qt::ElideMiddle, static_cast<int>(row.width())));
      caption += QLatin1Char('\n') + shown;
      y += line;
    }
    clientCaptions_[client] = caption;
  }
}

}  // namespace lockscope::gui
