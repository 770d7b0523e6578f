// What a click on a client offers: the faults a teacher injects with one more click. Each one
// becomes a scheduled fault at the current moment, exactly as if the scenario file had it. What
// is on offer (restart or crash, resume or pause, heal or partition) is the client's state at the
// cursor: the Simulation's faultMenus, a property re-read on every frame while the menu is open.
import QtQuick.Controls
import Lockscope

Menu {
    id: menu
    required property Simulation simulation
    property int client: -1
    readonly property string name: client >= 0 && client < simulation.run.clientCount ? simulation.run.clientNames[client] : ""
    readonly property var choices: visible && name !== "" ? simulation.faults.faultMenus[client] : ({})

    title: name

    MenuItem { text: qsTr("Crash %1").arg(menu.name); enabled: menu.choices.crash === true; onTriggered: menu.simulation.faults.injectFault("crash", menu.name) }
    MenuItem { text: qsTr("Restart %1").arg(menu.name); enabled: menu.choices.restart === true; onTriggered: menu.simulation.faults.injectFault("restart", menu.name) }
    MenuItem {
        text: (menu.choices.pause === "resume" ? qsTr("Resume %1") : qsTr("Pause %1")).arg(menu.name)
        enabled: menu.choices.pauseEnabled === true
        onTriggered: menu.simulation.faults.injectFaultOn("pause", menu.client)  // resumes a paused client
    }
    MenuItem {
        text: menu.choices.partition === "heal" ? qsTr("Heal the partition") : qsTr("Partition %1").arg(menu.name)
        enabled: menu.choices.partitionEnabled === true
        onTriggered: menu.simulation.faults.injectFaultOn("partition", menu.client)  // heals a partitioned one
    }
    MenuItem { text: qsTr("Expire its session"); enabled: menu.choices.expire_session === true; onTriggered: menu.simulation.faults.injectFault("expire_session", menu.name) }
    MenuItem { text: qsTr("Lose the reply to its next request"); enabled: menu.choices.lose_reply === true; onTriggered: menu.simulation.faults.injectFault("lose_reply", menu.name) }
}
