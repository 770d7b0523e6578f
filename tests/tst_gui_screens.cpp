// Goal: the window draws what the lesson is about, checked in its pixels: right after a release
// under zk-naive the stage shows one notification dot per waiter, under zk-chained just one; a
// crashed client is drawn in the crash colour; the holder's node is outlined in the tree; a
// scenario that fails to load puts its file:line:col message in the status line.
//
// Method: Main.qml loaded as the app loads it (qrc:/Lockscope/Main.qml), rendered offscreen by
// the software renderer, grabbed to an image; dots are counted as connected blobs of the
// notification colour inside the stage; expected counts come from the run's own flight table.
#include <QQmlApplicationEngine>
#include <QQuickItem>
#include <QQuickWindow>
#include <QTemporaryDir>
#include <QTest>
#include <QtQml/qqmlextensionplugin.h>
#include <cmath>
#include <vector>

#include "event_log_model.h"
#include "simulation_controller.h"
#include "support/gui_lessons.h"
#include "stage_view.h"
#include "theme.h"

Q_IMPORT_QML_PLUGIN(LockscopePlugin)

using namespace lockscope;
using gui::SimulationController;

namespace {

QString lesson(const char* name) { return testing::zookeeperLesson(name); }

bool near(QRgb pixel, const QColor& colour, int tolerance) {
  return std::abs(qRed(pixel) - colour.red()) <= tolerance &&
         std::abs(qGreen(pixel) - colour.green()) <= tolerance &&
         std::abs(qBlue(pixel) - colour.blue()) <= tolerance;
}

// Connected regions (4-neighbour) of at least `minimumPixels` pixels of `colour` inside `area`.
int countBlobs(const QImage& image, const QRect& area, const QColor& colour, int minimumPixels) {
  const QRect box = area.intersected(image.rect());
  std::vector<char> seen(static_cast<size_t>(image.width() * image.height()), 0);
  int blobs = 0;
  for (int y = box.top(); y <= box.bottom(); ++y) {
    for (int x = box.left(); x <= box.right(); ++x) {
      const auto at = static_cast<size_t>(y * image.width() + x);
      if (seen[at] || !near(image.pixel(x, y), colour, 30)) continue;
      int size = 0;
      std::vector<QPoint> stack{{x, y}};
      seen[at] = 1;
      while (!stack.empty()) {
        const QPoint p = stack.back();
        stack.pop_back();
        ++size;
        for (const QPoint& n : {QPoint(p.x() + 1, p.y()), QPoint(p.x() - 1, p.y()), QPoint(p.x(), p.y() + 1),
                                QPoint(p.x(), p.y() - 1)}) {
          if (!box.contains(n)) continue;
          const auto index = static_cast<size_t>(n.y() * image.width() + n.x());
          if (seen[index] || !near(image.pixel(n), colour, 30)) continue;
          seen[index] = 1;
          stack.push_back(n);
        }
      }
      if (size >= minimumPixels) ++blobs;
    }
  }
  return blobs;
}

// The moment half way through the shortest notification sent by the first release.
double middleOfFirstBurst(const SimulationController& simulation) {
  const auto& timeline = *simulation.timeline();
  sim::Micros released = -1;
  for (const auto& event : timeline.trace().events()) {
    if (event.kind == sim::TraceKind::NodeDeleted) {
      released = event.time;
      break;
    }
  }
  sim::Micros earliestEnd = INT64_MAX;
  for (const auto& flight : timeline.flights().all()) {
    if (flight.kind == gui::FlightKind::Notification && flight.start == released) {
      earliestEnd = std::min(earliestEnd, flight.end);
    }
  }
  return static_cast<double>(released + (earliestEnd - released) / 2);
}

}  // namespace

class GuiScreensTest : public QObject {
  Q_OBJECT

 private:
  QQmlApplicationEngine* engine_ = nullptr;
  QQuickWindow* window_ = nullptr;
  SimulationController* simulation_ = nullptr;
  gui::StageView* stage_ = nullptr;

  QImage grabAt(double time) {
    simulation_->seekTime(time);
    QCoreApplication::processEvents();
    return window_->grabWindow();
  }
  QRect stageArea() const {
    return stage_->mapRectToScene(QRectF(0, 0, stage_->width(), stage_->height())).toRect();
  }
  QRect onScreen(const QRectF& itemRect) const { return stage_->mapRectToScene(itemRect).toRect(); }

  // Opens the QML menu `name` (for `client`, if given) as a click would, and reads its items:
  // "text" or "text (disabled)". Leaves it open when `keepOpen`.
  QStringList menuItems(const char* name, int client = -1, bool keepOpen = false) {
    QObject* menu = window_->findChild<QObject*>(QLatin1String(name));
    if (!menu) return {QStringLiteral("no menu")};
    if (client >= 0) menu->setProperty("client", client);
    if (!menu->property("visible").toBool()) QMetaObject::invokeMethod(menu, "open");
    QCoreApplication::processEvents();
    QStringList items;
    for (int index = 0; index < menu->property("count").toInt(); ++index) {
      QQuickItem* item = nullptr;
      QMetaObject::invokeMethod(menu, "itemAt", Q_RETURN_ARG(QQuickItem*, item), Q_ARG(int, index));
      if (!item) continue;
      items << item->property("text").toString() +
                   (item->property("enabled").toBool() ? QString() : QStringLiteral(" (disabled)"));
    }
    if (!keepOpen) {
      QMetaObject::invokeMethod(menu, "close");
      if (!QTest::qWaitFor([menu] { return !menu->property("visible").toBool(); }, 5000)) {
        items << QStringLiteral("menu did not close");
      }
    }
    return items;
  }

 private slots:
  void initTestCase() {
    engine_ = new QQmlApplicationEngine(this);
    engine_->setInitialProperties({{QStringLiteral("lessonFolder"), QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios")},
                                   {QStringLiteral("compareRecipe"), QString()},
                                   {QStringLiteral("presentation"), false},
                                   {QStringLiteral("headless"), true},
                                   {QStringLiteral("initialWidth"), 1600},
                                   {QStringLiteral("initialHeight"), 1000}});
    engine_->load(QUrl(QStringLiteral("qrc:/Lockscope/Main.qml")));
    QVERIFY(!engine_->rootObjects().isEmpty());
    window_ = qobject_cast<QQuickWindow*>(engine_->rootObjects().constFirst());
    QVERIFY(window_);
    simulation_ = window_->property("simulation").value<SimulationController*>();
    QVERIFY(simulation_);
    stage_ = window_->findChild<gui::StageView*>(QStringLiteral("stage"));
    QVERIFY(stage_);
  }

  void aHerdReleaseBurstsIntoOneDotPerWaiter() {
    QVERIFY(simulation_->load(lesson("herd-naive.yaml")));
    const double moment = middleOfFirstBurst(*simulation_);
    const auto inFlight = static_cast<int>(simulation_->timeline()->flights().countAt(
        static_cast<sim::Micros>(moment), gui::FlightKind::Notification));
    QCOMPARE(inFlight, 9);
    const QImage image = grabAt(moment);
    // +1: the legend's notification symbol. Dots may touch each other near the server, so one
    // fewer is tolerated; more would mean something else is drawn in the notification colour.
    const int blobs = countBlobs(image, stageArea(), gui::Theme::notificationColour(), 20);
    if (blobs < inFlight || blobs > inFlight + 1) image.save(QDir::temp().filePath(QStringLiteral("herd-naive-failed.png")));
    QVERIFY2(blobs >= inFlight && blobs <= inFlight + 1, qPrintable(QString::number(blobs)));
  }

  void aChainedReleaseSendsOneNotification() {
    QVERIFY(simulation_->load(lesson("herd-chained.yaml")));
    const QImage image = grabAt(middleOfFirstBurst(*simulation_));
    const int blobs = countBlobs(image, stageArea(), gui::Theme::notificationColour(), 20);
    if (blobs != 2) image.save(QDir::temp().filePath(QStringLiteral("herd-chained-failed.png")));
    QCOMPARE(blobs, 1 + 1);
  }

  void aCrashedClientIsDrawnInTheCrashColour() {
    QVERIFY(simulation_->load(lesson("crash-holder.yaml")));
    const QImage before = grabAt(simulation_->origin() + 50'000);
    const QImage after = grabAt(simulation_->origin() + 150'000);
    const QRect card = onScreen(stage_->clientRect(0));
    QVERIFY(!card.isEmpty());
    auto crashPixels = [&](const QImage& image) {
      int count = 0;
      for (int y = card.top() + 4; y < card.bottom() - 4; y += 2) {
        for (int x = card.left() + 4; x < card.right() - 4; x += 2) {
          count += near(image.pixel(x, y), gui::Theme::violationColour(), 12) ? 1 : 0;
        }
      }
      return count;
    };
    const int area = (card.width() - 8) * (card.height() - 8) / 4;
    QVERIFY(crashPixels(before) < area / 10);
    QVERIFY2(crashPixels(after) > area / 2, qPrintable(QString::number(crashPixels(after))));
  }

  void theHoldersNodeIsOutlined() {
    QVERIFY(simulation_->load(lesson("herd-chained.yaml")));
    // The second grant: the queue behind it is still long, so other nodes are on show.
    sim::Micros acquired = 0;
    int grants = 0;
    std::string node, otherNode;
    const auto& trace = simulation_->timeline()->trace();
    for (const auto& event : trace.events()) {
      if (event.kind == sim::TraceKind::Lock && trace.text(event.op) == "acquired" && ++grants == 2) {
        acquired = event.time;
        node = std::string(trace.text(event.path));
      }
      if (event.kind == sim::TraceKind::NodeCreated && trace.text(event.path).find("lock-0000000005") != std::string_view::npos) {
        otherNode = std::string(trace.text(event.path));
      }
    }
    const QImage image = grabAt(static_cast<double>(acquired));
    const QRect row = onScreen(stage_->znodeRect(QString::fromStdString(node)));
    QVERIFY(!row.isEmpty());
    int dark = 0, total = 0;
    for (int x = row.left() + 8; x < row.right() - 8; ++x, ++total) {
      dark += qGray(image.pixel(x, row.top())) < 60 ? 1 : 0;
    }
    QVERIFY2(dark > total * 8 / 10, qPrintable(QStringLiteral("%1 of %2").arg(dark).arg(total)));
    // Another client's node is not outlined.
    const QRect other = onScreen(stage_->znodeRect(QString::fromStdString(otherNode)));
    QVERIFY(!other.isEmpty());
    int otherDark = 0;
    for (int x = other.left() + 8; x < other.right() - 8; ++x) otherDark += qGray(image.pixel(x, other.top())) < 60 ? 1 : 0;
    QVERIFY(otherDark < (other.width() - 16) / 2);
  }

  void aLeaseRunsDownAndAKilledInstanceIsDrawnDown() {
    QVERIFY(simulation_->load(QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/redis/paused-holder.yaml")));
    auto pixelsOf = [&](const QImage& image, const QColor& colour) {
      const QRect box = onScreen(stage_->instanceRect(QStringLiteral("redis-1")));
      int count = 0;
      for (int y = box.top(); y < box.bottom(); ++y) {
        for (int x = box.left(); x < box.right(); ++x) count += near(image.pixel(x, y), colour, 10) ? 1 : 0;
      }
      return count;
    };
    // c1's lease (ttl 1 s) runs down while it is paused: a long blue bar, a shorter one, then red.
    const int early = pixelsOf(grabAt(simulation_->origin() + 100'000), gui::Theme::accentColour());
    const int later = pixelsOf(grabAt(simulation_->origin() + 500'000), gui::Theme::accentColour());
    const QImage lastQuarter = grabAt(simulation_->origin() + 850'000);
    QVERIFY2(early > later && later > 0, qPrintable(QStringLiteral("%1 %2").arg(early).arg(later)));
    QVERIFY(pixelsOf(lastQuarter, gui::Theme::violationColour()) > 0);
    QVERIFY(simulation_->injectInstanceFault(QStringLiteral("kill_instance"), QStringLiteral("redis-1")));
    QVERIFY(!simulation_->instanceUp(QStringLiteral("redis-1")));
    const QImage down = grabAt(simulation_->time());
    // A dead instance is greyed, with a dashed border in the crash colour.
    QVERIFY(pixelsOf(down, QColor(0xE0, 0xE0, 0xE0)) > pixelsOf(down, QColor(Qt::white)));
    QVERIFY(simulation_->undoLastFault());
  }

  // Redlock with two of five masters dead, 40 ms in: under c1's card three green votes (its SETs
  // on redis-1..3 answered OK) and two hollow ones still waiting; under c2's three refusals.
  void aRedlockAttemptIsTalliedUnderTheCard() {
    QVERIFY(simulation_->load(QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/redis/redlock-two-down.yaml")));
    const QImage image = grabAt(simulation_->origin() + 40'000);
    auto underCard = [&](int client) {
      const QRect card = onScreen(stage_->clientRect(client));
      return QRect(card.left() - 20, card.bottom() + 1, card.width() + 40, 20);
    };
    using Vote = gui::QuorumTally::Vote;
    const int locked = countBlobs(image, underCard(0), gui::Theme::voteColour(Vote::Locked), 12);
    const int refused = countBlobs(image, underCard(1), gui::Theme::voteColour(Vote::Refused), 12);
    if (locked != 3 || refused != 3) image.save(QDir::temp().filePath(QStringLiteral("redlock-tally-failed.png")));
    QCOMPARE(locked, 3);
    QCOMPARE(refused, 3);
    QCOMPARE(countBlobs(image, underCard(2), gui::Theme::voteColour(Vote::Locked), 12), 0);  // c3 has not started
  }

  // A master and its replica 500 ms behind: the arrow between them turns to the warning colour
  // while c1's SET is in transit, and is grey before anything was written.
  void theReplicationLinkShowsAChangeInTransit() {
    QVERIFY(simulation_->load(QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/redis/failover-async-replication.yaml")));
    auto warningInGap = [&](const QImage& image) {
      const QRect master = onScreen(stage_->instanceRect(QStringLiteral("redis-1")));
      const QRect replica = onScreen(stage_->instanceRect(QStringLiteral("redis-1-r1")));
      const QRect gap(master.right() + 2, master.top(), replica.left() - master.right() - 4, master.height());
      int count = 0;
      for (int y = gap.top(); y < gap.bottom(); ++y) {
        for (int x = gap.left(); x < gap.right(); ++x) count += near(image.pixel(x, y), gui::Theme::violationColour(), 10) ? 1 : 0;
      }
      return count;
    };
    const QImage before = grabAt(simulation_->origin());
    QVERIFY(!stage_->instanceRect(QStringLiteral("redis-1-r1")).isEmpty());
    QCOMPARE(warningInGap(before), 0);
    QVERIFY(warningInGap(grabAt(simulation_->origin() + 150'000)) > 20);
  }

  // The menus offer what the client (or server) can do at the cursor, however often the same
  // client is clicked: Restart after a crash, Resume after a pause, Heal after a partition.
  void theFaultMenusShowTheStateAtTheCursor() {
    QVERIFY(simulation_->load(lesson("herd-chained.yaml")));
    simulation_->seekTime(simulation_->origin() + 40'000);
    QStringList items = menuItems("faultMenu", 2);
    QCOMPARE(items.mid(0, 4), (QStringList{QStringLiteral("Crash c3"), QStringLiteral("Restart c3 (disabled)"),
                                           QStringLiteral("Pause c3"), QStringLiteral("Partition c3")}));
    QVERIFY(simulation_->injectFault(QStringLiteral("crash"), QStringLiteral("c3")));
    items = menuItems("faultMenu", 2);
    QCOMPARE(items.mid(0, 3), (QStringList{QStringLiteral("Crash c3 (disabled)"), QStringLiteral("Restart c3"),
                                           QStringLiteral("Pause c3 (disabled)")}));
    QCOMPARE(menuItems("faultMenu", 1).at(2), QStringLiteral("Pause c2"));
    QVERIFY(simulation_->injectFault(QStringLiteral("pause"), QStringLiteral("c2")));
    QCOMPARE(menuItems("faultMenu", 1).at(2), QStringLiteral("Resume c2"));
    // While it is open too: a partition clicked elsewhere (the keyboard's N) shows at once.
    QCOMPARE(menuItems("faultMenu", 1, true).at(3), QStringLiteral("Partition c2"));
    QVERIFY(simulation_->injectFaultOn(QStringLiteral("partition"), 1));
    QCOMPARE(menuItems("faultMenu", 1).at(3), QStringLiteral("Heal the partition"));

    QCOMPARE(menuItems("serverMenu"), (QStringList{QStringLiteral("Kill the server"),
                                                   QStringLiteral("Restart the server (disabled)")}));
    QVERIFY(simulation_->injectServerFault(QStringLiteral("kill_server")));
    QCOMPARE(menuItems("serverMenu"), (QStringList{QStringLiteral("Kill the server (disabled)"),
                                                   QStringLiteral("Restart the server")}));
    while (simulation_->undoLastFault()) {}
  }

  void aKilledInstanceOffersRestartInItsMenu() {
    QVERIFY(simulation_->load(QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/redis/paused-holder.yaml")));
    simulation_->seekTime(simulation_->origin() + 100'000);
    window_->findChild<QObject*>(QStringLiteral("instanceMenu"))->setProperty("instance", QStringLiteral("redis-1"));
    QCOMPARE(menuItems("instanceMenu").mid(0, 2), (QStringList{QStringLiteral("Kill redis-1"), QStringLiteral("Restart redis-1 (disabled)")}));
    QVERIFY(simulation_->injectInstanceFault(QStringLiteral("kill_instance"), QStringLiteral("redis-1")));
    QCOMPARE(menuItems("instanceMenu").mid(0, 2), (QStringList{QStringLiteral("Kill redis-1 (disabled)"), QStringLiteral("Restart redis-1")}));
    QVERIFY(simulation_->undoLastFault());
  }

  // Right-click on a client opens its menu as a left click does.
  void aRightClickOnAClientOpensItsMenu() {
    QVERIFY(simulation_->load(lesson("herd-chained.yaml")));
    QObject* menu = window_->findChild<QObject*>(QStringLiteral("faultMenu"));
    QVERIFY(menu && !menu->property("visible").toBool());
    grabAt(simulation_->origin() + 40'000);  // the stage is laid out when drawn
    const QPoint card = onScreen(stage_->clientRect(4)).center();
    QVERIFY(!stage_->clientRect(4).isEmpty());
    QTest::mouseClick(window_, Qt::RightButton, Qt::NoModifier, card);
    QTRY_VERIFY_WITH_TIMEOUT(menu->property("visible").toBool(), 5000);
    QCOMPARE(menu->property("client").toInt(), 4);
    QMetaObject::invokeMethod(menu, "close");
    QTRY_VERIFY_WITH_TIMEOUT(!menu->property("visible").toBool(), 5000);
  }

  // Compare mode in the window: the second stage's run follows the first's seed and clients.
  void theComparedRunFollowsTheTopBarsChanges() {
    QVERIFY(simulation_->load(lesson("herd-naive.yaml")));
    auto* secondary = window_->findChild<SimulationController*>(QStringLiteral("secondary"));
    QVERIFY(secondary);
    window_->setProperty("comparing", true);
    QCOMPARE(secondary->recipe(), QStringLiteral("zk-chained"));
    QVERIFY(simulation_->configure(QString(), QStringLiteral("21"), 6));
    QCOMPARE(secondary->seed(), QStringLiteral("21"));
    QCOMPARE(secondary->clientCount(), 6);
    QCOMPARE(secondary->recipe(), QStringLiteral("zk-chained"));
    window_->setProperty("comparing", false);
    QVERIFY(simulation_->configure(QString(), QStringLiteral("22"), 0));
    QCOMPARE(secondary->seed(), QStringLiteral("21"));
  }

  // The event log's kind filter lists the run's kinds (from the Simulation), and choosing one
  // filters the log.
  void theKindFilterOffersTheRunsKinds() {
    QVERIFY(simulation_->load(QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/redis/failover-async-replication.yaml")));
    QCoreApplication::processEvents();
    auto* box = window_->findChild<QObject*>(QStringLiteral("kindFilter"));
    QVERIFY(box);
    QCOMPARE(box->property("model").toStringList(), simulation_->kindChoices());
    const int index = static_cast<int>(simulation_->kindChoices().indexOf(QStringLiteral("key_changed")));
    QVERIFY(index > 0);
    box->setProperty("currentIndex", index);
    auto* filter = window_->findChild<gui::EventLogFilter*>();
    QVERIFY(filter);
    QCOMPARE(filter->kind(), QStringLiteral("key_changed"));
    QVERIFY(filter->rowCount() > 0);
    box->setProperty("currentIndex", 0);
    QCOMPARE(filter->kind(), QString());
  }

  // Scrubbing by keyboard, and the help overlay lists every shortcut from the same list.
  void theKeyboardScrubsAndTheHelpListsIt() {
    QVERIFY(simulation_->load(lesson("herd-naive.yaml")));
    window_->requestActivate();
    QVERIFY(QTest::qWaitForWindowActive(window_));
    QTest::keyClick(window_, Qt::Key_End);
    QCOMPARE(simulation_->time(), simulation_->endTime());
    QTest::keyClick(window_, Qt::Key_Home);
    QCOMPARE(simulation_->time(), 0.0);
    const double step = std::floor((simulation_->endTime() - simulation_->origin()) / 100);
    QTest::keyClick(window_, Qt::Key_Right, Qt::ShiftModifier);
    QCOMPARE(simulation_->time(), step);
    QTest::keyClick(window_, Qt::Key_PageDown);
    QCOMPARE(simulation_->time(), 11 * step);
    QTest::keyClick(window_, Qt::Key_PageUp);
    QTest::keyClick(window_, Qt::Key_Left, Qt::ShiftModifier);
    QCOMPARE(simulation_->time(), 0.0);
    const int atStart = simulation_->eventIndex();
    QTest::keyClick(window_, Qt::Key_Right);
    QCOMPARE(simulation_->eventIndex(), atStart + 1);

    auto* help = window_->findChild<QObject*>(QStringLiteral("help"));
    QVERIFY(help);
    QStringList shown;
    for (const QVariant& row : help->property("rows").toList()) shown << row.toList().value(0).toString();
    for (const char* keys : {"Space", "Home / End", "Shift+→ / Shift+←", "PgDn / PgUp", "C", "F1 or ?"}) {
      QVERIFY2(shown.contains(QString::fromUtf8(keys)), qPrintable(shown.join(QLatin1Char('|'))));
    }
  }

  // The window's scene graph frees its textures through deferred deletes: run them before the
  // application goes, or LeakSanitizer rightly reports them.
  void cleanupTestCase() {
    delete engine_;
    engine_ = nullptr;
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    QCoreApplication::processEvents();
  }

  void aLoadErrorAppearsInTheStatusLine() {
    QVERIFY(simulation_->load(lesson("herd-naive.yaml")));
    QTemporaryDir dir;
    const QString path = testing::writeScenario(dir, "bad.yaml", "title: bad\nrecipe: zk-nonexistent\nclients: 2\n");
    QVERIFY(!path.isEmpty());
    QVERIFY(!simulation_->load(path));
    QCoreApplication::processEvents();
    auto* status = window_->findChild<QObject*>(QStringLiteral("statusText"));
    QVERIFY(status);
    const QString shown = status->property("text").toString();
    QVERIFY2(shown.startsWith(path + QStringLiteral(":2:")), qPrintable(shown));
    QCOMPARE(simulation_->recipe(), QStringLiteral("zk-naive"));  // the previous run stays
  }
};

QTEST_MAIN(GuiScreensTest)
#include "tst_gui_screens.moc"
