// Goal: the resource the lock protects is on stage, and the fencing lesson shows its point there.
// A write flies from its client into the counter's card and changes it when it lands; on a
// fenced counter a stale write bounces off in the violation colour and the card says "token 5
// < 7, rejected"; unfenced, the same write lands and the card says which update it overwrote.
// Nothing of a write shows before it is made. While two clients hold an exclusive lock at once
// a "Two holders!" banner is up, and only then. At a projector's 1280x720 in presentation mode
// the card finds room without covering a client or the lock's node.
//
// Method: Main.qml loaded as the app loads it, rendered offscreen by the software renderer; the
// path between c1's card and the counter's is searched for the colours of a flying write, the
// moments come from the run's own resource history.
#include <QtQml/qqmlextensionplugin.h>
#include <QQmlApplicationEngine>
#include <QQuickItem>
#include <QQuickWindow>
#include <QTest>

#include "simulation_controller.h"
#include "stage_view.h"
#include "support/gui_window.h"
#include "support/pixels.h"
#include "theme.h"

Q_IMPORT_QML_PLUGIN(LockscopePlugin)

using namespace lockscope;
using gui::SimulationController;
using testing::near;

class GuiResourceTest : public QObject {
  Q_OBJECT

 private:
  QQmlApplicationEngine* engine_ = nullptr;
  QQuickWindow* window_ = nullptr;
  SimulationController* simulation_ = nullptr;
  gui::StageView* stage_ = nullptr;

  QImage grabAt(sim::Micros time) {
    simulation_->playback()->seekTime(static_cast<double>(time));
    QCoreApplication::processEvents();
    return window_->grabWindow();
  }
  QRect onScreen(const QRectF& itemRect) const { return stage_->mapRectToScene(itemRect).toRect(); }
  void load(const char* lesson) {
    QVERIFY(simulation_->session()->load(QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/") +
                                         QLatin1String(lesson)));
    grabAt(simulation_->playback()->origin());  // laid out when drawn
  }
  // The one access of `client` with `op` (the run's resource history).
  const gui::ResourceAccess* accessOf(int client, sim::ResourceOp op) const {
    const gui::ResourceAccess* found = nullptr;
    for (const auto& access : simulation_->timeline()->resources().all()) {
      if (access.client == client && access.op == op) found = &access;
    }
    return found;
  }
  // Pixels near `colour` on the way from client `client`'s card to the counter's card, outside
  // both cards: a write in flight.
  int onThePath(const QImage& image, int client, const QColor& colour) const {
    const QRect card = onScreen(stage_->clientRect(client));
    const QRect resource = onScreen(stage_->resourceRect());
    const QRect path = card.united(resource).intersected(image.rect());
    int count = 0;
    for (int y = path.top(); y <= path.bottom(); ++y) {
      for (int x = path.left(); x <= path.right(); ++x) {
        if (card.contains(x, y) || resource.contains(x, y)) continue;
        count += near(image.pixel(x, y), colour, 12) ? 1 : 0;
      }
    }
    return count;
  }
 private slots:
  void initTestCase() {
    engine_ = new QQmlApplicationEngine(this);
    window_ = testing::loadMainWindow(*engine_, false, 1600, 1000);
    QVERIFY(window_);
    simulation_ = window_->property("simulation").value<SimulationController*>();
    QVERIFY(simulation_);
    stage_ = window_->findChild<gui::StageView*>(QStringLiteral("stage"));
    QVERIFY(stage_);
  }
  void cleanup() {
    window_->setProperty("presentation", false);
    window_->resize(1600, 1000);
    QCoreApplication::processEvents();
  }

  // c1, paused past its lease, writes with token 5 after c2 wrote with token 7.
  void theStaleWriteBouncesOffAFencedCounter() {
    load("zookeeper/paused-holder-fenced.yaml");
    const gui::ResourceAccess* stale = accessOf(0, sim::ResourceOp::Rejected);
    QVERIFY(stale);
    QCOMPARE(stale->token, 5);
    QCOMPARE(stale->highestToken, 7);
    const QColor in = gui::Theme::accentColour(), bounced = gui::Theme::violationColour();
    // On its way in: the write's colour, nothing of the bounce yet.
    QImage image = grabAt(stale->time + gui::kResourceFlight / 4);
    QVERIFY2(onThePath(image, 0, in) > 40, qPrintable(QString::number(onThePath(image, 0, in))));
    QCOMPARE(onThePath(image, 0, bounced), 0);
    // Bounced off the card, on its way back in the violation colour (c1's requests to the
    // server, in the write's colour, may cross the path: the bounce is told by its own colour).
    image = grabAt(stale->time + gui::kResourceFlight * 3 / 4);
    QVERIFY2(onThePath(image, 0, bounced) > 40,
             qPrintable(QString::number(onThePath(image, 0, bounced))));
    // Bounced: the card says why, its border in the violation colour, the value c2's.
    image = grabAt(stale->reachesCard());
    const QStringList text = stage_->resourceText();
    QVERIFY2(text.contains(QStringLiteral("c1: token 5 < 7, rejected")),
             qPrintable(text.join('|')));
    QVERIFY(text.contains(QStringLiteral("fenced · highest token 7")));
    QVERIFY(text.contains(QStringLiteral("1")));
    QVERIFY(testing::pixelsNear(image, onScreen(stage_->resourceRect()), bounced, 12) > 100);
  }

  // The same moment without the fence: the write lands and overwrites c2's update.
  void theUnfencedCounterLosesAnUpdate() {
    load("zookeeper/paused-holder.yaml");
    const gui::ResourceAccess* late = accessOf(0, sim::ResourceOp::Write);
    QVERIFY(late);
    QVERIFY(late->lostUpdate);
    QVERIFY(!accessOf(0, sim::ResourceOp::Rejected));
    QImage image = grabAt(late->time + gui::kResourceFlight * 3 / 4);
    QVERIFY(onThePath(image, 0, gui::Theme::accentColour()) > 40);
    QCOMPARE(onThePath(image, 0, gui::Theme::violationColour()), 0);
    image = grabAt(late->reachesCard());
    const QStringList text = stage_->resourceText();
    QVERIFY2(text.contains(QStringLiteral("c1 wrote 1 over c2's 1: update lost")),
             qPrintable(text.join('|')));
    QVERIFY(!text.contains(QStringLiteral("fenced")));
    QVERIFY(testing::pixelsNear(image, onScreen(stage_->resourceRect()),
                                gui::Theme::violationColour(), 12) > 100);
  }

  // A pause just before a write shows nothing of it: not in the air, not on the card.
  void nothingOfAWriteShowsBeforeItIsMade() {
    load("zookeeper/paused-holder.yaml");
    const gui::ResourceAccess* late = accessOf(0, sim::ResourceOp::Write);
    QVERIFY(late);
    const QImage image = grabAt(late->time - 1);
    QCOMPARE(onThePath(image, 0, gui::Theme::accentColour()), 0);
    const QStringList text = stage_->resourceText();
    QVERIFY2(text.contains(QStringLiteral("c2 wrote 1")), qPrintable(text.join('|')));
    for (const QString& line : text) QVERIFY2(!line.startsWith("c1 wrote"), qPrintable(line));
  }

  // c2 takes the lock while c1, paused, still believes it holds it: the banner is up for exactly
  // the checkers' mutual-exclusion interval.
  void twoHoldersRaiseABannerWhileTheyHold() {
    load("zookeeper/paused-holder.yaml");
    const checkers::Violation* overlap = nullptr;
    for (const auto& violation : simulation_->timeline()->report().verdict.violations) {
      if (violation.kind == "mutual_exclusion") overlap = &violation;
    }
    QVERIFY(overlap);
    grabAt(overlap->time - 1);
    QCOMPARE(stage_->twoHoldersBanner(), QString());
    const QImage image = grabAt((overlap->time + overlap->until) / 2);
    QCOMPARE(stage_->twoHoldersBanner(), QStringLiteral("Two holders! c1 and c2"));
    QVERIFY(testing::pixelsNear(image, onScreen(stage_->serverRect()),
                                gui::Theme::violationColour(), 12) > 500);
    grabAt(overlap->until + 1);
    QCOMPARE(stage_->twoHoldersBanner(), QString());
  }

  // What a lesson reads on a node is written on its row: the data the revoker wrote into the
  // holder's node, and in a fencing lesson each node's czxid, the token its holder presents.
  void theNodesShowWhatTheLessonReads() {
    load("zookeeper/revocation.yaml");
    const auto& trace = simulation_->timeline()->trace();
    const gui::StoredEvent* changed = nullptr;
    for (const auto& event : trace.events()) {
      if (event.kind == sim::TraceKind::NodeChanged) changed = &event;
    }
    QVERIFY(changed);
    const QString path = QString::fromStdString(std::string(trace.text(changed->path)));
    grabAt(changed->time - 1);
    QVERIFY2(!stage_->znodeText(path).contains(QLatin1String("revoke")),
             qPrintable(stage_->znodeText(path)));
    grabAt(changed->time);
    QVERIFY2(stage_->znodeText(path).contains(QLatin1String("= \"revoke\"")),
             qPrintable(stage_->znodeText(path)));

    load("zookeeper/paused-holder-fenced.yaml");
    const gui::ResourceAccess* first = accessOf(0, sim::ResourceOp::Read);
    QVERIFY(first);
    grabAt(first->time);
    bool shown = false;
    for (const auto& [nodePath, node] : simulation_->stage().znodes()) {
      if (node.czxid != first->token) continue;
      const QString text = stage_->znodeText(QString::fromStdString(nodePath));
      QVERIFY2(text.contains(QStringLiteral("czxid %1").arg(first->token)), qPrintable(text));
      shown = true;
    }
    QVERIFY(shown);
  }

  // A projector: presentation mode at 1280x720 puts the clients in columns beside a tall server
  // box; the card takes the box's foot and leaves the lock's node and every card alone. (A herd
  // of ten keeps the whole box for its nodes: there the card gives way.)
  void theCardFindsRoomAtAProjector() {
    window_->setProperty("presentation", true);
    window_->resize(1280, 720);
    QCoreApplication::processEvents();
    for (const char* lesson : {"zookeeper/paused-holder-fenced.yaml",
                               "zookeeper/paused-holder.yaml", "redis/paused-holder-fenced.yaml",
                               "database/why-a-lock.yaml", "database/lease-fenced.yaml"}) {
      load(lesson);
      grabAt(simulation_->playback()->endTime());
      const QRectF card = stage_->resourceRect();
      QVERIFY2(!card.isEmpty(), lesson);
      QVERIFY2(QRectF(0, 0, stage_->width(), stage_->height()).contains(card), lesson);
      for (int client = 0; client < static_cast<int>(simulation_->timeline()->cast().size());
           ++client) {
        QVERIFY2(!card.intersects(stage_->clientRect(client)), lesson);
      }
      QVERIFY2(!card.intersects(stage_->znodeRect(QStringLiteral("/lock"))), lesson);
      QVERIFY2(stage_->clippedTexts().isEmpty(), qPrintable(stage_->clippedTexts().join('|')));
    }
  }
};

QTEST_MAIN(GuiResourceTest)
#include "tst_gui_resource.moc"
