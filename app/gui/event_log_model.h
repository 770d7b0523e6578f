// The events of the run that have happened by the playback cursor, one row each, for the event
// log: time, who, kind, and one line of plain English. Rows are added as the cursor moves on and
// taken away as it moves back (always at the end), so that a "what happens next?" pause does not
// list the answer. Shown whole (a teacher's choice), every event of the run is a row and those
// before the cursor are "past". Texts are made only for the rows a view asks for, so a
// 100,000-event run costs nothing until it is scrolled.
#pragma once

#include <QtQml/qqmlregistration.h>
#include <QAbstractListModel>
#include <algorithm>

#include "core/run_timeline.h"
#include "event_words.h"

namespace lockscope::gui {

class EventLogModel : public QAbstractListModel {
  Q_OBJECT
  QML_ELEMENT
  QML_UNCREATABLE("owned by a Simulation")

 public:
  enum Role {
    TimeRole = Qt::UserRole + 1,
    ActorRole,
    KindRole,
    TextRole,
    ClientRole,
    PastRole,
    EventIndexRole
  };
  explicit EventLogModel(QObject* parent = nullptr)
      : QAbstractListModel(parent), words_(translatedEventWords()) {}

  int rowCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QHash<int, QByteArray> roleNames() const override;

  void reset(const RunTimeline* timeline);
  // The language changed: the lines are said again in it.
  void retranslate();
  void moveCursor(size_t from, size_t to);
  void showWholeRun(bool shown);

 private:
  size_t eventCount() const;
  // Rows shown for a cursor at `cursor`.
  size_t rowsFor(size_t cursor) const {
    return wholeRun_ ? eventCount() : std::min(cursor, eventCount());
  }
  // Adds or takes away rows at the end so that there are `rows`.
  void resizeTo(size_t rows);

  const RunTimeline* timeline_ = nullptr;
  EventWords words_;  // the lines' words in the window's language (event_words.h)
  size_t cursor_ = 0;
  size_t rows_ = 0;
  bool wholeRun_ = false;
};

// The event log as shown: only one client's events and/or one kind, when chosen. A list of the
// source rows it keeps, rebuilt when the filter or the run changes and grown or cut at its end
// with the source's rows (a plain list model, not a QSortFilterProxyModel, so that QML tooling
// knows its type).
class EventLogFilter : public QAbstractListModel {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(lockscope::gui::EventLogModel* source READ source WRITE setSource NOTIFY sourceChanged)
  Q_PROPERTY(QString client READ client WRITE setClient NOTIFY filterChanged)
  Q_PROPERTY(QString kind READ kind WRITE setKind NOTIFY filterChanged)
  // The playback cursor (the run's event index) and the shown row of the last event before it
  // (-1 if none), kept in step with the rows: the log's current row follows it.
  Q_PROPERTY(int cursor READ cursor WRITE setCursor NOTIFY cursorChanged)
  Q_PROPERTY(int currentRow READ currentRow NOTIFY currentRowChanged)

 public:
  explicit EventLogFilter(QObject* parent = nullptr) : QAbstractListModel(parent) {}

  int rowCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QHash<int, QByteArray> roleNames() const override;

  EventLogModel* source() const { return source_; }
  void setSource(EventLogModel* source);
  QString client() const { return client_; }
  void setClient(const QString& client);
  QString kind() const { return kind_; }
  void setKind(const QString& kind);
  int cursor() const { return cursor_; }
  void setCursor(int cursor);
  int currentRow() const { return currentRow_; }
  // The shown row of the last event at or before `eventIndex` (-1 if none): to follow the cursor.
  Q_INVOKABLE int rowAtOrBefore(int eventIndex) const;

 signals:
  void filterChanged();
  void sourceChanged();
  void cursorChanged();
  void currentRowChanged();

 private:
  void updateCurrentRow();
  bool accepts(int sourceRow) const;
  void rebuild();
  void forwardChanges(const QModelIndex& first, const QModelIndex& last, const QList<int>& roles);
  void sourceRowsInserted(const QModelIndex& parent, int first, int last);
  void sourceRowsAboutToBeRemoved(const QModelIndex& parent, int first, int last);

  EventLogModel* source_ = nullptr;
  QString client_, kind_;
  std::vector<int> rows_;  // source rows shown, ascending
  int cursor_ = 0;
  int currentRow_ = -1;
};

}  // namespace lockscope::gui
