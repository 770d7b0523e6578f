pragma ComponentBehavior: Bound
// Every keyboard shortcut and mouse gesture, in one list: the Shortcut objects are made from it
// and the help overlay shows it. Playback and scrubbing, faults on the selected client, and the
// window's modes.
import QtQuick
import Lockscope

Item {
    id: keys
    required property Simulation simulation

    signal helpRequested()
    signal lessonsRequested()
    signal openRequested()
    signal recordRequested()
    signal exportRequested()
    signal breakRequested()
    signal presentationToggled()
    signal compareToggled()
    signal selectNext(int step)
    signal fault(string kind)
    signal serverToggled()
    signal lowerTabToggled()
    signal sideTabToggled()
    signal alignToggled()
    signal wholeRunToggled()
    signal consoleToggled()

    // Each: the keys as shown, what they do, and the key sequences with their actions (none for
    // a mouse gesture).
    readonly property var bindings: [
        { shown: "Space", what: qsTr("play / pause"), actions: [{ sequences: ["Space"], run: () => keys.simulation.playback.togglePlaying() }] },
        { shown: "1 … 4", what: qsTr("answer the question the narration asks"), actions: [{ sequences: ["1"], run: () => keys.simulation.playback.chooseAnswer(0) }, { sequences: ["2"], run: () => keys.simulation.playback.chooseAnswer(1) }, { sequences: ["3"], run: () => keys.simulation.playback.chooseAnswer(2) }, { sequences: ["4"], run: () => keys.simulation.playback.chooseAnswer(3) }] },
        { shown: "→ / ←", what: qsTr("step one event forward / back"), actions: [{ sequences: ["Right"], run: () => keys.simulation.playback.stepForward() }, { sequences: ["Left"], run: () => keys.simulation.playback.stepBack() }] },
        { shown: "Shift+→ / Shift+←", what: qsTr("scrub 1% of the run forward / back"), actions: [{ sequences: ["Shift+Right"], run: () => keys.simulation.playback.scrub(1) }, { sequences: ["Shift+Left"], run: () => keys.simulation.playback.scrub(-1) }] },
        { shown: "PgDn / PgUp", what: qsTr("scrub 10% of the run forward / back"), actions: [{ sequences: ["PgDown"], run: () => keys.simulation.playback.scrub(10) }, { sequences: ["PgUp"], run: () => keys.simulation.playback.scrub(-10) }] },
        { shown: "Home / End", what: qsTr("to the start / the end of the run"), actions: [{ sequences: ["Home"], run: () => keys.simulation.playback.restart() }, { sequences: ["End"], run: () => keys.simulation.playback.toEnd() }] },
        { shown: "Z", what: qsTr("time lens on / off: skip quiet stretches, slow down around what matters"), actions: [{ sequences: ["Z"], run: () => keys.simulation.playback.toggleTimeLens() }] },
        { shown: "+ / −", what: qsTr("faster / slower (1 ms/s to 100 s/s of virtual time)"), actions: [{ sequences: ["+", "="], run: () => keys.simulation.playback.faster() }, { sequences: ["-"], run: () => keys.simulation.playback.slower() }] },
        { shown: "Tab / Shift+Tab", what: qsTr("select the next / previous client"), actions: [{ sequences: ["Tab"], run: () => keys.selectNext(1) }, { sequences: ["Shift+Tab"], run: () => keys.selectNext(-1) }] },
        { shown: "C", what: qsTr("crash the selected client"), actions: [{ sequences: ["C"], run: () => keys.fault("crash") }] },
        { shown: "R", what: qsTr("restart it"), actions: [{ sequences: ["R"], run: () => keys.fault("restart") }] },
        { shown: "P", what: qsTr("pause / resume it (a stop-the-world pause)"), actions: [{ sequences: ["P"], run: () => keys.fault("pause") }] },
        { shown: "N", what: qsTr("partition / heal its network"), actions: [{ sequences: ["N"], run: () => keys.fault("partition") }] },
        { shown: "X", what: qsTr("expire its session now"), actions: [{ sequences: ["X"], run: () => keys.fault("expire_session") }] },
        { shown: "Y", what: qsTr("lose the reply to its next request"), actions: [{ sequences: ["Y"], run: () => keys.fault("lose_reply") }] },
        { shown: "S", what: qsTr("kill / restart the ZooKeeper server"), actions: [{ sequences: ["S"], run: () => keys.serverToggled() }] },
        { shown: "Ctrl+Z", what: qsTr("undo the last fault you injected"), actions: [{ sequences: ["Ctrl+Z"], run: () => keys.simulation.session.undoLastFault() }] },
        { shown: "L", what: qsTr("lessons"), actions: [{ sequences: ["L"], run: () => keys.lessonsRequested() }] },
        { shown: "Ctrl+O", what: qsTr("open a scenario file"), actions: [{ sequences: ["Ctrl+O"], run: () => keys.openRequested() }] },
        { shown: "Ctrl+S", what: qsTr("record: save the scenario with your faults"), actions: [{ sequences: ["Ctrl+S"], run: () => keys.recordRequested() }] },
        { shown: "Ctrl+E", what: qsTr("export the view as PNG"), actions: [{ sequences: ["Ctrl+E"], run: () => keys.exportRequested() }] },
        { shown: "B", what: qsTr("break it: search for a schedule and a fault that break the recipe, then open it"), actions: [{ sequences: ["B"], run: () => keys.breakRequested() }] },
        { shown: "M", what: qsTr("compare: the same run under a second recipe"), actions: [{ sequences: ["M"], run: () => keys.compareToggled() }] },
        { shown: "A", what: qsTr("compare: align the second run on the same time / on the same release #k"), actions: [{ sequences: ["A"], run: () => keys.alignToggled() }] },
        { shown: "W", what: qsTr("show the whole run, what is still to come faded (off: only what has happened)"), actions: [{ sequences: ["W"], run: () => keys.wholeRunToggled() }] },
        { shown: "V", what: qsTr("causal slice: dim every event the first violation does not depend on"), actions: [{ sequences: ["V"], run: () => keys.simulation.slice.toggle() }] },
        { shown: "Ctrl+K", what: qsTr("zkCli console (redis-cli in a Redis lesson): type commands, watch them on the stage"), actions: [{ sequences: ["Ctrl+K"], run: () => keys.consoleToggled() }] },
        { shown: "F5", what: qsTr("presentation mode (large type, high contrast, full screen)"), actions: [{ sequences: ["F5"], run: () => keys.presentationToggled() }] },
        { shown: "Ctrl+L", what: qsTr("language: English / 中文"), actions: [{ sequences: ["Ctrl+L"], run: () => Language.toggle() }] },
        { shown: "D / T", what: qsTr("presentation at 1280x720: the diagram or the event log / the recipe or the metrics"), actions: [{ sequences: ["D"], run: () => keys.lowerTabToggled() }, { sequences: ["T"], run: () => keys.sideTabToggled() }] },
        { shown: qsTr("F1 or ?"), what: qsTr("this help"), actions: [{ sequences: ["F1", "?"], run: () => keys.helpRequested() }] },
        { shown: qsTr("click or right-click a client"), what: qsTr("its fault menu"), actions: [] },
        { shown: qsTr("click the server"), what: qsTr("kill / restart it"), actions: [] },
        { shown: qsTr("click the diagram"), what: qsTr("jump to that moment"), actions: [] }
    ]
    // The rows of the help overlay: [keys, what they do].
    readonly property var helpRows: bindings.map(binding => [binding.shown, binding.what])

    Repeater {
        model: keys.bindings.reduce((all, binding) => all.concat(binding.actions), [])
        delegate: Item {
            id: holder
            required property var modelData
            Shortcut {
                sequences: holder.modelData.sequences
                onActivated: holder.modelData.run()
            }
        }
    }
}
