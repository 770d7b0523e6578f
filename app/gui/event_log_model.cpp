#include "event_log_model.h"

#include <algorithm>

namespace lockscope::gui {

size_t EventLogModel::eventCount() const { return timeline_ ? timeline_->trace().size() : 0; }

int EventLogModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_);
}

QVariant EventLogModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return {};
  const auto row = static_cast<size_t>(index.row());
  const RecordedTrace& trace = timeline_->trace();
  const StoredEvent& event = trace[row];
  switch (role) {
    case TimeRole:
      return QString::number(static_cast<double>(event.time - timeline_->report().origin) / 1000.0,
                             'f', 3);
    case ActorRole:
      return QString::fromUtf8(trace.text(event.actor).data(),
                               static_cast<qsizetype>(trace.text(event.actor).size()));
    case KindRole: return QLatin1String(sim::traceKindName(event.kind));
    case Qt::DisplayRole:
    case TextRole:
      return QString::fromStdString(describeEvent(event, trace, timeline_->cast(), words_));
    case ClientRole: return timeline_->cast().clientOfActor(event.actor);
    case PastRole: return row < cursor_;
    case EventIndexRole: return index.row();
    default: return {};
  }
}

QHash<int, QByteArray> EventLogModel::roleNames() const {
  return {{TimeRole, "time"},
          {ActorRole, "actor"},
          {KindRole, "kind"},
          {TextRole, "text"},
          {ClientRole, "client"},
          {PastRole, "past"},
          {EventIndexRole, "eventIndex"}};
}

void EventLogModel::reset(const RunTimeline* timeline) {
  beginResetModel();
  timeline_ = timeline;
  cursor_ = 0;
  rows_ = rowsFor(cursor_);
  endResetModel();
}

void EventLogModel::retranslate() {
  words_ = translatedEventWords();
  if (rows_ > 0) emit dataChanged(index(0), index(static_cast<int>(rows_) - 1), {TextRole});
}

void EventLogModel::resizeTo(size_t rows) {
  if (rows > rows_) {
    beginInsertRows({}, static_cast<int>(rows_), static_cast<int>(rows) - 1);
    rows_ = rows;
    endInsertRows();
  } else if (rows < rows_) {
    beginRemoveRows({}, static_cast<int>(rows), static_cast<int>(rows_) - 1);
    rows_ = rows;
    endRemoveRows();
  }
}

void EventLogModel::moveCursor(size_t from, size_t to) {
  cursor_ = to;
  resizeTo(rowsFor(cursor_));
  if (!wholeRun_) return;  // every row is past
  // Shown whole, the rows between the old and the new cursor changed from future to past.
  const size_t first = std::min(from, to), last = std::min(std::max(from, to), rows_);
  if (first >= last) return;
  emit dataChanged(index(static_cast<int>(first)), index(static_cast<int>(last - 1)), {PastRole});
}

void EventLogModel::showWholeRun(bool shown) {
  if (wholeRun_ == shown) return;
  wholeRun_ = shown;
  resizeTo(rowsFor(cursor_));
}

void EventLogFilter::setSource(EventLogModel* source) {
  if (source_ == source) return;
  if (source_) disconnect(source_, nullptr, this, nullptr);
  source_ = source;
  if (source_) {
    connect(source_, &QAbstractItemModel::modelReset, this, &EventLogFilter::rebuild);
    connect(source_, &QAbstractItemModel::dataChanged, this, &EventLogFilter::forwardChanges);
    connect(source_, &QAbstractItemModel::rowsInserted, this, &EventLogFilter::sourceRowsInserted);
    connect(source_, &QAbstractItemModel::rowsAboutToBeRemoved, this,
            &EventLogFilter::sourceRowsAboutToBeRemoved);
  }
  rebuild();
  emit sourceChanged();
}

void EventLogFilter::setClient(const QString& client) {
  if (client_ == client) return;
  client_ = client;
  rebuild();
  emit filterChanged();
}

void EventLogFilter::setKind(const QString& kind) {
  if (kind_ == kind) return;
  kind_ = kind;
  rebuild();
  emit filterChanged();
}

bool EventLogFilter::accepts(int sourceRow) const {
  const QModelIndex index = source_->index(sourceRow);
  if (!kind_.isEmpty() && index.data(EventLogModel::KindRole).toString() != kind_) return false;
  if (client_.isEmpty()) return true;
  const QString actor = index.data(EventLogModel::ActorRole).toString();
  // A client's log also shows what the server did for it (its watches, its nodes, its session).
  return actor == client_ || (actor == QLatin1String("server") &&
                              index.data(EventLogModel::TextRole).toString().contains(client_));
}

void EventLogFilter::rebuild() {
  beginResetModel();
  rows_.clear();
  const int count = source_ ? source_->rowCount() : 0;
  if (client_.isEmpty() && kind_.isEmpty()) {
    rows_.resize(static_cast<size_t>(count));
    for (int row = 0; row < count; ++row) rows_[static_cast<size_t>(row)] = row;
  } else {
    for (int row = 0; row < count; ++row) {
      if (accepts(row)) rows_.push_back(row);
    }
  }
  endResetModel();
  updateCurrentRow();
}

void EventLogFilter::setCursor(int cursor) {
  if (cursor_ == cursor) return;
  cursor_ = cursor;
  emit cursorChanged();
  updateCurrentRow();
}

// Follows the rows as well as the cursor: a row computed from the cursor alone could point past
// the end of a new run's shorter list (the DelegateModel's "index out range").
void EventLogFilter::updateCurrentRow() {
  const int row = rowAtOrBefore(cursor_ - 1);
  if (row == currentRow_) return;
  currentRow_ = row;
  emit currentRowChanged();
}

void EventLogFilter::forwardChanges(const QModelIndex& first, const QModelIndex& last,
                                    const QList<int>& roles) {
  const auto begin = std::lower_bound(rows_.begin(), rows_.end(), first.row());
  const auto end = std::upper_bound(rows_.begin(), rows_.end(), last.row());
  if (begin >= end) return;
  emit dataChanged(index(static_cast<int>(begin - rows_.begin())),
                   index(static_cast<int>(end - rows_.begin()) - 1), roles);
}

// The source grows and shrinks only at its end (its rows are the run up to the cursor).
void EventLogFilter::sourceRowsInserted(const QModelIndex& parent, int first, int last) {
  if (parent.isValid()) return;
  std::vector<int> added;
  for (int row = first; row <= last; ++row) {
    if ((client_.isEmpty() && kind_.isEmpty()) || accepts(row)) added.push_back(row);
  }
  if (added.empty()) return;
  const int at = static_cast<int>(rows_.size());
  beginInsertRows({}, at, at + static_cast<int>(added.size()) - 1);
  rows_.insert(rows_.end(), added.begin(), added.end());
  endInsertRows();
  updateCurrentRow();
}

// Before the source takes them away: while they are taken from this list, they still exist.
void EventLogFilter::sourceRowsAboutToBeRemoved(const QModelIndex& parent, int first, int) {
  if (parent.isValid()) return;
  const auto from = std::lower_bound(rows_.begin(), rows_.end(), first);
  if (from == rows_.end()) return;
  beginRemoveRows({}, static_cast<int>(from - rows_.begin()), static_cast<int>(rows_.size()) - 1);
  rows_.erase(from, rows_.end());
  endRemoveRows();
  updateCurrentRow();
}

int EventLogFilter::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

QVariant EventLogFilter::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return {};
  return source_->index(rows_[static_cast<size_t>(index.row())]).data(role);
}

QHash<int, QByteArray> EventLogFilter::roleNames() const {
  return source_ ? source_->roleNames() : QHash<int, QByteArray>{};
}

int EventLogFilter::rowAtOrBefore(int eventIndex) const {
  const auto after = std::upper_bound(rows_.begin(), rows_.end(), eventIndex);
  return static_cast<int>(after - rows_.begin()) - 1;
}

}  // namespace lockscope::gui
