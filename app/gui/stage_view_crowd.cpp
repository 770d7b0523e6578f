// A crowd on the stage (stage_layout_crowd.cpp): the clients as a heat strip of their states,
// counted in a caption with where their watches point, and the notifications per release drawn
// large beside it - "with 1,000 waiters every release wakes 999" shown, not claimed.
#include <QPainter>
#include <algorithm>
#include <map>

#include "activity_words.h"
#include "release_bars.h"
#include "stage_view.h"

namespace lockscope::gui {
namespace {

// A cell's colour: the strong colour of a state, so that a small square reads from the back of
// the room; pale for clients not in the game (not started, or done), so the ones in it stand out.
QColor cellColour(Activity activity) {
  return activity == Activity::Idle || activity == Activity::Done
             ? Theme::activityColour(activity)
             : Theme::strongActivityColour(activity);
}

constexpr Activity kActivities[] = {Activity::Holding,  Activity::Waiting,   Activity::Listing,
                                    Activity::Creating, Activity::Releasing, Activity::Paused,
                                    Activity::Crashed,  Activity::Expired,   Activity::Idle,
                                    Activity::Done};

// `font` made smaller, half a point at a time down to `least` points, until `text` fits `width`.
QFont fitted(QFont font, const QString& text, double width, double least) {
  while (font.pointSizeF() > least && QFontMetricsF(font).horizontalAdvance(text) > width)
    font.setPointSizeF(font.pointSizeF() - 0.5);
  return font;
}

}  // namespace

void StageView::paintCrowdCells(QPainter& painter) const {
  const StageState& stage = simulation_->stage();
  painter.setRenderHint(QPainter::Antialiasing, false);
  for (size_t client = 0; client < layout_.clients.size(); ++client) {
    const QRectF& cell = layout_.clients[client];
    const Activity activity = stage.clients()[client].activity();
    const bool selected = static_cast<int>(client) == selectedClient_;
    const bool outlined = cell.width() >= 6 || selected;
    painter.setPen(!outlined ? QPen(Qt::NoPen)
                   : selected || activity == Activity::Holding
                       ? QPen(Qt::black, std::max(1.0, cell.width() / 6))
                       : QPen(QColor(0xB0, 0xB0, 0xB0), 1));
    painter.setBrush(cellColour(activity));
    painter.drawRect(cell);
  }
  painter.setRenderHint(QPainter::Antialiasing, true);
}

void StageView::paintCrowdCaption(QPainter& painter) {
  const StageState& stage = simulation_->stage();
  crowdText_.clear();
  std::map<Activity, int> counts;
  for (const ClientOnStage& client : stage.clients()) ++counts[client.activity()];
  // Over the messages flying through it: the counts are what the class reads.
  const QRectF& caption = layout_.crowdCaption;
  QColor ground = palette_->ground;
  ground.setAlphaF(0.85);
  painter.fillRect(caption, ground);
  // The first lines: how many clients are in each state, each after its colour, flowing onto a
  // second line where one is not wide enough; the last line says where the watches are.
  const double line = caption.height() / 3;
  QString counted = tr("%1 clients:").arg(layout_.clients.size());
  const double swatch = std::min(line * 0.6, 12 * scale_), space = 4 * scale_;
  double x = caption.left(), y = caption.top();
  painter.setPen(palette_->ink);
  painter.setFont(font(9.5, true));
  painter.drawText(QRectF(x, y, caption.width(), line), Qt::AlignLeft | Qt::AlignVCenter, counted);
  x += painter.fontMetrics().horizontalAdvance(counted) + 2 * space;
  painter.setFont(font(9.5));
  for (const Activity activity : kActivities) {
    const auto found = counts.find(activity);
    if (found == counts.end()) continue;
    const QString text =
        QStringLiteral("%1 %2").arg(found->second).arg(activityWords(activityName(activity)));
    const double width = swatch + space + painter.fontMetrics().horizontalAdvance(text);
    if (x + width > caption.right() && y == caption.top()) {
      x = caption.left();
      y += line;
    }
    if (x + width > caption.right()) {
      clippedTexts_ << text;
      break;
    }
    painter.setPen(QPen(Qt::black, 1));
    painter.setBrush(cellColour(activity));
    painter.drawRect(QRectF(x, y + (line - swatch) / 2, swatch, swatch));
    painter.setPen(palette_->ink);
    painter.drawText(QRectF(x + swatch + space, y, width, line), Qt::AlignLeft | Qt::AlignVCenter,
                     text);
    counted += QLatin1Char(' ') + text;
    x += width + 2 * space;
  }
  crowdText_ << counted;

  // The last line: where the watches point. A thousand arrows would be a smear; their count
  // per node says the same - all on /lock (the herd) or one each on a predecessor (the chain).
  std::map<std::string, int, std::less<>> perPath;
  int watches = 0;
  stage.watches().forEach(
      [&](int64_t, std::string_view path, const checkers::ArmedWatches::Watch&) {
        ++perPath[std::string(path)];
        ++watches;
      });
  QString where;
  if (watches == 0) {
    where = tr("no watches armed");
  } else {
    const auto most = std::max_element(
        perPath.begin(), perPath.end(),
        [](const auto& a, const auto& b) { return a.second < b.second; });
    const QString node = QString::fromStdString(most->first);
    where = perPath.size() == 1 ? tr("%1 watches, all on %2").arg(watches).arg(node)
            : most->second == 1
                ? tr("%1 watches, one on each of %2 nodes").arg(watches).arg(perPath.size())
                : tr("%1 watches on %2 nodes, %3 of them on %4")
                      .arg(watches)
                      .arg(perPath.size())
                      .arg(most->second)
                      .arg(node);
  }
  const QRectF last(caption.left(), caption.top() + 2 * line, caption.width(), line);
  drawWhole(painter, last, where);
  crowdText_ << where;
}

void StageView::paintReleaseChart(QPainter& painter) {
  releaseChartText_.clear();
  const QRectF& box = layout_.releaseChart;
  if (box.isEmpty()) return;
  painter.setPen(QPen(palette_->ink, palette_->stroke));
  painter.setBrush(palette_->box);
  painter.drawRoundedRect(box, 8 * scale_, 8 * scale_);
  const QRectF inside = box.adjusted(8 * scale_, 4 * scale_, -8 * scale_, -6 * scale_);
  const QString heading = tr("notifications per release");
  painter.setFont(fitted(font(9.5, true), heading, inside.width(), 7 * scale_));
  const double title = QFontMetricsF(painter.font()).height();
  drawWhole(painter, QRectF(inside.left(), inside.top(), inside.width(), title), heading);
  releaseChartText_ << heading;
  // The last release's count, large: the number a class reads out, under which release it is.
  const std::vector<ReleaseFigures> releases = releasesShown(*simulation_);
  const QString which = releases.empty() ? tr("no release yet")
                                         : tr("release %1:").arg(releases.size());
  const QString count = releases.empty() ? QString()
                        : releases.back().notifications == 1
                            ? tr("1 notification")
                            : tr("%1 notifications").arg(releases.back().notifications);
  painter.setFont(fitted(font(15, true), count, inside.width(), 8 * scale_));
  const double big = count.isEmpty() ? 0 : QFontMetricsF(painter.font()).height();
  const QRectF figure(inside.left(), inside.bottom() - big, inside.width(), big);
  painter.setPen(palette_->ink);
  drawWhole(painter, figure, count);
  painter.setFont(fitted(font(9.5), which, inside.width(), 7 * scale_));
  const double small = QFontMetricsF(painter.font()).height();
  const QRectF label(inside.left(), figure.top() - small, inside.width(), small);
  if (releases.empty()) painter.setPen(palette_->quietInk);
  drawWhole(painter, label, which);
  releaseChartText_ << (count.isEmpty() ? which : which + QLatin1Char(' ') + count);
  painter.setFont(font(8.5));
  const QRectF bars(inside.left(), inside.top() + title + 4 * scale_, inside.width(),
                    label.top() - inside.top() - title - 8 * scale_);
  if (bars.height() > 4)
    // On the same scale for every recipe at one size of class: a tenth of the class at least.
    paintReleaseBars(painter, bars, releases, simulation_->timeMicros(), *palette_,
                     std::max(10, static_cast<int>(layout_.clients.size() / 10)));
}

void StageView::drawWhole(QPainter& painter, const QRectF& box, const QString& text) {
  const QString shown = painter.fontMetrics().elidedText(text, Qt::ElideRight,
                                                         static_cast<int>(box.width()));
  if (shown != text) clippedTexts_ << text;
  painter.drawText(box, Qt::AlignLeft | Qt::AlignVCenter, shown);
}

}  // namespace lockscope::gui
