// Goal: compare mode can be set up as a lecturer needs it: the second recipe is one of the
// lesson's service's or another service's representative, picked in the compare bar or named by
// the lesson (compare_with) (a Redis lesson is compared with its own
// counterpart, never the service's first recipe for every lesson); the right-hand run follows
// the left by time or by "release #k"; and the difference that matters is written large.
//
// Method: Main.qml loaded as the app loads it, offscreen; compare mode switched on as M does; the
// compare bar's combo boxes driven through their `activated` signal as a click would; the
// follower's cursor and the releases both runs have done read from their timelines.
#include <QtQml/qqmlextensionplugin.h>
#include <QJSValue>
#include <QQmlApplicationEngine>
#include <QQuickItem>
#include <QQuickWindow>
#include <QTest>

#include "simulation_controller.h"
#include "support/gui_lessons.h"
#include "support/gui_window.h"

Q_IMPORT_QML_PLUGIN(LockscopePlugin)

using namespace lockscope;
using gui::SimulationController;

namespace {

// The releases `simulation` has done by its cursor, and the time of the last of them.
std::pair<size_t, sim::Micros> releasesDone(const SimulationController& simulation) {
  size_t done = 0;
  sim::Micros last = -1;
  for (const auto& release : simulation.timeline()->releases()) {
    if (release.time > simulation.timeMicros()) break;
    ++done;
    last = release.time;
  }
  return {done, last};
}

}  // namespace

class GuiCompareTest : public QObject {
  Q_OBJECT

 private:
  QQmlApplicationEngine* engine_ = nullptr;
  QQuickWindow* window_ = nullptr;
  SimulationController* primary_ = nullptr;
  SimulationController* secondary_ = nullptr;

  QQuickItem* item(const char* name) const {
    return window_->findChild<QQuickItem*>(QLatin1String(name));
  }
  void compareLesson(const QString& file) {
    window_->setProperty("comparing", false);
    QVERIFY2(primary_->session()->load(file), qPrintable(primary_->error()));
    window_->setProperty("comparing", true);
    QCoreApplication::processEvents();
    QVERIFY(secondary_->run()->loaded());
  }

 private slots:
  void initTestCase() {
    engine_ = new QQmlApplicationEngine(this);
    window_ = testing::loadMainWindow(*engine_, false, 1600, 1000);
    QVERIFY(window_);
    primary_ = window_->property("simulation").value<SimulationController*>();
    secondary_ = window_->findChild<SimulationController*>(QStringLiteral("secondary"));
    QVERIFY(primary_ && secondary_);
  }

  // Each Redis lesson gets the counterpart of its own recipe, from the Redis recipes only.
  void aRedisLessonIsComparedWithItsCounterpart_data() {
    QTest::addColumn<QString>("lesson");
    QTest::addColumn<QString>("counterpart");
    QTest::newRow("paused-holder (redis-lock)")
        << testing::redisLesson("paused-holder.yaml") << "redis-fenced";
    QTest::newRow("setnx-crash-before-expire")
        << testing::redisLesson("setnx-crash-before-expire.yaml") << "redis-lock";
    QTest::newRow("unsafe-del") << testing::redisLesson("unsafe-del.yaml") << "redis-lock";
    QTest::newRow("herd-naive") << testing::zookeeperLesson("herd-naive.yaml") << "zk-chained";
  }
  void aRedisLessonIsComparedWithItsCounterpart() {
    QFETCH(QString, lesson);
    QFETCH(QString, counterpart);
    compareLesson(lesson);
    QCOMPARE(secondary_->run()->recipe(), counterpart);
    const QStringList choices = secondary_->compare()->choices();
    QVERIFY(choices.contains(counterpart));
    QVERIFY(!choices.contains(primary_->run()->recipe()));
    const QString service = primary_->run()->recipe().section(QLatin1Char('-'), 0, 0);
    // zk-… with zk-…; redis-… and redlock with each other; of the other services, only the ones
    // that stand for them, last.
    const bool zookeeper = service.startsWith(QLatin1String("zk"));
    const QStringList others = zookeeper ? QStringList{"db-for-update", "redis-lock"}
                                         : QStringList{"db-for-update", "zk-curator"};
    QCOMPARE(choices.mid(choices.size() - 2), others);
    for (const QString& choice : choices.mid(0, choices.size() - 2)) {
      QVERIFY2(choice.startsWith(QLatin1String("zk-")) == zookeeper, qPrintable(choice));
      QVERIFY2(!choice.startsWith(QLatin1String("db-")), qPrintable(choice));
    }
  }

  // A paused holder beside Redis: the lease runs out under c1 at 10 s and c2 takes the lock, so
  // the headline counts holders at once; before that, neither run differs in it.
  void aLeaseThatRanOutHeadlinesHoldersAtOnce() {
    window_->setProperty("comparing", false);
    QVERIFY(primary_->session()->load(QStringLiteral(
        LOCKSCOPE_SOURCE_DIR "/scenarios/database/paused-transaction-vs-redis.yaml")));
    QCoreApplication::processEvents();
    QVERIFY(window_->property("comparing").toBool());
    QCOMPARE(secondary_->run()->recipe(), QStringLiteral("redis-lock"));
    primary_->playback()->seekTime(primary_->playback()->origin() + 5'000'000);
    QVERIFY2(!secondary_->compare()->headline().startsWith(QLatin1String("most holders")),
             qPrintable(secondary_->compare()->headline()));
    primary_->playback()->seekTime(primary_->playback()->origin() + 10'500'000);
    QCOMPARE(secondary_->compare()->headline(), QStringLiteral("most holders at once: 1 vs 2"));
    secondary_->compare()->setRecipe(QString());
    window_->setProperty("comparing", false);
  }

  // Another service's recipe picked in the bar: a fault only the lesson's service has is left
  // out of its run, and the line under the bar says so; back on the lesson's service, nothing is.
  void anotherServiceSaysWhatItLeftOut() {
    compareLesson(testing::zookeeperLesson("lost-create-reply-no-guid.yaml"));
    QQuickItem* box = item("compareRecipeBox");
    QQuickItem* note = item("compareNote");
    QVERIFY(box && note);
    QVERIFY(!note->isVisible());
    const int index = static_cast<int>(
        secondary_->compare()->choices().indexOf(QStringLiteral("redis-lock")));
    QVERIFY(index >= 0);
    QVERIFY(QMetaObject::invokeMethod(box, "activated", Q_ARG(int, index)));
    QCoreApplication::processEvents();
    QCOMPARE(secondary_->timeline()->scenario().backend, std::string("redis"));
    QVERIFY(note->isVisible());
    QCOMPARE(note->property("text").toString(),
             QStringLiteral("lose_reply has no counterpart on redis: left out"));
    QVERIFY(QMetaObject::invokeMethod(
        box, "activated",
        Q_ARG(int, static_cast<int>(
                       secondary_->compare()->choices().indexOf(QStringLiteral("zk-curator"))))));
    QCoreApplication::processEvents();
    QCOMPARE(secondary_->run()->recipe(), QStringLiteral("zk-curator"));
    QVERIFY(!note->isVisible());
    secondary_->compare()->setRecipe(QString());
  }

  // A lesson with `compare_with:` opens compare mode with that recipe, here another service's:
  // the right-hand stage draws ZooKeeper beside the database, and once the run is played the
  // headline names what a holder's crash costs on each.
  void aCompareWithLessonOpensCompareMode() {
    window_->setProperty("comparing", false);
    const QString lesson = QStringLiteral(LOCKSCOPE_SOURCE_DIR
                                          "/scenarios/database/crashed-holder-vs-zookeeper.yaml");
    QVERIFY2(primary_->session()->load(lesson), qPrintable(primary_->error()));
    QCoreApplication::processEvents();
    QVERIFY(window_->property("comparing").toBool());
    QVERIFY(item("compareBar")->isVisible());
    QCOMPARE(secondary_->run()->recipe(), QStringLiteral("zk-curator"));
    QCOMPARE(secondary_->timeline()->scenario().backend, std::string("zookeeper"));
    QCOMPARE(primary_->timeline()->scenario().backend, std::string("database"));
    QCOMPARE(item("compareRecipeBox")->property("currentText").toString(),
             QStringLiteral("zk-curator"));
    // 4.3 s into the plan: c1's session expired at 4.1 s after its crash and c2 holds on the
    // right; on the left the row has outlived c1 for 4.2 s.
    primary_->playback()->seekTime(primary_->playback()->origin() + 4'300'000);
    QCOMPARE(secondary_->compare()->headline(),
             QStringLiteral("next holder after the crash: none in 4.2 s vs 4.1 s"));
    primary_->playback()->toEnd();
    QCoreApplication::processEvents();
    const QString headline = secondary_->compare()->headline();
    QVERIFY2(headline.startsWith(QLatin1String("next holder after the crash: none in ")),
             qPrintable(headline));
    // Its own service's stage: a znode tree, no tables.
    QVERIFY(secondary_->stage().znodes().count("/lock"));
    QVERIFY(secondary_->stage().database().empty());
    QVERIFY(!primary_->stage().database().empty());
    QCOMPARE(item("compareNote")->property("text").toString(), QString());
    secondary_->compare()->setRecipe(QString());
    window_->setProperty("comparing", false);
  }

  // The compare bar's recipe box offers those choices and a pick replays the second run.
  void theCompareBarPicksTheSecondRecipe() {
    compareLesson(testing::redisLesson("paused-holder.yaml"));
    QQuickItem* box = item("compareRecipeBox");
    QVERIFY(box && box->isVisible());
    QCOMPARE(box->property("count").toInt(),
             static_cast<int>(secondary_->compare()->choices().size()));
    // It shows the recipe the right-hand run plays (redis-fenced, not the list's first).
    QCOMPARE(box->property("currentText").toString(), secondary_->run()->recipe());
    const int index = static_cast<int>(
        secondary_->compare()->choices().indexOf(QStringLiteral("redis-unsafe-del")));
    QVERIFY(index >= 0);
    QVERIFY(QMetaObject::invokeMethod(box, "activated", Q_ARG(int, index)));
    QCoreApplication::processEvents();
    QCOMPARE(secondary_->run()->recipe(), QStringLiteral("redis-unsafe-del"));
    QCOMPARE(box->property("currentText").toString(), QStringLiteral("redis-unsafe-del"));
    secondary_->compare()->setRecipe(QString());
  }

  // By time, the runs are at the same moment; by release, the right-hand run has done as many
  // releases as the left and is as long after the last of them.
  void theRunsAlignOnReleaseK() {
    compareLesson(testing::zookeeperLesson("herd-naive.yaml"));
    QCOMPARE(secondary_->run()->recipe(), QStringLiteral("zk-chained"));
    const auto& releases = primary_->timeline()->releases();
    QVERIFY(releases.size() >= 4);
    const sim::Micros at = releases[3].time + 500;
    primary_->playback()->seekTime(static_cast<double>(at));
    QCOMPARE(secondary_->timeMicros(), at);
    QQuickItem* align = item("alignBox");
    QVERIFY(align && align->isVisible());
    QVERIFY(QMetaObject::invokeMethod(align, "activated", Q_ARG(int, 1)));
    QCoreApplication::processEvents();
    QVERIFY(secondary_->compare()->alignOnRelease());
    const auto [done, last] = releasesDone(*secondary_);
    QCOMPARE(done, size_t{4});
    QVERIFY2(
        secondary_->timeMicros() - last == 500 ||
            (secondary_->timeline()->releases().size() > 4 &&
             secondary_->timeMicros() == secondary_->timeline()->releases()[4].time - 1),
        qPrintable(QStringLiteral("%1 after its release #4").arg(secondary_->timeMicros() - last)));
    // The runs differ in time at release #4: otherwise this proves nothing.
    QVERIFY(secondary_->timeMicros() != at);
    // Played on, it keeps following release by release.
    primary_->playback()->seekTime(static_cast<double>(releases[5].time + 10));
    QCOMPARE(releasesDone(*secondary_).first, size_t{6});
    QVERIFY(QMetaObject::invokeMethod(align, "activated", Q_ARG(int, 0)));
    QCOMPARE(secondary_->timeMicros(), primary_->timeMicros());
  }

  // The event log lists the run the compare bar names.
  void theEventLogListsEitherRun() {
    compareLesson(testing::zookeeperLesson("herd-naive.yaml"));
    QQuickItem* log = item("eventLog");
    QQuickItem* box = item("logBox");
    QVERIFY(log && box && box->isVisible());
    QCOMPARE(log->property("simulation").value<SimulationController*>(), primary_);
    box->setProperty("currentIndex", 1);
    QVERIFY(QMetaObject::invokeMethod(box, "activated", Q_ARG(int, 1)));
    QCoreApplication::processEvents();
    QCOMPARE(log->property("simulation").value<SimulationController*>(), secondary_);
    window_->setProperty("comparing", false);
    QCOMPARE(log->property("simulation").value<SimulationController*>(), primary_);
    box->setProperty("currentIndex", 0);
    QVERIFY(QMetaObject::invokeMethod(box, "activated", Q_ARG(int, 0)));
  }

  // After the first release: "9 notifications per release vs 1", in large type over the stages
  // (24 px or more as drawn, also on a projector's 1280x720 in presentation mode).
  void theHeadlineDifferenceIsWrittenLarge_data() {
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("presentation");
    QTest::newRow("1600x1000") << QSize(1600, 1000) << false;
    QTest::newRow("presentation 1280x720") << QSize(1280, 720) << true;
  }
  void theHeadlineDifferenceIsWrittenLarge() {
    QFETCH(QSize, size);
    QFETCH(bool, presentation);
    window_->setProperty("presentation", presentation);
    window_->resize(size);
    compareLesson(testing::zookeeperLesson("herd-naive.yaml"));
    primary_->playback()->seekTime(primary_->playback()->origin() + 70'000);
    QCoreApplication::processEvents();
    QCOMPARE(secondary_->compare()->headline(), QStringLiteral("9 notifications per release vs 1"));
    QQuickItem* headline = item("compareHeadline");
    QVERIFY(headline && headline->isVisible());
    window_->grabWindow();
    QCOMPARE(headline->property("text").toString(), secondary_->compare()->headline());
    // What was drawn, after the label fitted its text to its width.
    const int drawnPixels = headline->property("fontInfo")
                                .value<QJSValue>()
                                .property(QStringLiteral("pixelSize"))
                                .toInt();
    window_->setProperty("presentation", false);
    window_->resize(QSize(1600, 1000));
    QVERIFY2(drawnPixels >= 24, qPrintable(QString::number(drawnPixels)));
  }

  // The metrics tab on a projector's 1280x720 in presentation mode was drawn over the playback
  // bar and the lower tabs, its "db-no-expiry" and "zk-curator" columns cut at the window's edge.
  // Now every text of the metrics lies within the tab's width, the tab ends above the playback
  // bar and clips what does not fit (it scrolls), and the columns are headed left and right under
  // a line naming both runs.
  void theMetricsStayInsideTheirTab_data() {
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("presentation");
    QTest::newRow("presentation 1280x720") << QSize(1280, 720) << true;
    QTest::newRow("1280x720") << QSize(1280, 720) << false;
    QTest::newRow("1600x1000") << QSize(1600, 1000) << false;
  }
  void theMetricsStayInsideTheirTab() {
    QFETCH(QSize, size);
    QFETCH(bool, presentation);
    window_->setProperty("presentation", presentation);
    window_->resize(size);
    compareLesson(QStringLiteral(LOCKSCOPE_SOURCE_DIR
                                 "/scenarios/database/crashed-holder-vs-zookeeper.yaml"));
    QTRY_COMPARE(window_->width(), size.width());
    QQuickItem* tabs = item("sideTabs");
    QVERIFY(tabs);
    if (tabs->isVisible()) tabs->setProperty("currentIndex", 1);
    primary_->playback()->seekTime(primary_->playback()->origin() + 500'000);
    QCoreApplication::processEvents();
    window_->grabWindow();  // laid out and polished as drawn

    QQuickItem* scroller = item("metricsScroller");
    QQuickItem* bar = item("playbackBar");
    QVERIFY(scroller && scroller->isVisible() && bar);
    QVERIFY(scroller->clip());
    const QRectF area = scroller->mapRectToScene(
        QRectF(0, 0, scroller->width(), scroller->height()));
    QVERIFY2(
        area.bottom() <= bar->mapRectToScene(QRectF(0, 0, bar->width(), bar->height())).top(),
        qPrintable(
            QStringLiteral("the metrics end at %1, under the playback bar").arg(area.bottom())));
    QVERIFY(area.height() > 0);
    const QString runs = item("metricsRuns")->property("text").toString();
    QVERIFY2(runs.contains(QStringLiteral("db-no-expiry")) &&
                 runs.contains(QStringLiteral("zk-curator")),
             qPrintable(runs));
    QList<QQuickItem*> shown;
    const auto visit = [&](auto&& self, QQuickItem* under) -> void {
      for (QQuickItem* child : under->childItems()) {
        if (!child->isVisible()) continue;
        if (child->inherits("QQuickText")) shown << child;
        self(self, child);
      }
    };
    visit(visit, scroller);
    int texts = 0;
    for (QQuickItem* text : std::as_const(shown)) {
      ++texts;
      const QRectF drawn = text->mapRectToScene(QRectF(0, 0, text->width(), text->height()));
      const QString what = text->property("text").toString();
      QVERIFY2(drawn.left() >= area.left() - 0.5 && drawn.right() <= area.right() + 0.5,
               qPrintable(QStringLiteral("'%1' spans x %2..%3, the tab %4..%5")
                              .arg(what)
                              .arg(drawn.left())
                              .arg(drawn.right())
                              .arg(area.left())
                              .arg(area.right())));
      QVERIFY2(!text->property("truncated").toBool(), qPrintable(what));
    }
    QVERIFY2(texts >= 3 * 9,
             qPrintable(QString::number(texts)));  // a header and nine rows, 3 columns
    window_->setProperty("comparing", false);
    window_->setProperty("presentation", false);
    window_->resize(QSize(1600, 1000));
  }

  // At a projector's 1280x720 on a desk (no presentation mode), compare mode halves the stage:
  // the ellipse put the cards at its ends side by side, c10 over c1 and c7 over c6.
  void noCardCoversAnotherInAHalfStage() {
    window_->resize(QSize(1280, 720));
    compareLesson(QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/zookeeper/herd-naive.yaml"));
    QTRY_VERIFY(window_->width() == 1280);
    QCoreApplication::processEvents();
    int stages = 0;
    for (QQuickItem* stage : window_->findChildren<QQuickItem*>(QStringLiteral("stage"))) {
      if (!stage->isVisible()) continue;
      ++stages;
      const int clients = primary_->run()->clientNames().size();
      for (int a = 0; a < clients; ++a) {
        QRectF first;
        QMetaObject::invokeMethod(stage, "clientRect", Q_RETURN_ARG(QRectF, first), Q_ARG(int, a));
        for (int b = a + 1; b < clients; ++b) {
          QRectF second;
          QMetaObject::invokeMethod(stage, "clientRect", Q_RETURN_ARG(QRectF, second),
                                    Q_ARG(int, b));
          QVERIFY2(!first.intersects(second),
                   qPrintable(QStringLiteral("cards %1 and %2 overlap").arg(a + 1).arg(b + 1)));
        }
      }
    }
    QCOMPARE(stages, 2);
    window_->setProperty("comparing", false);
    window_->resize(QSize(1600, 1000));
  }

  // The legend sat on c7's card in half a projector's stage. Whatever the size and mode, no card
  // covers the legend (the server box may pass under its panel, which is drawn over it).
  void noCardCoversTheLegend_data() {
    QTest::addColumn<QString>("lesson");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("comparing");
    for (const char* lesson : {"zookeeper/herd-naive.yaml", "zookeeper/crash-holder.yaml",
                               "redis/redlock-two-down.yaml"}) {
      for (const QSize size : {QSize(1280, 720), QSize(1600, 1000), QSize(1024, 640)}) {
        for (const bool comparing : {false, true}) {
          QTest::addRow("%s %dx%d%s", lesson, size.width(), size.height(),
                        comparing ? " compare" : "")
              << QString::fromLatin1(lesson) << size << comparing;
        }
      }
    }
  }
  void noCardCoversTheLegend() {
    QFETCH(QString, lesson);
    QFETCH(QSize, size);
    QFETCH(bool, comparing);
    window_->resize(size);
    if (comparing) {
      compareLesson(QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/") + lesson);
    } else {
      window_->setProperty("comparing", false);
      QVERIFY2(
          primary_->session()->load(QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/") + lesson),
          qPrintable(primary_->error()));
    }
    QTRY_VERIFY(window_->width() == size.width());
    QTest::qWait(100);  // a frame at the new size: the stage places its cards as it paints
    int checked = 0;
    for (QQuickItem* stage : window_->findChildren<QQuickItem*>(QStringLiteral("stage"))) {
      if (!stage->isVisible()) continue;
      QRectF legend;
      QMetaObject::invokeMethod(stage, "legendRect", Q_RETURN_ARG(QRectF, legend));
      if (legend.isEmpty()) continue;
      ++checked;
      for (int client = 0; client < primary_->run()->clientNames().size(); ++client) {
        QRectF card;
        QMetaObject::invokeMethod(stage, "clientRect", Q_RETURN_ARG(QRectF, card),
                                  Q_ARG(int, client));
        QVERIFY2(!card.intersects(legend),
                 qPrintable(QStringLiteral("c%1's card covers the legend").arg(client + 1)));
      }
    }
    QVERIFY(checked >= (comparing ? 2 : 1));
    window_->setProperty("comparing", false);
    window_->resize(QSize(1600, 1000));
  }

  void cleanupTestCase() {
    delete engine_;
    engine_ = nullptr;
  }
};

QTEST_MAIN(GuiCompareTest)
#include "tst_gui_compare.moc"
