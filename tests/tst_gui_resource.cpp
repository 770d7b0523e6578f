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
#include "support/pixels.h"
#include "support/stage_window.h"
#include "theme.h"

Q_IMPORT_QML_PLUGIN(LockscopePlugin)

using namespace lockscope;
using gui::SimulationController;
using testing::near;

class GuiResourceTest : public QObject {
  Q_OBJECT

 private:
  testing::StageWindow ui_;
  void load(const char* lesson) {
    QVERIFY(ui_.simulation->session()->load(QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/") +
                                            QLatin1String(lesson)));
    ui_.grabAt(ui_.simulation->playback()->origin());  // laid out when drawn
  }
  // The one access of `client` with `op` (the run's resource history).
  const gui::ResourceAccess* accessOf(int client, sim::ResourceOp op) const {
    const gui::ResourceAccess* found = nullptr;
    for (const auto& access : ui_.simulation->timeline()->resources().all()) {
      if (access.client == client && access.op == op) found = &access;
    }
    return found;
  }
  // Pixels near `colour` on the way from client `client`'s card to the counter's card, outside
  // both cards: a write in flight.
  int onThePath(const QImage& image, int client, const QColor& colour) const {
    const QRect card = ui_.onScreen(ui_.stage->clientRect(client));
    const QRect resource = ui_.onScreen(ui_.stage->resourceRect());
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
  void initTestCase() { QVERIFY(ui_.open(this)); }
  void cleanup() { ui_.reset(); }

  // c1, paused past its lease, writes with token 5 after c2 wrote with token 7.
  void theStaleWriteBouncesOffAFencedCounter() {
    load("zookeeper/paused-holder-fenced.yaml");
    const gui::ResourceAccess* stale = accessOf(0, sim::ResourceOp::Rejected);
    QVERIFY(stale);
    QCOMPARE(stale->token, 5);
    QCOMPARE(stale->highestToken, 7);
    const QColor in = gui::Theme::accentColour(), bounced = gui::Theme::violationColour();
    // On its way in: the write's colour, nothing of the bounce yet.
    QImage image = ui_.grabAt(stale->time + gui::kResourceFlight / 4);
    QVERIFY2(onThePath(image, 0, in) > 40, qPrintable(QString::number(onThePath(image, 0, in))));
    QCOMPARE(onThePath(image, 0, bounced), 0);
    // Bounced off the card, on its way back in the violation colour (c1's requests to the
    // server, in the write's colour, may cross the path: the bounce is told by its own colour).
    image = ui_.grabAt(stale->time + gui::kResourceFlight * 3 / 4);
    QVERIFY2(onThePath(image, 0, bounced) > 40,
             qPrintable(QString::number(onThePath(image, 0, bounced))));
    // Bounced: the card says why, its border in the violation colour, the value c2's.
    image = ui_.grabAt(stale->reachesCard());
    const QStringList text = ui_.stage->resourceText();
    QVERIFY2(text.contains(QStringLiteral("c1: token 5 < 7, rejected")),
             qPrintable(text.join('|')));
    QVERIFY(text.contains(QStringLiteral("fenced · highest token 7")));
    QVERIFY(text.contains(QStringLiteral("1")));
    QVERIFY(testing::pixelsNear(image, ui_.onScreen(ui_.stage->resourceRect()), bounced, 12) > 100);
  }

  // The same moment without the fence: the write lands and overwrites c2's update.
  void theUnfencedCounterLosesAnUpdate() {
    load("zookeeper/paused-holder.yaml");
    const gui::ResourceAccess* late = accessOf(0, sim::ResourceOp::Write);
    QVERIFY(late);
    QVERIFY(late->lostUpdate);
    QVERIFY(!accessOf(0, sim::ResourceOp::Rejected));
    QImage image = ui_.grabAt(late->time + gui::kResourceFlight * 3 / 4);
    QVERIFY(onThePath(image, 0, gui::Theme::accentColour()) > 40);
    QCOMPARE(onThePath(image, 0, gui::Theme::violationColour()), 0);
    image = ui_.grabAt(late->reachesCard());
    const QStringList text = ui_.stage->resourceText();
    QVERIFY2(text.contains(QStringLiteral("c1 wrote 1 over c2's 1: update lost")),
             qPrintable(text.join('|')));
    QVERIFY(!text.contains(QStringLiteral("fenced")));
    QVERIFY(testing::pixelsNear(image, ui_.onScreen(ui_.stage->resourceRect()),
                                gui::Theme::violationColour(), 12) > 100);
  }

  // A pause just before a write shows nothing of it: not in the air, not on the card.
  void nothingOfAWriteShowsBeforeItIsMade() {
    load("zookeeper/paused-holder.yaml");
    const gui::ResourceAccess* late = accessOf(0, sim::ResourceOp::Write);
    QVERIFY(late);
    const QImage image = ui_.grabAt(late->time - 1);
    QCOMPARE(onThePath(image, 0, gui::Theme::accentColour()), 0);
    const QStringList text = ui_.stage->resourceText();
    QVERIFY2(text.contains(QStringLiteral("c2 wrote 1")), qPrintable(text.join('|')));
    for (const QString& line : text) QVERIFY2(!line.startsWith("c1 wrote"), qPrintable(line));
  }

  // c2 takes the lock while c1, paused, still believes it holds it: the banner is up for exactly
  // the checkers' mutual-exclusion interval.
  void twoHoldersRaiseABannerWhileTheyHold() {
    load("zookeeper/paused-holder.yaml");
    const checkers::Violation* overlap = nullptr;
    for (const auto& violation : ui_.simulation->timeline()->report().verdict.violations) {
      if (violation.kind == "mutual_exclusion") overlap = &violation;
    }
    QVERIFY(overlap);
    ui_.grabAt(overlap->time - 1);
    QCOMPARE(ui_.stage->twoHoldersBanner(), QString());
    const QImage image = ui_.grabAt((overlap->time + overlap->until) / 2);
    QCOMPARE(ui_.stage->twoHoldersBanner(), QStringLiteral("Two holders! c1 and c2"));
    QVERIFY(testing::pixelsNear(image, ui_.onScreen(ui_.stage->serverRect()),
                                gui::Theme::violationColour(), 12) > 500);
    ui_.grabAt(overlap->until + 1);
    QCOMPARE(ui_.stage->twoHoldersBanner(), QString());
  }

  // What a lesson reads on a node is written on its row: the data the revoker wrote into the
  // holder's node, and in a fencing lesson each node's czxid, the token its holder presents.
  void theNodesShowWhatTheLessonReads() {
    load("zookeeper/revocation.yaml");
    const auto& trace = ui_.simulation->timeline()->trace();
    const gui::StoredEvent* changed = nullptr;
    for (const auto& event : trace.events()) {
      if (event.kind == sim::TraceKind::NodeChanged) changed = &event;
    }
    QVERIFY(changed);
    const QString path = QString::fromStdString(std::string(trace.text(changed->path)));
    ui_.grabAt(changed->time - 1);
    QVERIFY2(!ui_.stage->znodeText(path).contains(QLatin1String("revoke")),
             qPrintable(ui_.stage->znodeText(path)));
    ui_.grabAt(changed->time);
    QVERIFY2(ui_.stage->znodeText(path).contains(QLatin1String("= \"revoke\"")),
             qPrintable(ui_.stage->znodeText(path)));

    load("zookeeper/paused-holder-fenced.yaml");
    const gui::ResourceAccess* first = accessOf(0, sim::ResourceOp::Read);
    QVERIFY(first);
    ui_.grabAt(first->time);
    bool shown = false;
    for (const auto& [nodePath, node] : ui_.simulation->stage().znodes()) {
      if (node.czxid != first->token) continue;
      const QString text = ui_.stage->znodeText(QString::fromStdString(nodePath));
      QVERIFY2(text.contains(QStringLiteral("czxid %1").arg(first->token)), qPrintable(text));
      shown = true;
    }
    QVERIFY(shown);
  }

  // A projector: presentation mode at 1280x720 puts the clients in columns beside a tall server
  // box; the card takes the box's foot and leaves the lock's node and every card alone. (A herd
  // of ten keeps the whole box for its nodes: there the card gives way.)
  void theCardFindsRoomAtAProjector() {
    ui_.window->setProperty("presentation", true);
    ui_.window->resize(1280, 720);
    QCoreApplication::processEvents();
    for (const char* lesson : {"zookeeper/paused-holder-fenced.yaml",
                               "zookeeper/paused-holder.yaml", "redis/paused-holder-fenced.yaml",
                               "database/why-a-lock.yaml", "database/lease-fenced.yaml"}) {
      load(lesson);
      ui_.grabAt(ui_.simulation->playback()->endTime());
      const QRectF card = ui_.stage->resourceRect();
      QVERIFY2(!card.isEmpty(), lesson);
      QVERIFY2(QRectF(0, 0, ui_.stage->width(), ui_.stage->height()).contains(card), lesson);
      for (int client = 0; client < static_cast<int>(ui_.simulation->timeline()->cast().size());
           ++client) {
        QVERIFY2(!card.intersects(ui_.stage->clientRect(client)), lesson);
      }
      QVERIFY2(!card.intersects(ui_.stage->znodeRect(QStringLiteral("/lock"))), lesson);
      QVERIFY2(ui_.stage->clippedTexts().isEmpty(),
               qPrintable(ui_.stage->clippedTexts().join('|')));
    }
  }
};

QTEST_MAIN(GuiResourceTest)
#include "tst_gui_resource.moc"
