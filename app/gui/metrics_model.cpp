#include "metrics_model.h"

#include <array>

#include "core/run_so_far.h"

namespace lockscope::gui {
namespace {

struct Row {
  const char* label;
  const char* key;
  int decimals;
};

// The panel's order: what happened, then what each release cost, then now.
constexpr std::array kRows{
    Row{QT_TRANSLATE_NOOP("lockscope::gui::MetricsModel", "acquisitions"), "acquisitions", 0},
    Row{QT_TRANSLATE_NOOP("lockscope::gui::MetricsModel", "releases"), "releases", 0},
    Row{QT_TRANSLATE_NOOP("lockscope::gui::MetricsModel", "requests"), "requests", 0},
    Row{QT_TRANSLATE_NOOP("lockscope::gui::MetricsModel", "notifications"), "notifications", 0},
    Row{QT_TRANSLATE_NOOP("lockscope::gui::MetricsModel", "notifications / release"),
        "notificationsPerRelease", 1},
    Row{QT_TRANSLATE_NOOP("lockscope::gui::MetricsModel", "requests / release"),
        "requestsPerRelease", 1},
    Row{QT_TRANSLATE_NOOP("lockscope::gui::MetricsModel", "mean handoff (ms)"), "handoffMeanMs", 2},
    Row{QT_TRANSLATE_NOOP("lockscope::gui::MetricsModel", "holders now"), "holders", 0},
    Row{QT_TRANSLATE_NOOP("lockscope::gui::MetricsModel", "violations so far"), "violations", 0},
};

QVariantMap figuresOf(const RunTimeline& timeline, const StageState& stage, sim::Micros now,
                      size_t eventCount) {
  QVariantMap map;
  const RunningCounts counts = timeline.countsAfter(eventCount);
  map[QStringLiteral("acquisitions")] = counts.acquisitions;
  map[QStringLiteral("requests")] = counts.requests;
  map[QStringLiteral("notifications")] = counts.notifications;
  map[QStringLiteral("holders")] = stage.holders();
  // Per release: what each release up to the cursor caused until the next grant (the chart's
  // bars), not the run's totals, which also count what clients joining the queue caused; a
  // release still going counts what it has caused so far. Releases are counted as begun, as
  // these figures count them ("releases 0" beside "notifications / release 9.0" was a release
  // whose delete had not been answered yet).
  const size_t released = releasesSoFar(timeline, now);
  map[QStringLiteral("releases")] = static_cast<int>(released);
  int notified = 0, requested = 0, handoffs = 0;
  double handoffTotal = 0;
  for (size_t index = 0; index < released; ++index) {
    const ReleaseFigures release = releaseSoFar(timeline, index, now, eventCount);
    notified += release.notifications;
    requested += release.requests;
    if (release.handoff < 0 || release.time + release.handoff > now) continue;
    handoffTotal += static_cast<double>(release.handoff);
    ++handoffs;
  }
  map[QStringLiteral("notificationsPerRelease")] = released
                                                       ? notified / static_cast<double>(released)
                                                       : 0.0;
  map[QStringLiteral("requestsPerRelease")] = released ? requested / static_cast<double>(released)
                                                       : 0.0;
  map[QStringLiteral("handoffMeanMs")] = handoffs ? handoffTotal / handoffs / 1000.0 : 0.0;
  map[QStringLiteral("violations")] = static_cast<int>(violationsSoFar(timeline, now).size());
  return map;
}

}  // namespace

int MetricsModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(kRows.size());
}

QVariant MetricsModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return {};
  const Row& row = kRows[static_cast<size_t>(index.row())];
  switch (role) {
    case Qt::DisplayRole:
    case LabelRole: return tr(row.label);
    case KeyRole: return QString::fromLatin1(row.key);
    case DecimalsRole: return row.decimals;
    case ValueRole: return figures_.value(QLatin1String(row.key), 0);
    default: return {};
  }
}

QHash<int, QByteArray> MetricsModel::roleNames() const {
  return {{LabelRole, "label"}, {KeyRole, "key"}, {DecimalsRole, "decimals"}, {ValueRole, "value"}};
}

QVariantMap MetricsModel::row(int row) const {
  if (row < 0 || static_cast<size_t>(row) >= kRows.size()) return {};
  const Row& shown = kRows[static_cast<size_t>(row)];
  return {{QStringLiteral("label"), tr(shown.label)},
          {QStringLiteral("key"), QString::fromLatin1(shown.key)},
          {QStringLiteral("decimals"), shown.decimals}};
}

QVariantList MetricsModel::rows() const {
  QVariantList all;
  for (int at = 0; at < rowCount(); ++at) all << row(at);
  return all;
}

void MetricsModel::retranslate() {
  emit rowsChanged();
  if (rowCount() > 0) emit dataChanged(index(0), index(rowCount() - 1), {LabelRole});
}

void MetricsModel::refresh(const RunTimeline* timeline, const StageState& stage, sim::Micros now,
                           size_t eventCount) {
  QVariantMap figures = timeline ? figuresOf(*timeline, stage, now, eventCount) : QVariantMap();
  if (figures == figures_) return;
  figures_ = std::move(figures);
  emit dataChanged(index(0), index(rowCount() - 1), {ValueRole});
  emit figuresChanged();
}

}  // namespace lockscope::gui
