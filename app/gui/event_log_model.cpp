#include "event_log_model.h"

#include "core/event_text.h"

namespace lockscope::gui {

int EventLogModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() || !timeline_ ? 0 : static_cast<int>(timeline_->trace().size());
}

QVariant EventLogModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
  const auto row = static_cast<size_t>(index.row());
  const RecordedTrace& trace = timeline_->trace();
  const StoredEvent& event = trace[row];
  switch (role) {
    case TimeRole:
      return QString::number(static_cast<double>(event.time - timeline_->report().origin) / 1000.0, 'f', 3);
    case ActorRole: return QString::fromUtf8(trace.text(event.actor).data(),
                                             static_cast<qsizetype>(trace.text(event.actor).size()));
    case KindRole: return QLatin1String(sim::traceKindName(event.kind));
    case Qt::DisplayRole:
    case TextRole: return QString::fromStdString(describeEvent(event, trace, timeline_->cast()));
    case ClientRole: return timeline_->cast().clientOfActor(event.actor);
    case PastRole: return row < cursor_;
    case EventIndexRole: return index.row();
    default: return {};
  }
}

QHash<int, QByteArray> EventLogModel::roleNames() const {
  return {{TimeRole, "time"},     {ActorRole, "actor"},   {KindRole, "kind"},
          {TextRole, "text"},     {ClientRole, "client"}, {PastRole, "past"},
          {EventIndexRole, "eventIndex"}};
}

void EventLogModel::reset(const RunTimeline* timeline) {
  beginResetModel();
  timeline_ = timeline;
  cursor_ = 0;
  endResetModel();
}

void EventLogModel::moveCursor(size_t from, size_t to) {
  cursor_ = to;
  const size_t count = timeline_ ? timeline_->trace().size() : 0;
  const size_t first = std::min(from, to), last = std::min(std::max(from, to), count);
  if (first >= last) return;
  emit dataChanged(index(static_cast<int>(first)), index(static_cast<int>(last - 1)), {PastRole});
}

EventLogFilter::EventLogFilter(QObject* parent) : QSortFilterProxyModel(parent) {
  setDynamicSortFilter(false);  // rows only change on reset or when the filter does
}

void EventLogFilter::setClient(const QString& client) {
  if (client_ == client) return;
  client_ = client;
  invalidateFilter();
  emit filterChanged();
}

void EventLogFilter::setKind(const QString& kind) {
  if (kind_ == kind) return;
  kind_ = kind;
  invalidateFilter();
  emit filterChanged();
}

bool EventLogFilter::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
  const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
  if (!kind_.isEmpty() && index.data(EventLogModel::KindRole).toString() != kind_) return false;
  if (client_.isEmpty()) return true;
  const QString actor = index.data(EventLogModel::ActorRole).toString();
  // A client's log also shows what the server did for it (its watches, its nodes, its session).
  return actor == client_ || (actor == QLatin1String("server") &&
                              index.data(EventLogModel::TextRole).toString().contains(client_));
}

int EventLogFilter::rowAtOrBefore(int eventIndex) const {
  if (!sourceModel() || rowCount() == 0) return -1;
  // Rows keep the source order, so the mapping is monotone: binary search.
  int low = 0, high = rowCount() - 1, found = -1;
  while (low <= high) {
    const int middle = (low + high) / 2;
    const int source = mapToSource(index(middle, 0)).row();
    if (source <= eventIndex) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

}  // namespace lockscope::gui
