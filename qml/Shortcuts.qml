// Every keyboard shortcut (the help overlay lists the same): playback, faults on the selected
// client, and the window's modes.
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
    signal presentationToggled()
    signal compareToggled()
    signal selectNext(int step)
    signal fault(string kind)
    signal serverToggled()

    Shortcut { sequence: "Space"; onActivated: keys.simulation.togglePlaying() }
    Shortcut { sequence: "Right"; onActivated: keys.simulation.stepForward() }
    Shortcut { sequence: "Left"; onActivated: keys.simulation.stepBack() }
    Shortcut { sequence: "Home"; onActivated: keys.simulation.restart() }
    Shortcut { sequences: ["+", "="]; onActivated: keys.simulation.faster() }
    Shortcut { sequence: "-"; onActivated: keys.simulation.slower() }
    Shortcut { sequence: "Tab"; onActivated: keys.selectNext(1) }
    Shortcut { sequence: "Shift+Tab"; onActivated: keys.selectNext(-1) }
    Shortcut { sequence: "C"; onActivated: keys.fault("crash") }
    Shortcut { sequence: "R"; onActivated: keys.fault("restart") }
    Shortcut { sequence: "P"; onActivated: keys.fault("pause") }
    Shortcut { sequence: "N"; onActivated: keys.fault("partition") }
    Shortcut { sequence: "X"; onActivated: keys.fault("expire_session") }
    Shortcut { sequence: "Y"; onActivated: keys.fault("lose_reply") }
    Shortcut { sequence: "S"; onActivated: keys.serverToggled() }
    Shortcut { sequence: "Ctrl+Z"; onActivated: keys.simulation.undoLastFault() }
    Shortcut { sequence: "L"; onActivated: keys.lessonsRequested() }
    Shortcut { sequence: "Ctrl+O"; onActivated: keys.openRequested() }
    Shortcut { sequence: "Ctrl+S"; onActivated: keys.recordRequested() }
    Shortcut { sequence: "Ctrl+E"; onActivated: keys.exportRequested() }
    Shortcut { sequence: "F5"; onActivated: keys.presentationToggled() }
    Shortcut { sequence: "M"; onActivated: keys.compareToggled() }
    Shortcut { sequences: ["F1", "?"]; onActivated: keys.helpRequested() }
}
