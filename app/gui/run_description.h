// One job: what the shown run is, as the top bar, the stage's caption and the event log's
// filters name it - the lesson's title and summary, its recipe (and the others its service
// offers), seed, clients, latency, and the kinds of event the run has.
#pragma once

#include <QtQml/qqmlregistration.h>
#include <QObject>
#include <QStringList>

#include "core/run_timeline.h"
#include "sim/scenario/scenario_loader.h"

namespace lockscope::gui {

class RunDescription : public QObject {
  Q_OBJECT
  QML_ANONYMOUS
  Q_PROPERTY(bool loaded READ loaded NOTIFY changed)
  Q_PROPERTY(QString title READ title NOTIFY changed)
  Q_PROPERTY(QString summary READ summary NOTIFY changed)
  Q_PROPERTY(QString recipe READ recipe NOTIFY changed)
  // The recipes the top bar offers: those of the lesson's service (a ZooKeeper recipe cannot run
  // a Redis lesson), in the catalogue's order.
  Q_PROPERTY(QStringList recipeNames READ recipeNames NOTIFY changed)
  Q_PROPERTY(int recipeIndex READ recipeIndex NOTIFY changed)
  Q_PROPERTY(QString seed READ seed NOTIFY changed)
  Q_PROPERTY(int clientCount READ clientCount NOTIFY changed)
  // The loader's cap, so the clients box can show (and set) any count a scenario may have.
  Q_PROPERTY(int maxClients READ maxClients CONSTANT)
  Q_PROPERTY(QString latencyMs READ latencyMs NOTIFY changed)
  Q_PROPERTY(QStringList clientNames READ clientNames NOTIFY changed)
  // "all clients" and then every client: the event log's filter choices.
  Q_PROPERTY(QStringList clientChoices READ clientChoices NOTIFY changed)
  // "all kinds" and then every kind of event the run has, in trace-kind order.
  Q_PROPERTY(QStringList kindChoices READ kindChoices NOTIFY changed)

 public:
  explicit RunDescription(QObject* parent = nullptr) : QObject(parent) {}

  // The run now shown (its owner sends `changed` once everything else knows it too).
  void reset(const RunTimeline* timeline);
  // The filters' "all kinds" and "all clients", the title and the summary in the language just
  // installed.
  void retranslate();

  bool loaded() const { return timeline_ != nullptr; }
  QString title() const;
  QString summary() const;
  QString recipe() const;
  QStringList recipeNames() const;
  int recipeIndex() const { return static_cast<int>(recipeNames().indexOf(recipe())); }
  QString seed() const;
  int clientCount() const;
  int maxClients() const { return static_cast<int>(scenario::kMaxClients); }
  QString latencyMs() const;
  QStringList clientNames() const;
  QStringList clientChoices() const { return QStringList{tr("all clients")} + clientNames(); }
  QStringList kindChoices() const { return kindChoices_; }

 signals:
  void changed();

 private:
  const RunTimeline* timeline_ = nullptr;
  QStringList kindChoices_{tr("all kinds")};
};

}  // namespace lockscope::gui
