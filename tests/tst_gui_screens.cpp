// Goal: the window draws what the lesson is about, checked in its pixels: right after a release
// under zk-naive the stage shows one notification dot per waiter, under zk-chained just one; a
// crashed client is drawn in the crash colour (not the violation colour) with an X; the holder's
// node is outlined in the tree; a scenario that fails to load puts its file:line:col message in
// the status line. Presentation mode is high contrast (white ground, text at 7:1 or more, taller
// event-log rows); znode rows always show their sequence number, even squeezed in compare mode;
// at the minimum window size the playback bar and the diagram are still there; "Export PNG"
// writes the whole window, top bar and status line included; a "what happens next?" pause shows
// nothing of what comes next unless the whole run is asked for.
//
// Method: Main.qml loaded as the app loads it (qrc:/Lockscope/Main.qml), rendered offscreen by
// the software renderer, grabbed to an image; dots are counted as connected blobs of the
// notification colour inside the stage; expected counts come from the run's own flight table.
#include <QtQml/qqmlextensionplugin.h>
#include <QDir>
#include <QQmlApplicationEngine>
#include <QQuickItem>
#include <QQuickWindow>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <set>
#include <vector>

#include "event_log_model.h"
#include "recipe_line_model.h"
#include "simulation_controller.h"
#include "space_time_view.h"
#include "stage_view.h"
#include "support/database_scenarios.h"
#include "support/gui_lessons.h"
#include "support/gui_window.h"
#include "support/pixels.h"
#include "theme.h"
#include "window_image.h"

Q_IMPORT_QML_PLUGIN(LockscopePlugin)

using namespace lockscope;
using gui::SimulationController;
using testing::near;
using testing::pixelsNear;

namespace {

QString lesson(const char* name) { return testing::zookeeperLesson(name); }

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
        for (const QPoint& n : {QPoint(p.x() + 1, p.y()), QPoint(p.x() - 1, p.y()),
                                QPoint(p.x(), p.y() + 1), QPoint(p.x(), p.y() - 1)}) {
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

// The darkest pixel in `area`: the colour of the text drawn there (antialiased edges are paler).
QColor darkestIn(const QImage& image, const QRect& area) {
  QRgb darkest = qRgb(255, 255, 255);
  const QRect box = area.intersected(image.rect());
  for (int y = box.top(); y <= box.bottom(); ++y) {
    for (int x = box.left(); x <= box.right(); ++x) {
      if (qGray(image.pixel(x, y)) < qGray(darkest)) darkest = image.pixel(x, y);
    }
  }
  return QColor(darkest);
}

int darkPixels(const QImage& image, const QRect& area, int below) {
  int count = 0;
  const QRect box = area.intersected(image.rect());
  for (int y = box.top(); y <= box.bottom(); ++y) {
    for (int x = box.left(); x <= box.right(); ++x)
      count += qGray(image.pixel(x, y)) < below ? 1 : 0;
  }
  return count;
}

QRect sceneRect(const QQuickItem* item) {
  return item->mapRectToScene(QRectF(0, 0, item->width(), item->height())).toRect();
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
    simulation_->playback()->seekTime(time);
    QCoreApplication::processEvents();
    return window_->grabWindow();
  }
  QRect stageArea() const {
    return stage_->mapRectToScene(QRectF(0, 0, stage_->width(), stage_->height())).toRect();
  }
  QRect onScreen(const QRectF& itemRect) const { return stage_->mapRectToScene(itemRect).toRect(); }
  QQuickItem* item(const char* name) const {
    return window_->findChild<QQuickItem*>(QLatin1String(name));
  }
  void resizeWindow(const QSize& size) {
    window_->resize(size);
    QCoreApplication::processEvents();
    QCoreApplication::processEvents();
  }

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
  // The event log's current row once pointed past the end of a new run's list.
  void init() {
    QTest::failOnWarning(QRegularExpression(QStringLiteral("DelegateModel|index out range")));
  }
  // A test that stops half way leaves the window as the next one expects it all the same.
  void cleanup() {
    window_->setProperty("comparing", false);
    window_->setProperty("presentation", false);
    resizeWindow(QSize(1600, 1000));
  }

  void initTestCase() {
    engine_ = new QQmlApplicationEngine(this);
    window_ = testing::loadMainWindow(*engine_, false, 1600, 1000);
    QVERIFY(window_);
    simulation_ = window_->property("simulation").value<SimulationController*>();
    QVERIFY(simulation_);
    stage_ = window_->findChild<gui::StageView*>(QStringLiteral("stage"));
    QVERIFY(stage_);
  }

  void aHerdReleaseBurstsIntoOneDotPerWaiter() {
    QVERIFY(simulation_->session()->load(lesson("herd-naive.yaml")));
    const double moment = middleOfFirstBurst(*simulation_);
    const auto inFlight = static_cast<int>(simulation_->timeline()->flights().countAt(
        static_cast<sim::Micros>(moment), gui::FlightKind::Notification));
    QCOMPARE(inFlight, 9);
    const QImage image = grabAt(moment);
    // +1: the legend's notification symbol. Dots may touch each other near the server, so one
    // fewer is tolerated; more would mean something else is drawn in the notification colour.
    const int blobs = countBlobs(image, stageArea(), gui::Theme::notificationColour(), 20);
    if (blobs < inFlight || blobs > inFlight + 1)
      image.save(QDir::temp().filePath(QStringLiteral("herd-naive-failed.png")));
    QVERIFY2(blobs >= inFlight && blobs <= inFlight + 1, qPrintable(QString::number(blobs)));
  }

  void aChainedReleaseSendsOneNotification() {
    QVERIFY(simulation_->session()->load(lesson("herd-chained.yaml")));
    const QImage image = grabAt(middleOfFirstBurst(*simulation_));
    const int blobs = countBlobs(image, stageArea(), gui::Theme::notificationColour(), 20);
    if (blobs != 2) image.save(QDir::temp().filePath(QStringLiteral("herd-chained-failed.png")));
    QCOMPARE(blobs, 1 + 1);
  }

  void aCrashedClientIsDrawnInTheCrashColour() {
    QVERIFY(simulation_->session()->load(lesson("crash-holder.yaml")));
    const QImage before = grabAt(simulation_->playback()->origin() + 50'000);
    const QImage after = grabAt(simulation_->playback()->origin() + 150'000);
    const QRect card = onScreen(stage_->clientRect(0));
    QVERIFY(!card.isEmpty());
    auto pixelsOf = [&](const QImage& image, const QColor& colour) {
      int count = 0;
      for (int y = card.top() + 4; y < card.bottom() - 4; y += 2) {
        for (int x = card.left() + 4; x < card.right() - 4; x += 2)
          count += near(image.pixel(x, y), colour, 12) ? 1 : 0;
      }
      return count;
    };
    const int area = (card.width() - 8) * (card.height() - 8) / 4;
    const QColor crash = gui::Theme::crashColour();
    QVERIFY(pixelsOf(before, crash) < area / 10);
    QVERIFY2(pixelsOf(after, crash) > area / 2,
             qPrintable(QString::number(pixelsOf(after, crash))));
    // A crash is not a violation: a colour far from the violation's, and no violation colour on
    // the card.
    const QColor violation = gui::Theme::violationColour();
    QVERIFY(std::abs(crash.red() - violation.red()) + std::abs(crash.green() - violation.green()) +
                std::abs(crash.blue() - violation.blue()) >
            120);
    QCOMPARE(pixelsOf(after, violation), 0);
    // And an X in the card's top-right corner, where the live card has none.
    const double unit = stage_->textScale();
    const QRect corner =
        QRectF(card.right() - 20 * unit, card.top() + 4 * unit, 16 * unit, 16 * unit).toRect();
    QVERIFY2(darkPixels(after, corner, 60) > 20,
             qPrintable(QString::number(darkPixels(after, corner, 60))));
    QCOMPARE(darkPixels(before, corner, 60), 0);
  }

  // Every client has a shape as well as a colour, from the first: clients 1 to 4 get four
  // different shapes, and no two of the first 36 share both colour and shape. On the stage, the
  // marker in c2's card is a square (its top-left corner is filled), c1's a circle (not filled
  // there), c3's a triangle (bottom corner filled, top not).
  void everyClientHasAShapeAsWellAsAColour() {
    std::set<std::pair<QRgb, int>> pairs;
    std::set<int> firstShapes;
    for (int client = 0; client < 36; ++client) {
      pairs.insert({gui::Theme::clientColour(client).rgb(),
                    static_cast<int>(gui::Theme::clientShape(client))});
      if (client < 4) firstShapes.insert(static_cast<int>(gui::Theme::clientShape(client)));
    }
    QCOMPARE(pairs.size(), size_t{36});
    QCOMPARE(firstShapes.size(), size_t{4});

    QVERIFY(simulation_->session()->load(lesson("herd-naive.yaml")));
    const QImage image = grabAt(simulation_->playback()->origin() + 62'000);
    auto markerCorner = [&](int client, bool bottom) {
      const double unit = stage_->textScale();
      const QRectF card = stage_->clientRect(client);
      const QRect marker = onScreen(
          QRectF(card.left() + 6 * unit, card.top() + 6 * unit, 12 * unit, 12 * unit));
      // One pixel in from the corner: outside a circle or a triangle's top, inside a square.
      const QPoint corner = bottom ? QPoint(marker.left() + 1, marker.bottom() - 1)
                                   : QPoint(marker.left() + 1, marker.top() + 1);
      const QColor identity = gui::Theme::clientColour(client);
      return near(image.pixel(corner), identity, 40) ||
             near(image.pixel(corner), identity.darker(160), 40);
    };
    QVERIFY(!markerCorner(0, false));  // c1: circle
    QVERIFY(markerCorner(1, false));   // c2: square
    QVERIFY(!markerCorner(2, false));  // c3: triangle, point up
    QVERIFY(markerCorner(2, true));
  }

  // Presentation mode: the window's ground turns from grey to white, the diagram's lane names
  // (pale client colours in the normal palette) and the stage's header are black on white at a
  // WCAG contrast of 7:1 or more, and the event log's rows grow with the type.
  void presentationModeIsHighContrastWithLargerRows() {
    QVERIFY(simulation_->session()->load(lesson("herd-naive.yaml")));
    auto* playback = item("playbackBar");
    auto* diagram = qobject_cast<gui::SpaceTimeView*>(item("diagram"));
    QVERIFY(playback && diagram);
    auto rowHeight = [&] {
      // The rows the log shows: its content item's children (delegates are not QObject children).
      double height = 0;
      for (QQuickItem* row :
           item("eventList")->property("contentItem").value<QQuickItem*>()->childItems()) {
        if (row->objectName() == QLatin1String("eventRow") && row->isVisible())
          height = std::max(height, row->height());
      }
      return height;
    };
    struct Look {
      QColor window, laneName, laneGround, header, box;
      double row;
    };
    auto look = [&] {
      const QImage image = grabAt(simulation_->playback()->origin() + 62'000);
      const QRect bar = sceneRect(playback);
      // c2's lane name, in the diagram's left gutter (lane 0 is the server): where the diagram
      // writes it, right of the lane's marker - the name alone.
      const QRect gutter = diagram->mapRectToScene(diagram->layout().nameRoom(2)).toRect();
      // The server box's header line ("ZooKeeper (model)", the time) and the box beside it.
      const QRect server = onScreen(stage_->serverRect());
      const QRect headerRow(server.left() + 10, server.top() + 4, server.width() - 20,
                            static_cast<int>(20 * stage_->textScale()));
      return Look{QColor(image.pixel(bar.left() + 1, bar.top() + 1)),
                  darkestIn(image, gutter),
                  QColor(image.pixel(gutter.left() + 1, gutter.center().y())),
                  darkestIn(image, headerRow),
                  QColor(image.pixel(server.left() + 5, headerRow.center().y())),
                  rowHeight()};
    };
    const Look normal = look();
    window_->setProperty("presentation", true);
    QCoreApplication::processEvents();
    QVERIFY(diagram->highContrast());
    const Look present = look();
    window_->setProperty("presentation", false);
    QCoreApplication::processEvents();
    QVERIFY2(normal.window != present.window, qPrintable(normal.window.name()));
    QCOMPARE(present.window, QColor(Qt::white));
    const double laneContrast = gui::Theme::contrast(present.laneName, present.laneGround);
    QVERIFY2(laneContrast >= 7,
             qPrintable(QStringLiteral("%1 on %2: %3")
                            .arg(present.laneName.name(), present.laneGround.name())
                            .arg(laneContrast)));
    // The normal palette's pale name is what presentation mode is for (so this check can fail).
    QVERIFY(gui::Theme::contrast(normal.laneName, normal.laneGround) < 7);
    const double headerContrast = gui::Theme::contrast(present.header, present.box);
    QVERIFY2(headerContrast >= 7, qPrintable(QString::number(headerContrast)));
    QVERIFY2(present.row >= normal.row * 1.4 && normal.row > 0,
             qPrintable(QStringLiteral("%1 -> %2").arg(normal.row).arg(present.row)));
  }

  // Compare mode at 1400x900: the stages are narrow and the znode rows short of room, but every
  // row still ends with its node's whole sequence number.
  void sequenceNumbersStayReadableInCompareMode_data() {
    QTest::addColumn<bool>("presentation");
    QTest::newRow("normal") << false;
    QTest::newRow("presentation")
        << true;  // larger type: the stages' rows are shorter of room still
  }

  void sequenceNumbersStayReadableInCompareMode() {
    QFETCH(bool, presentation);
    QVERIFY(simulation_->session()->load(lesson("herd-naive.yaml")));
    window_->setProperty("presentation", presentation);
    resizeWindow(QSize(1400, 900));
    window_->setProperty("comparing", true);  // herd-naive's counterpart: zk-chained
    grabAt(middleOfFirstBurst(*simulation_));
    int rows = 0, shortened = 0;
    for (auto* stage : window_->findChildren<gui::StageView*>(QStringLiteral("stage"))) {
      QVERIFY(stage->width() < 600);
      // The server box's header: its name and the time side by side, never over each other,
      // inside the box; too narrow for both, the name alone.
      const QRectF name = stage->headerLabelRect(), time = stage->headerTimeRect(),
                   box = stage->serverRect();
      QVERIFY(name.width() > 10 && box.contains(name));
      QVERIFY2(time.isEmpty() || (box.contains(time) && name.right() < time.left()),
               qPrintable(QStringLiteral("name %1..%2, time %3..%4")
                              .arg(name.left())
                              .arg(name.right())
                              .arg(time.left())
                              .arg(time.right())));
      const auto& trace = stage->simulation()->timeline()->trace();
      for (const auto& event : trace.events()) {
        if (event.kind != sim::TraceKind::NodeCreated) continue;
        const QString path = QString::fromStdString(std::string(trace.text(event.path)));
        const QString shown = stage->znodeText(path);
        // Lock nodes only (not /lock), and only those in the tree at this moment.
        if (shown.isEmpty() || !path.contains(QRegularExpression(QStringLiteral("\\d{10}$"))))
          continue;
        const QString sequence = path.right(10);
        // The node's name is what comes before the notes (" · ephemeral", " · c3", "  ← holds").
        const QString name = shown.left(
            shown.indexOf(QRegularExpression(QStringLiteral(" +[\u00B7\u2190]"))));
        QVERIFY2(name.endsWith(sequence), qPrintable(shown));
        ++rows;
        shortened += shown.contains(QStringLiteral("ephemeral")) ? 0 : 1;
      }
    }
    window_->setProperty("comparing", false);
    window_->setProperty("presentation", false);
    resizeWindow(QSize(1600, 1000));
    QVERIFY2(rows >= 10, qPrintable(QString::number(rows)));
    QVERIFY2(shortened > 0, "no row was short of room: the check proves nothing at this size");
  }

  // The label function itself: squeezed to a few characters, what is left is the number.
  void aSqueezedZnodeLabelKeepsItsSequenceNumber() {
    QFont font;
    font.setPointSizeF(9.5);
    const QFontMetrics metrics(font);
    const QString name = QStringLiteral("_c_8f2a7d1e-lock-0000000012");
    const QStringList notes = {QStringLiteral("  \u00B7 ephemeral"), QStringLiteral(" \u00B7 c12"),
                               QStringLiteral("  \u2190 holds the lock")};
    QCOMPARE(gui::fitZnodeText(name, notes, metrics, 10'000), name + notes.join(QString()));
    const QString withoutEphemeral = gui::fitZnodeText(
        name, notes, metrics, metrics.horizontalAdvance(name + notes[1] + notes[2]));
    QCOMPARE(withoutEphemeral, name + notes[1] + notes[2]);
    // Down to the width of "…0000000012" the number is whole.
    const int least = metrics.horizontalAdvance(QStringLiteral("\u20260000000012"));
    for (int width : {least, least + 10, least + 40, metrics.horizontalAdvance(name) - 1}) {
      const QString shown = gui::fitZnodeText(name, notes, metrics, width);
      QVERIFY2(shown.endsWith(QStringLiteral("0000000012")) &&
                   shown.startsWith(QStringLiteral("\u2026")),
               qPrintable(shown));
      QVERIFY(metrics.horizontalAdvance(shown) <= width);
    }
  }

  // At the minimum size the top bar keeps to itself, the recipe panel keeps its lines, and the
  // playback bar (with its timeline) and the diagram are on screen.
  void theMinimumWindowKeepsEveryPanel() {
    QVERIFY(simulation_->session()->load(lesson("herd-naive.yaml")));
    QCOMPARE(window_->minimumSize(), QSize(1024, 640));
    resizeWindow(window_->minimumSize());
    const QImage image = grabAt(simulation_->playback()->origin() + 62'000);
    const QRect window(QPoint(0, 0), window_->size());
    for (const char* name : {"playbackBar", "diagram", "timeline", "eventList"}) {
      QQuickItem* shown = item(name);
      QVERIFY2(shown && shown->isVisible(), name);
      const QRect box = sceneRect(shown);
      QVERIFY2(box.width() > 100 && box.height() > 10 && window.contains(box),
               qPrintable(QStringLiteral("%1: %2,%3 %4x%5")
                              .arg(QLatin1String(name))
                              .arg(box.x())
                              .arg(box.y())
                              .arg(box.width())
                              .arg(box.height())));
    }
    QVERIFY(sceneRect(item("diagram")).height() > 60);
    // The top bar's groups do not overlap: each starts where the one before it ends, or on a new
    // line.
    const auto groups = item("topBarFlow")->childItems();
    for (int index = 1; index < groups.size(); ++index) {
      const QRectF previous(groups[index - 1]->position(), groups[index - 1]->size());
      const QRectF current(groups[index]->position(), groups[index]->size());
      QVERIFY2(!previous.intersects(current), qPrintable(QString::number(index)));
      QVERIFY(current.right() <= item("topBarFlow")->width() + 1);
    }
    // The recipe panel keeps room for its lines: ink in its list.
    auto* recipe = window_->findChild<QQuickItem*>(QStringLiteral("recipeLines"));
    QVERIFY(recipe);
    QVERIFY2(recipe->height() >= 40, qPrintable(QString::number(recipe->height())));
    QVERIFY(darkPixels(image, sceneRect(recipe), 100) > 50);
    // ... and scrolls so that all of the first line with a client's cursor on it is in sight.
    const int line = simulation_->recipeLines()->firstCursorLine();
    QVERIFY(line >= 0);
    QQuickItem* cursorLine = nullptr;
    QVERIFY(QMetaObject::invokeMethod(recipe, "itemAtIndex", Q_RETURN_ARG(QQuickItem*, cursorLine),
                                      Q_ARG(int, line)));
    QVERIFY(cursorLine);
    const QRectF shown = cursorLine->mapRectToItem(
        recipe, QRectF(0, 0, cursorLine->width(), cursorLine->height()));
    QVERIFY2(shown.top() >= -1 && shown.bottom() <= recipe->height() + 1,
             qPrintable(QStringLiteral("line %1 at %2..%3 in a list %4 high")
                            .arg(line + 1)
                            .arg(shown.top())
                            .arg(shown.bottom())
                            .arg(recipe->height())));
    resizeWindow(QSize(1600, 1000));
  }

  // "Export PNG" writes the whole window: the top bar's buttons and the status line's verdict
  // are in the file, and it is the window's size.
  void theExportedPngIsTheWholeWindow() {
    QVERIFY(simulation_->session()->load(lesson("herd-naive.yaml")));
    grabAt(simulation_->playback()->origin() + 62'000);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("export.png"));
    QVERIFY(gui::WindowImage::save(window_, path));
    const QImage image(path);
    QCOMPARE(image.size(), window_->size() * window_->devicePixelRatio());
    auto* header = window_->property("header").value<QQuickItem*>();
    auto* footer = window_->property("footer").value<QQuickItem*>();
    QVERIFY(header && footer);
    QVERIFY(sceneRect(header).top() <= 0 && sceneRect(footer).bottom() >= window_->height() - 1);
    QVERIFY2(darkPixels(image, sceneRect(header), 100) > 100, "the top bar is missing");
    QVERIFY2(darkPixels(image, sceneRect(footer), 100) > 50, "the status line is missing");
  }

  void theHoldersNodeIsOutlined() {
    QVERIFY(simulation_->session()->load(lesson("herd-chained.yaml")));
    // The second grant: the queue behind it is still long, so other nodes are on show.
    sim::Micros acquired = 0;
    int grants = 0;
    std::string node, otherNode;
    const auto& trace = simulation_->timeline()->trace();
    for (const auto& event : trace.events()) {
      if (event.op == sim::LockOp::Acquired && ++grants == 2) {
        acquired = event.time;
        node = std::string(trace.text(event.path));
      }
      if (event.kind == sim::TraceKind::NodeCreated &&
          trace.text(event.path).find("lock-0000000005") != std::string_view::npos) {
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
    for (int x = other.left() + 8; x < other.right() - 8; ++x)
      otherDark += qGray(image.pixel(x, other.top())) < 60 ? 1 : 0;
    QVERIFY(otherDark < (other.width() - 16) / 2);
  }

  void aLeaseRunsDownAndAKilledInstanceIsDrawnDown() {
    QVERIFY(simulation_->session()->load(
        QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/redis/paused-holder.yaml")));
    auto pixelsOf = [&](const QImage& image, const QColor& colour) {
      const QRect box = onScreen(stage_->instanceRect(QStringLiteral("redis-1")));
      int count = 0;
      for (int y = box.top(); y < box.bottom(); ++y) {
        for (int x = box.left(); x < box.right(); ++x)
          count += near(image.pixel(x, y), colour, 10) ? 1 : 0;
      }
      return count;
    };
    // c1's lease (ttl 1 s) runs down while it is paused: a long blue bar, a shorter one, then red.
    const int early = pixelsOf(grabAt(simulation_->playback()->origin() + 100'000),
                               gui::Theme::accentColour());
    const int later = pixelsOf(grabAt(simulation_->playback()->origin() + 500'000),
                               gui::Theme::accentColour());
    const QImage lastQuarter = grabAt(simulation_->playback()->origin() + 850'000);
    QVERIFY2(early > later && later > 0, qPrintable(QStringLiteral("%1 %2").arg(early).arg(later)));
    QVERIFY(pixelsOf(lastQuarter, gui::Theme::violationColour()) > 0);
    QVERIFY(simulation_->faults()->injectInstanceFault(QStringLiteral("kill_instance"),
                                                       QStringLiteral("redis-1")));
    QVERIFY(!simulation_->faults()->instanceUp(QStringLiteral("redis-1")));
    const QImage down = grabAt(simulation_->playback()->time());
    // A dead instance is greyed, with a dashed border in the crash colour.
    QVERIFY(pixelsOf(down, QColor(0xE0, 0xE0, 0xE0)) > pixelsOf(down, QColor(Qt::white)));
    QVERIFY(simulation_->session()->undoLastFault());
  }

  // Redlock with two of five masters dead, 40 ms in: under c1's card three green votes (its SETs
  // on redis-1..3 answered OK) and two hollow ones still waiting; under c2's three refusals.
  void aRedlockAttemptIsTalliedUnderTheCard() {
    QVERIFY(simulation_->session()->load(
        QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/redis/redlock-two-down.yaml")));
    const QImage image = grabAt(simulation_->playback()->origin() + 40'000);
    auto underCard = [&](int client) {
      const QRect card = onScreen(stage_->clientRect(client));
      return QRect(card.left() - 20, card.bottom() + 1, card.width() + 40, 20);
    };
    using Vote = gui::QuorumTally::Vote;
    const int locked = countBlobs(image, underCard(0), gui::Theme::voteColour(Vote::Locked), 12);
    const int refused = countBlobs(image, underCard(1), gui::Theme::voteColour(Vote::Refused), 12);
    if (locked != 3 || refused != 3)
      image.save(QDir::temp().filePath(QStringLiteral("redlock-tally-failed.png")));
    QCOMPARE(locked, 3);
    QCOMPARE(refused, 3);
    QCOMPARE(countBlobs(image, underCard(2), gui::Theme::voteColour(Vote::Locked), 12),
             0);  // c3 has not started
  }

  // A master and its replica 500 ms behind: the arrow between them turns to the warning colour
  // while c1's SET is in transit, and is grey before anything was written.
  void theReplicationLinkShowsAChangeInTransit() {
    QVERIFY(simulation_->session()->load(
        QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/redis/failover-async-replication.yaml")));
    auto warningInGap = [&](const QImage& image) {
      const QRect master = onScreen(stage_->instanceRect(QStringLiteral("redis-1")));
      const QRect replica = onScreen(stage_->instanceRect(QStringLiteral("redis-1-r1")));
      const QRect gap(master.right() + 2, master.top(), replica.left() - master.right() - 4,
                      master.height());
      int count = 0;
      for (int y = gap.top(); y < gap.bottom(); ++y) {
        for (int x = gap.left(); x < gap.right(); ++x)
          count += near(image.pixel(x, y), gui::Theme::violationColour(), 10) ? 1 : 0;
      }
      return count;
    };
    const QImage before = grabAt(simulation_->playback()->origin());
    QVERIFY(!stage_->instanceRect(QStringLiteral("redis-1-r1")).isEmpty());
    QCOMPARE(warningInGap(before), 0);
    QVERIFY(warningInGap(grabAt(simulation_->playback()->origin() + 150'000)) > 20);
  }

  // The menus offer what the client (or server) can do at the cursor, however often the same
  // client is clicked: Restart after a crash, Resume after a pause, Heal after a partition.
  void theFaultMenusShowTheStateAtTheCursor() {
    QVERIFY(simulation_->session()->load(lesson("herd-chained.yaml")));
    simulation_->playback()->seekTime(simulation_->playback()->origin() + 40'000);
    QStringList items = menuItems("faultMenu", 2);
    QCOMPARE(items.mid(0, 4),
             (QStringList{QStringLiteral("Crash c3"), QStringLiteral("Restart c3 (disabled)"),
                          QStringLiteral("Pause c3"), QStringLiteral("Partition c3")}));
    QVERIFY(simulation_->faults()->injectFault(QStringLiteral("crash"), QStringLiteral("c3")));
    items = menuItems("faultMenu", 2);
    QCOMPARE(items.mid(0, 3),
             (QStringList{QStringLiteral("Crash c3 (disabled)"), QStringLiteral("Restart c3"),
                          QStringLiteral("Pause c3 (disabled)")}));
    QCOMPARE(menuItems("faultMenu", 1).at(2), QStringLiteral("Pause c2"));
    QVERIFY(simulation_->faults()->injectFault(QStringLiteral("pause"), QStringLiteral("c2")));
    QCOMPARE(menuItems("faultMenu", 1).at(2), QStringLiteral("Resume c2"));
    // While it is open too: a partition clicked elsewhere (the keyboard's N) shows at once.
    QCOMPARE(menuItems("faultMenu", 1, true).at(3), QStringLiteral("Partition c2"));
    QVERIFY(simulation_->faults()->injectFaultOn(QStringLiteral("partition"), 1));
    QCOMPARE(menuItems("faultMenu", 1).at(3), QStringLiteral("Heal the partition"));

    QCOMPARE(menuItems("serverMenu"),
             (QStringList{QStringLiteral("Kill the server"),
                          QStringLiteral("Restart the server (disabled)")}));
    QVERIFY(simulation_->faults()->injectServerFault(QStringLiteral("kill_server")));
    QCOMPARE(menuItems("serverMenu"), (QStringList{QStringLiteral("Kill the server (disabled)"),
                                                   QStringLiteral("Restart the server")}));
    while (simulation_->session()->undoLastFault()) {
    }
  }

  void aKilledInstanceOffersRestartInItsMenu() {
    QVERIFY(simulation_->session()->load(
        QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/redis/paused-holder.yaml")));
    simulation_->playback()->seekTime(simulation_->playback()->origin() + 100'000);
    window_->findChild<QObject*>(QStringLiteral("instanceMenu"))
        ->setProperty("instance", QStringLiteral("redis-1"));
    QCOMPARE(menuItems("instanceMenu").mid(0, 2),
             (QStringList{QStringLiteral("Kill redis-1"),
                          QStringLiteral("Restart redis-1 (disabled)")}));
    QVERIFY(simulation_->faults()->injectInstanceFault(QStringLiteral("kill_instance"),
                                                       QStringLiteral("redis-1")));
    QCOMPARE(menuItems("instanceMenu").mid(0, 2),
             (QStringList{QStringLiteral("Kill redis-1 (disabled)"),
                          QStringLiteral("Restart redis-1")}));
    QVERIFY(simulation_->session()->undoLastFault());
  }

  // Right-click on a client opens its menu as a left click does.
  void aRightClickOnAClientOpensItsMenu() {
    QVERIFY(simulation_->session()->load(lesson("herd-chained.yaml")));
    QObject* menu = window_->findChild<QObject*>(QStringLiteral("faultMenu"));
    QVERIFY(menu && !menu->property("visible").toBool());
    grabAt(simulation_->playback()->origin() + 40'000);  // the stage is laid out when drawn
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
    QVERIFY(simulation_->session()->load(lesson("herd-naive.yaml")));
    auto* secondary = window_->findChild<SimulationController*>(QStringLiteral("secondary"));
    QVERIFY(secondary);
    window_->setProperty("comparing", true);
    QCOMPARE(secondary->run()->recipe(), QStringLiteral("zk-chained"));
    QVERIFY(simulation_->session()->configure(QString(), QStringLiteral("21"), 6));
    QCOMPARE(secondary->run()->seed(), QStringLiteral("21"));
    QCOMPARE(secondary->run()->clientCount(), 6);
    QCOMPARE(secondary->run()->recipe(), QStringLiteral("zk-chained"));
    window_->setProperty("comparing", false);
    QVERIFY(simulation_->session()->configure(QString(), QStringLiteral("22"), 0));
    QCOMPARE(secondary->run()->seed(), QStringLiteral("21"));
  }

  // The event log's kind filter lists the run's kinds (from the Simulation), and choosing one
  // filters the log.
  void theKindFilterOffersTheRunsKinds() {
    QVERIFY(simulation_->session()->load(
        QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/redis/failover-async-replication.yaml")));
    QCoreApplication::processEvents();
    auto* box = window_->findChild<QObject*>(QStringLiteral("kindFilter"));
    QVERIFY(box);
    QCOMPARE(box->property("model").toStringList(), simulation_->run()->kindChoices());
    const int index = static_cast<int>(
        simulation_->run()->kindChoices().indexOf(QStringLiteral("key_changed")));
    QVERIFY(index > 0);
    box->setProperty("currentIndex", index);
    auto* filter = window_->findChild<gui::EventLogFilter*>();
    QVERIFY(filter);
    simulation_->playback()->toEnd();  // the log lists what has happened
    QCOMPARE(filter->kind(), QStringLiteral("key_changed"));
    QVERIFY(filter->rowCount() > 0);
    box->setProperty("currentIndex", 0);
    QCOMPARE(filter->kind(), QString());
  }

  // Issue 11, item 4: at crash-holder's "what happens next?" pause (c1's crash, 100 ms) the
  // window shows nothing of what comes next: the diagram, zoomed out far enough to reach c2's and
  // c3's holds two seconds on, draws nothing right of the cursor, the log lists the events up to
  // the cursor, and redis/paused-holder's status line counts no violation at t = 0. The log's
  // "whole run" box shows all of it (what is to come faded), and takes it away again.
  void aPauseShowsNothingOfWhatComesNext() {
    QVERIFY(simulation_->session()->load(lesson("crash-holder.yaml")));
    auto* diagram = qobject_cast<gui::SpaceTimeView*>(item("diagram"));
    QQuickItem* list = item("eventList");
    QQuickItem* box = item("wholeRunBox");
    QVERIFY(diagram && list && box && box->isVisible());
    const sim::Micros pause = static_cast<sim::Micros>(simulation_->playback()->origin()) + 100'000;
    const auto& holds = simulation_->timeline()->holds();
    QVERIFY(holds.size() == 3 && holds[1].start > pause);
    // The cursor sits at three quarters of the window: a window four times as long as what is
    // left after the cursor shows the rest of the run right of it.
    diagram->setSpan(
        static_cast<double>(simulation_->playback()->endTime() - static_cast<double>(pause)) * 4.2);
    // Coloured pixels (holds, messages, violations) right of the cursor, under the header.
    const auto colouredAhead = [&](const QImage& image) {
      const QRect area = sceneRect(diagram);
      int cursor = 0;  // the first column after the cursor's line
      while (cursor < diagram->width() && diagram->timeAt(cursor) <= static_cast<double>(pause))
        ++cursor;
      cursor += area.left() + 2;
      int count = 0;
      for (int y = area.top() + static_cast<int>(diagram->layout().lanesTop()); y < area.bottom();
           ++y) {
        for (int x = cursor; x < area.right(); ++x)
          count += QColor(image.pixel(x, y)).hsvSaturation() > 60 ? 1 : 0;
      }
      return count;
    };
    QImage image = grabAt(static_cast<double>(pause));
    QCOMPARE(colouredAhead(image), 0);
    QCOMPARE(list->property("count").toInt(), simulation_->playback()->eventIndex());
    QVERIFY(simulation_->playback()->eventIndex() < simulation_->playback()->eventCount());

    const QPointF centre = box->mapToScene(QPointF(box->width() / 2, box->height() / 2));
    QTest::mouseClick(window_, Qt::LeftButton, {}, centre.toPoint());
    QVERIFY(window_->property("wholeRunShown").toBool());
    QVERIFY(simulation_->wholeRunShown());
    image = grabAt(static_cast<double>(pause));
    QVERIFY(colouredAhead(image) > 100);
    QCOMPARE(list->property("count").toInt(), simulation_->playback()->eventCount());
    QTest::mouseClick(window_, Qt::LeftButton, {}, centre.toPoint());
    QVERIFY(!simulation_->wholeRunShown());
    QCOMPARE(list->property("count").toInt(), simulation_->playback()->eventIndex());
    diagram->setSpan(0);

    QVERIFY(simulation_->session()->load(
        QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/redis/paused-holder.yaml")));
    QCoreApplication::processEvents();
    QVERIFY(!simulation_->timeline()->report().verdict.violations.empty());
    auto* status = window_->findChild<QObject*>(QStringLiteral("statusText"));
    QVERIFY(status);
    QVERIFY2(!status->property("text").toString().contains(QLatin1String("violation")),
             qPrintable(status->property("text").toString()));
    simulation_->playback()->toEnd();
    QVERIFY2(status->property("text").toString().contains(QLatin1String("violation")),
             qPrintable(status->property("text").toString()));
  }

  // Issue 11, item 8a: a Redis client's card reads as Redis does ("trying SET NX", "waiting to
  // retry"), never with ZooKeeper's "creating", "listing" or "waiting"; a ZooKeeper client keeps
  // them. Every Redis lesson at 40 moments.
  void aRedisClientSpeaksRedis() {
    const QStringList zookeeperWords{QStringLiteral("creating"), QStringLiteral("listing"),
                                     QStringLiteral("waiting")};
    QSet<QString> seen;
    const QDir folder(QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/redis"));
    for (const QString& name : folder.entryList({QStringLiteral("*.yaml")}, QDir::Files)) {
      QVERIFY(simulation_->session()->load(folder.filePath(name)));
      for (int step = 0; step <= 40; ++step) {
        grabAt(simulation_->playback()->endTime() * step / 40);
        for (int client = 0; client < simulation_->run()->clientCount(); ++client) {
          const QString state = stage_->clientCaption(client).section(QLatin1Char('\n'), 1);
          QVERIFY2(!zookeeperWords.contains(state),
                   qPrintable(name + QStringLiteral(": ") + stage_->clientCaption(client)));
          seen.insert(state);
        }
      }
    }
    for (const char* words : {"trying SET NX", "waiting to retry", "holding"}) {
      QVERIFY2(seen.contains(QLatin1String(words)),
               qPrintable(QStringList(seen.begin(), seen.end()).join(QLatin1Char('|'))));
    }
    QVERIFY(simulation_->session()->load(lesson("herd-naive.yaml")));
    grabAt(simulation_->playback()->origin() + 1'000);
    bool zookeeperSpeaksZooKeeper = false;
    for (int client = 0; client < simulation_->run()->clientCount(); ++client) {
      zookeeperSpeaksZooKeeper |= zookeeperWords.contains(
          stage_->clientCaption(client).section(QLatin1Char('\n'), 1));
    }
    QVERIFY(zookeeperSpeaksZooKeeper);
  }

  // Issue 11, item 8b: a Redis lesson's recipe box lists Redis recipes only, and shows the recipe
  // that runs after a pick.
  void theRecipeBoxOffersTheLessonsService() {
    QVERIFY(simulation_->session()->load(
        QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/redis/paused-holder.yaml")));
    QCoreApplication::processEvents();
    QObject* box = window_->findChild<QObject*>(QStringLiteral("recipeBox"));
    QVERIFY(box);
    const QStringList offered = box->property("model").toStringList();
    QVERIFY(!offered.isEmpty());
    for (const QString& name : offered)
      QVERIFY2(!name.startsWith(QLatin1String("zk-")), qPrintable(offered.join(QLatin1Char(' '))));
    QCOMPARE(box->property("currentText").toString(), simulation_->run()->recipe());
    const int fenced = static_cast<int>(offered.indexOf(QStringLiteral("redis-fenced")));
    QVERIFY(fenced >= 0);
    box->setProperty("currentIndex", fenced);
    QVERIFY(QMetaObject::invokeMethod(box, "activated", Q_ARG(int, fenced)));
    QCoreApplication::processEvents();
    QCOMPARE(simulation_->run()->recipe(), QStringLiteral("redis-fenced"));
    QCOMPARE(box->property("currentText").toString(), QStringLiteral("redis-fenced"));
  }

  // Issue 11, item 8c: the diagram's lane names are whole ("reader-1", not "ader-1"), the gutter
  // as wide as they need; a name too long for a quarter of the window is elided at its end, never
  // cut at its start.
  void laneNamesAreWholeOrElidedAtTheirEnd() {
    QVERIFY(simulation_->session()->load(lesson("read-write-lock.yaml")));
    auto* diagram = qobject_cast<gui::SpaceTimeView*>(item("diagram"));
    QVERIFY(diagram);
    grabAt(simulation_->playback()->origin() + 50'000);
    QCOMPARE(diagram->laneNames(),
             (QStringList{QStringLiteral("server"), QStringLiteral("reader-1"),
                          QStringLiteral("reader-2"), QStringLiteral("writer"),
                          QStringLiteral("reader-3")}));
    QTemporaryDir dir;
    const QString path = testing::writeScenario(
        dir, "long.yaml",
        "title: long names\nrecipe: zk-chained\nclients:\n  - name: "
        "the-client-whose-name-never-ends-on-a-projector\n  - name: c2\n");
    QVERIFY(!path.isEmpty());
    QVERIFY2(simulation_->session()->load(path), qPrintable(simulation_->error()));
    resizeWindow(QSize(1024, 640));
    grabAt(simulation_->playback()->origin() + 1'000);
    const QString shown = diagram->laneNames().value(1);
    QVERIFY2(shown.startsWith(QLatin1String("the-client")) && shown.endsWith(QChar(0x2026)),
             qPrintable(shown));
    QCOMPARE(diagram->laneNames().value(2), QStringLiteral("c2"));
  }

  // Issue 11, item 8d: the narration panel keeps one height through a lesson - its steps differ
  // in length and the "what happens next?" question comes and goes - so the recipe under it does
  // not jump. crash-holder: a one-line step, a four-line step with a pause, a three-line step.
  void theNarrationDoesNotMoveThePanelsUnderIt() {
    QVERIFY(simulation_->session()->load(lesson("crash-holder.yaml")));
    QQuickItem* panel = item("narrationPanel");
    QQuickItem* recipe = item("recipeLines");
    QVERIFY(panel && recipe);
    QStringList seen;
    QSet<int> heights, recipeTops;
    const auto look = [&] {
      window_->grabWindow();  // as drawn: the layouts are polished before a frame
      heights.insert(qRound(panel->height()));
      recipeTops.insert(sceneRect(recipe).top());
      seen << QString::number(qRound(panel->height())) + QLatin1Char(' ') +
                  simulation_->playback()->narration().left(20) +
                  (simulation_->playback()->waitingAtNarration() ? QStringLiteral(" ?")
                                                                 : QString());
    };
    look();  // "Press Space to play."
    for (const auto& moment : simulation_->timeline()->report().narration) {
      simulation_->playback()->seekTime(static_cast<double>(moment.time));
      look();
    }
    // At the pause, as playback stops there.
    simulation_->playback()->restart();
    simulation_->playback()->setSpeed(100.0);
    simulation_->playback()->play();
    QTRY_VERIFY_WITH_TIMEOUT(simulation_->playback()->waitingAtNarration(), 10'000);
    look();
    QCOMPARE(seen.size(), 5);
    QVERIFY2(heights.size() == 1 && recipeTops.size() == 1,
             qPrintable(QStringLiteral("%1 heights, %2 recipe tops over: %3")
                            .arg(heights.size())
                            .arg(recipeTops.size())
                            .arg(seen.join(QStringLiteral(" | ")))));
    simulation_->playback()->setSpeed(0.02);
  }

  // Issue 16: predict, then reveal, as the class sees it. At a desk the answers are under the
  // step in the narration panel; in presentation type at a projector's 1280x720 they take the
  // lower row (the diagram steps aside). Nothing is marked before the reveal; after it the right
  // answer has the correct colour's border and tick, and the class's wrong pick the violation's.
  void aQuestionShowsItsAnswersThenTheReveal_data() {
    QTest::addColumn<bool>("presentation");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<QString>("container");
    QTest::newRow("desk") << false << QSize(1600, 1000) << QStringLiteral("narrationPanel");
    QTest::newRow("projector") << true << QSize(1280, 720) << QStringLiteral("answersBelow");
  }

  void aQuestionShowsItsAnswersThenTheReveal() {
    QFETCH(bool, presentation);
    QFETCH(QSize, size);
    QFETCH(QString, container);
    window_->setProperty("presentation", presentation);
    resizeWindow(size);
    QVERIFY(simulation_->session()->load(lesson("crash-holder.yaml")));
    gui::PlaybackController& playback = *simulation_->playback();
    playback.setSpeed(100.0);
    playback.play();
    QTRY_VERIFY_WITH_TIMEOUT(playback.waitingAtNarration(), 10'000);
    window_->grabWindow();  // polish the layouts
    QQuickItem* holder = window_->findChild<QQuickItem*>(container);
    QQuickItem* wrong = testing::findVisualItem(holder, QStringLiteral("answer1"));
    QQuickItem* right = testing::findVisualItem(holder, QStringLiteral("answer2"));
    QVERIFY(holder && wrong && right);
    const QRect window(QPoint(0, 0), size);
    for (QQuickItem* answer : {wrong, right}) {
      QVERIFY(answer->isVisible());
      QVERIFY2(sceneRect(holder).contains(sceneRect(answer)) && window.contains(sceneRect(answer)),
               qPrintable(QStringLiteral("%1 at %2,%3 %4x%5")
                              .arg(answer->objectName())
                              .arg(sceneRect(answer).x())
                              .arg(sceneRect(answer).y())
                              .arg(sceneRect(answer).width())
                              .arg(sceneRect(answer).height())));
    }
    if (presentation) QVERIFY(!item("diagram")->isVisible());  // the lower row is the answers'
    const auto border = [&](const QImage& image, QQuickItem* answer, const QColor& colour) {
      const QRect box = sceneRect(answer);
      int count = 0;
      for (int x = box.left(); x <= box.right(); ++x) {
        count += near(image.pixel(x, box.top()), colour, 40) ? 1 : 0;
        count += near(image.pixel(x, box.top() + 1), colour, 40) ? 1 : 0;
      }
      return count;
    };
    const QColor correct = gui::Theme::correctColour(), violation = gui::Theme::violationColour();
    playback.chooseAnswer(0);
    const QImage asked = window_->grabWindow();
    QCOMPARE(border(asked, right, correct), 0);  // nothing of the answer before the reveal
    QCOMPARE(border(asked, wrong, violation), 0);
    playback.play();  // the reveal
    playback.pause();
    const QImage revealed = window_->grabWindow();
    QVERIFY2(border(revealed, right, correct) > sceneRect(right).width(),
             qPrintable(QString::number(border(revealed, right, correct))));
    QVERIFY2(border(revealed, wrong, violation) > sceneRect(wrong).width(),
             qPrintable(QString::number(border(revealed, wrong, violation))));
    playback.setSpeed(0.02);
  }

  // Issue 11, item 8f: 100 clients' lock nodes do not fit the server box; they are not drawn in
  // 8 px type but in legible rows (11 px type or more, 18 px in presentation mode at 1280x720),
  // as many as fit, and one row says how many more there are.
  void aHundredClientsNodesStayLegible_data() {
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("presentation");
    QTest::addColumn<int>("least");
    QTest::newRow("1600x1000") << QSize(1600, 1000) << false << 11;
    QTest::newRow("1280x720 presentation") << QSize(1280, 720) << true << 18;
  }
  void aHundredClientsNodesStayLegible() {
    QFETCH(QSize, size);
    QFETCH(bool, presentation);
    QFETCH(int, least);
    QVERIFY(simulation_->session()->load(lesson("herd-naive.yaml")));
    QVERIFY(simulation_->session()->configure(QString(), QString(), 100));
    window_->setProperty("presentation", presentation);
    resizeWindow(size);
    // When the most nodes are queued under /lock.
    int nodes = 0, most = 0;
    sim::Micros crowded = 0;
    for (const auto& event : simulation_->timeline()->trace().events()) {
      nodes += event.kind == sim::TraceKind::NodeCreated   ? 1
               : event.kind == sim::TraceKind::NodeDeleted ? -1
                                                           : 0;
      if (nodes > most) {
        most = nodes;
        crowded = event.time;
      }
    }
    grabAt(static_cast<double>(crowded));
    QVERIFY2(simulation_->stage().znodes().size() >= 60,
             qPrintable(QString::number(simulation_->stage().znodes().size())));
    const int pixels = stage_->smallestZnodeTextPixels();
    QVERIFY2(pixels >= least, qPrintable(QString::number(pixels)));
    QVERIFY2(
        stage_->znodeSummary().contains(QRegularExpression(QStringLiteral("and \\d+ more nodes"))),
        qPrintable(stage_->znodeSummary()));
    // The first rows are there: the lock's parent first.
    QVERIFY(!stage_->znodeRect(QStringLiteral("/lock")).isEmpty());
    QVERIFY2(stage_->clippedTexts().isEmpty(),
             qPrintable(stage_->clippedTexts().join(QLatin1Char('|'))));
  }

  // The database stage at a projector's 1280x720 (plain and presentation) and at 1600x1000, five
  // clients at db-fenced's deadlock on MariaDB: no card, table or panel over another, no name
  // cut, the victim's card says its transaction was aborted, and the cycle is drawn in the
  // alarm colour inside the wait-for graph.
  void theDatabaseStageKeepsItsPartsApart_data() {
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("presentation");
    QTest::newRow("1280x720") << QSize(1280, 720) << false;
    QTest::newRow("1280x720 presentation") << QSize(1280, 720) << true;
    QTest::newRow("1600x1000") << QSize(1600, 1000) << false;
  }
  void theDatabaseStageKeepsItsPartsApart() {
    QFETCH(QSize, size);
    QFETCH(bool, presentation);
    QTemporaryDir dir;
    const QString file = testing::writeFencedDeadlock(dir);
    QVERIFY2(simulation_->session()->load(file), qPrintable(simulation_->error()));
    window_->setProperty("presentation", presentation);
    resizeWindow(size);
    sim::Micros victimAt = -1;
    const auto& trace = simulation_->timeline()->trace();
    for (const auto& event : trace.events()) {
      if (event.op == sim::RowLockOp::Victim) {
        victimAt = event.time;
        break;
      }
    }
    QVERIFY(victimAt >= 0);
    const QImage image = grabAt(static_cast<double>(victimAt));
    const auto& database = simulation_->stage().database();
    const int victim = database.lastDeadlock().victim;
    QVERIFY(victim >= 0);

    QVERIFY2(stage_->clippedTexts().isEmpty(),
             qPrintable(stage_->clippedTexts().join(QLatin1Char('|'))));
    const QRectF whole(0, 0, stage_->width(), stage_->height());
    const QRectF server = stage_->serverRect();
    QVERIFY(whole.contains(server));
    QList<QRectF> parts;
    for (int client = 0; client < 5; ++client) {
      const QRectF card = stage_->clientRect(client);
      QVERIFY(!card.isEmpty() && whole.contains(card));
      QVERIFY2(!card.intersects(server), qPrintable(QString::number(client)));
      QVERIFY(!card.intersects(stage_->legendRect()));
      parts << card;
    }
    QList<QRectF> panels{stage_->waitForRect()};
    for (const char* table : {"locks", "inventory", "fence_tokens"})
      panels << stage_->tableRect(QLatin1String(table));
    for (const QRectF& panel : panels) {
      QVERIFY(!panel.isEmpty() && server.contains(panel));
      QVERIFY(!panel.intersects(stage_->legendRect()));
    }
    parts << panels;
    for (qsizetype a = 0; a < parts.size(); ++a) {
      for (qsizetype b = a + 1; b < parts.size(); ++b)
        QVERIFY2(!parts[a].intersects(parts[b]),
                 qPrintable(QStringLiteral("%1 and %2").arg(a).arg(b)));
    }
    QVERIFY2(stage_->clientCaption(victim).contains(QLatin1String("aborted: deadlock")),
             qPrintable(stage_->clientCaption(victim)));
    // The cycle in the alarm colour (and the victim's cross): vermilion pixels in the graph.
    const QRect graph = onScreen(stage_->waitForRect()).intersected(image.rect());
    const QColor alarm = gui::Theme::violationColour();
    int alarmPixels = 0;
    for (int y = graph.top(); y <= graph.bottom(); ++y) {
      for (int x = graph.left(); x <= graph.right(); ++x) {
        const QColor pixel(image.pixel(x, y));
        alarmPixels += std::abs(pixel.red() - alarm.red()) +
                           std::abs(pixel.green() - alarm.green()) +
                           std::abs(pixel.blue() - alarm.blue()) <
                       40;
      }
    }
    QVERIFY2(alarmPixels > 200, qPrintable(QString::number(alarmPixels)));
  }

  // Scrubbing by keyboard, and the help overlay lists every shortcut from the same list.
  void theKeyboardScrubsAndTheHelpListsIt() {
    QVERIFY(simulation_->session()->load(lesson("herd-naive.yaml")));
    window_->requestActivate();
    QVERIFY(QTest::qWaitForWindowActive(window_));
    QTest::keyClick(window_, Qt::Key_End);
    QCOMPARE(simulation_->playback()->time(), simulation_->playback()->endTime());
    QTest::keyClick(window_, Qt::Key_Home);
    QCOMPARE(simulation_->playback()->time(), 0.0);
    const double step = std::floor(
        (simulation_->playback()->endTime() - simulation_->playback()->origin()) / 100);
    QTest::keyClick(window_, Qt::Key_Right, Qt::ShiftModifier);
    QCOMPARE(simulation_->playback()->time(), step);
    QTest::keyClick(window_, Qt::Key_PageDown);
    QCOMPARE(simulation_->playback()->time(), 11 * step);
    QTest::keyClick(window_, Qt::Key_PageUp);
    QTest::keyClick(window_, Qt::Key_Left, Qt::ShiftModifier);
    QCOMPARE(simulation_->playback()->time(), 0.0);
    const int atStart = simulation_->playback()->eventIndex();
    QTest::keyClick(window_, Qt::Key_Right);
    QCOMPARE(simulation_->playback()->eventIndex(), atStart + 1);
    // W: the whole run, and back (issue 11, item 4).
    QVERIFY(!simulation_->wholeRunShown());
    QTest::keyClick(window_, Qt::Key_W);
    QVERIFY(simulation_->wholeRunShown());
    QCOMPARE(simulation_->events()->rowCount(), simulation_->playback()->eventCount());
    QTest::keyClick(window_, Qt::Key_W);
    QVERIFY(!simulation_->wholeRunShown());

    auto* help = window_->findChild<QObject*>(QStringLiteral("help"));
    QVERIFY(help);
    QStringList shown;
    for (const QVariant& row : help->property("rows").toList())
      shown << row.toList().value(0).toString();
    for (const char* keys :
         {"Space", "Home / End", "Shift+→ / Shift+←", "PgDn / PgUp", "C", "W", "F1 or ?"}) {
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
    QVERIFY(simulation_->session()->load(lesson("herd-naive.yaml")));
    QTemporaryDir dir;
    const QString path = testing::writeScenario(dir, "bad.yaml",
                                                "title: bad\nrecipe: zk-nonexistent\nclients: 2\n");
    QVERIFY(!path.isEmpty());
    QVERIFY(!simulation_->session()->load(path));
    QCoreApplication::processEvents();
    auto* status = window_->findChild<QObject*>(QStringLiteral("statusText"));
    QVERIFY(status);
    const QString shown = status->property("text").toString();
    QVERIFY2(shown.startsWith(path + QStringLiteral(":2:")), qPrintable(shown));
    QCOMPARE(simulation_->run()->recipe(), QStringLiteral("zk-naive"));  // the previous run stays
  }
};

QTEST_MAIN(GuiScreensTest)
#include "tst_gui_screens.moc"
