// Goal: scale as a measurement (issue 16, item 8). Past what the ellipse can hold as markers a
// class can read, the stage becomes a crowd: every client a cell of a heat strip in its state's
// colour, a caption counting the states and saying where the watches point, and the
// notifications per release drawn large - so that with 300 waiters on zk-naive a release is seen
// to wake nearly all of them, while zk-chained's wake one. The scale slider over the stage makes
// the run again at the count it is let go at.
//
// Method: Main.qml loaded as the app loads it, rendered offscreen by the software renderer; the
// moments come from the run's own release figures, the colours are read in the grabbed pixels.
#include <QtQml/qqmlextensionplugin.h>
#include <QQmlApplicationEngine>
#include <QQuickItem>
#include <QQuickWindow>
#include <QRegularExpression>
#include <QTest>
#include <algorithm>

#include "simulation_controller.h"
#include "stage_view.h"
#include "support/pixels.h"
#include "support/stage_window.h"
#include "theme.h"

Q_IMPORT_QML_PLUGIN(LockscopePlugin)

using namespace lockscope;
using gui::SimulationController;

class GuiCrowdTest : public QObject {
  Q_OBJECT

 private:
  testing::StageWindow ui_;
  // A lesson with `clients` clients, as the top bar's box or the slider would set them.
  void load(const char* lesson, int clients) {
    QVERIFY(ui_.simulation->session()->load(QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/") +
                                            QLatin1String(lesson)));
    QVERIFY(ui_.simulation->session()->configure({}, {}, clients));
    QCOMPARE(static_cast<int>(ui_.simulation->timeline()->cast().size()), clients);
    ui_.grabAt(ui_.simulation->playback()->origin());  // laid out when drawn
  }
  // The count the chart's large line gives: "release K: N notifications".
  int notifiedByLastRelease() const {
    const QStringList text = ui_.stage->releaseChartText();
    if (text.size() < 2) return -1;
    const auto match =
        QRegularExpression(QStringLiteral("^release \\d+: (\\d+) notifications?$")).match(text[1]);
    return match.hasMatch() ? match.captured(1).toInt() : -1;
  }
  // The release that woke the most, by the run's figures.
  size_t busiestRelease() const {
    const auto& releases = ui_.simulation->timeline()->releases();
    return static_cast<size_t>(std::max_element(releases.begin(), releases.end(),
                                                [](const auto& a, const auto& b) {
                                                  return a.notifications < b.notifications;
                                                }) -
                               releases.begin());
  }

 private slots:
  void initTestCase() { QVERIFY(ui_.open(this)); }
  void cleanup() { ui_.reset(); }

  // Ten clients are cards around the box; three hundred are a heat strip under it, every cell
  // inside the stage, none over another, the box or the chart.
  void aCrowdIsAHeatStripUnderTheServer() {
    load("zookeeper/herd-naive.yaml", 10);
    QVERIFY(!ui_.stage->crowd());
    QVERIFY(ui_.stage->crowdText().isEmpty());
    load("zookeeper/herd-naive.yaml", 300);
    QVERIFY(ui_.stage->crowd());
    const QRectF server = ui_.stage->serverRect(), chart = ui_.stage->releaseChartRect();
    QVERIFY(!chart.isEmpty());
    const QRectF whole(0, 0, ui_.stage->width(), ui_.stage->height());
    for (int client = 0; client < 300; ++client) {
      const QRectF cell = ui_.stage->clientRect(client);
      QVERIFY2(whole.contains(cell), qPrintable(QString::number(client)));
      QVERIFY(cell.width() >= 8);
      QVERIFY(!cell.intersects(server));
      QVERIFY(!cell.intersects(chart));
      if (client > 0) QVERIFY(!cell.intersects(ui_.stage->clientRect(client - 1)));
    }
    // A click on a cell is a click on that client (its fault menu).
    const QPointF centre = ui_.stage->clientRect(123).center();
    QCOMPARE(ui_.stage->clientAt(centre.x(), centre.y()), 123);
  }

  // Each cell is in its client's state's colour: the holder green, the waiters blue.
  void theCellsAreInTheirStatesColours() {
    load("zookeeper/herd-naive.yaml", 300);
    // At the middle of five holds (the 21st to the 25th): each holder's cell green, and the
    // waiters' blue - but for those a message is just leaving or reaching (a dot over a part of the
    // cell; about a tenth in a herd).
    int holders = 0, waiters = 0, blueWaiters = 0;
    const auto& releases = ui_.simulation->timeline()->releases();
    for (size_t release = 20; release < 25; ++release) {
      const QImage image = ui_.grabAt(releases[release].time - 25'000);
      const auto& clients = ui_.simulation->stage().clients();
      for (size_t client = 0; client < clients.size(); ++client) {
        const gui::Activity activity = clients[client].activity();
        if (activity != gui::Activity::Holding && activity != gui::Activity::Waiting) continue;
        const QRect cell = ui_.onScreen(ui_.stage->clientRect(static_cast<int>(client)));
        // Inside its outline (a holder's is thick).
        const QRect inside = cell.adjusted(cell.width() / 4, cell.height() / 4, -cell.width() / 4,
                                           -cell.height() / 4);
        const bool coloured = testing::pixelsNear(image, inside,
                                                  gui::Theme::strongActivityColour(activity),
                                                  8) >= inside.width() * inside.height() * 3 / 4;
        if (activity == gui::Activity::Holding) {
          holders += coloured ? 1 : 0;
        } else {
          ++waiters;
          blueWaiters += coloured ? 1 : 0;
        }
      }
    }
    QVERIFY2(holders >= 3, qPrintable(QString::number(holders)));
    QVERIFY(waiters > 100);
    QVERIFY2(blueWaiters >= waiters * 4 / 5,
             qPrintable(QStringLiteral("%1 of %2").arg(blueWaiters).arg(waiters)));
  }

  // The herd, measured: just before its busiest release every armed watch is on /lock, and that
  // release notifies every one of them - over a hundred clients for one grant (the clients
  // arrive one every 5 ms, so not all 300 wait at once; each arrival's create notifies the
  // waiters too, so the release's count until the next grant is higher still).
  void aHerdReleaseWakesEveryWatcher() {
    load("zookeeper/herd-naive.yaml", 300);
    const size_t busiest = busiestRelease();
    const auto& release = ui_.simulation->timeline()->releases()[busiest];
    ui_.grabAt(release.time - 1);
    const QStringList before = ui_.stage->crowdText();
    QCOMPARE(before.size(), 2);
    const auto watches =
        QRegularExpression(QStringLiteral("^(\\d+) watches, all on /lock$")).match(before[1]);
    QVERIFY2(watches.hasMatch(), qPrintable(before[1]));
    const int watching = watches.captured(1).toInt();
    QVERIFY2(watching >= 100, qPrintable(before[1]));
    ui_.grabAt(release.until);
    QCOMPARE(
        ui_.stage->releaseChartText().value(1),
        QStringLiteral("release %1: %2 notifications").arg(busiest + 1).arg(release.notifications));
    QVERIFY2(notifiedByLastRelease() >= watching,
             qPrintable(ui_.stage->releaseChartText().value(1)));
  }

  // The chain at the same scale: one watch per predecessor, and a release wakes one client.
  void aChainReleaseWakesOne() {
    load("zookeeper/herd-chained.yaml", 300);
    const auto& releases = ui_.simulation->timeline()->releases();
    QVERIFY(releases.size() > 100);
    const auto& release = releases[releases.size() / 2];
    ui_.grabAt(release.time - 1);
    QVERIFY2(ui_.stage->crowdText().value(1).contains(QStringLiteral("one on each of")),
             qPrintable(ui_.stage->crowdText().value(1)));
    ui_.grabAt(release.until);
    QCOMPARE(notifiedByLastRelease(), 1);
  }

  // At a projector a thousand clients still fit as cells a class can see, the caption and the
  // chart's count whole (znode rows may elide their GUIDs, as they do for fewer clients).
  void aThousandFitAtAProjector() {
    ui_.window->setProperty("presentation", true);
    ui_.window->resize(1280, 720);
    load("zookeeper/herd-chained.yaml", 1000);
    ui_.grabAt(ui_.simulation->playback()->endTime() / 2);
    QVERIFY(ui_.stage->crowd());
    const QRectF whole(0, 0, ui_.stage->width(), ui_.stage->height());
    for (int client = 0; client < 1000; ++client) {
      const QRectF cell = ui_.stage->clientRect(client);
      QVERIFY2(whole.contains(cell), qPrintable(QString::number(client)));
      QVERIFY(cell.width() >= 4);
    }
    const QStringList crowdTexts = ui_.stage->crowdText() + ui_.stage->releaseChartText();
    QCOMPARE(crowdTexts.size(), 4);
    for (const QString& text : crowdTexts) {
      QVERIFY2(!ui_.stage->clippedTexts().contains(text), qPrintable(text));
    }
  }

  // The slider over the stage: let go at a stop, the run is made again with that many clients,
  // and the keyboard is the stage's again.
  void theScaleSliderRemakesTheRun() {
    load("zookeeper/herd-naive.yaml", 10);
    auto* slider = ui_.window->findChild<QQuickItem*>(QStringLiteral("scaleSlider"));
    QVERIFY(slider);
    auto* count = ui_.window->findChild<QQuickItem*>(QStringLiteral("scaleCount"));
    QVERIFY(count);
    QCOMPARE(count->property("text").toString(), QStringLiteral("10"));
    // Dragged to the far right and let go: a thousand would be slow here; the stop before 200's
    // is 150, so go to 200 by its index.
    const QVariantList stops = slider->parentItem()->property("stops").toList();
    const auto index = stops.indexOf(200);
    QVERIFY(index > 0);
    slider->setProperty("value", static_cast<double>(index));
    QVERIFY(QMetaObject::invokeMethod(slider->parentItem(), "apply"));
    QCOMPARE(static_cast<int>(ui_.simulation->timeline()->cast().size()), 200);
    QCOMPARE(count->property("text").toString(), QStringLiteral("200"));
    ui_.grabAt(ui_.simulation->playback()->origin());
    QVERIFY(ui_.stage->crowd());
    QVERIFY(ui_.stage->hasActiveFocus());
  }

  // Compare mode's second stage follows the first one's clients: only the first has a slider.
  void onlyTheLeadingStageHasASlider() {
    load("zookeeper/herd-naive.yaml", 10);
    ui_.window->setProperty("comparing", true);
    QCoreApplication::processEvents();
    const auto sliders = ui_.window->findChildren<QQuickItem*>(QStringLiteral("scaleSlider"));
    QCOMPARE(sliders.size(), 2);
    QCOMPARE(std::count_if(sliders.begin(), sliders.end(),
                           [](QQuickItem* slider) { return slider->isVisible(); }),
             1);
    ui_.window->setProperty("comparing", false);
  }

  // In a window a person uses, a big class is made on a worker thread: the window keeps the run
  // it shows and goes on drawing, the status line says what is being made, and the new run
  // replaces the old when it is there.
  void aBigClassIsMadeInTheBackground() {
    QQmlApplicationEngine engine;
    QQuickWindow* window = nullptr;
    gui::SimulationController* simulation = testing::openActiveWindow(
        engine, window, 1600, 1000,
        QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/zookeeper/herd-naive.yaml"));
    QVERIFY(simulation);
    QVERIFY(simulation->session()->configure({}, {}, 299));  // under the line: at once
    QCOMPARE(static_cast<int>(simulation->timeline()->cast().size()), 299);
    QVERIFY(!simulation->live()->busy());
    QVERIFY(simulation->session()->configure({}, {}, 400));
    QVERIFY(simulation->live()->busy());
    QCOMPARE(simulation->live()->connectionStatus(),
             QStringLiteral("making the run with 400 clients …"));
    QCOMPARE(static_cast<int>(simulation->timeline()->cast().size()), 299);
    // Another change while it is made is refused, and said.
    QVERIFY(!simulation->session()->configure({}, {}, 500));
    QCOMPARE(simulation->live()->connectionStatus(), QStringLiteral("a run is still being made"));
    QCOMPARE(simulation->session()->scenario().clients.size(), size_t{400});
    QTRY_VERIFY_WITH_TIMEOUT(!simulation->live()->busy(), 60'000);
    QCOMPARE(static_cast<int>(simulation->timeline()->cast().size()), 400);
    QCOMPARE(simulation->live()->connectionStatus(), QString());
  }
};

QTEST_MAIN(GuiCrowdTest)
#include "tst_gui_crowd.moc"
