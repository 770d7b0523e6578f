// What a click on a client offers: the faults a teacher injects with one more click. Each one
// becomes a scheduled fault at the current moment, exactly as if the scenario file had it.
import QtQuick.Controls
import Lockscope

Menu {
    id: menu
    required property Simulation simulation
    property int client: -1
    readonly property string name: client >= 0 && client < simulation.clientCount ? simulation.clientNames[client] : ""
    readonly property string activity: client >= 0 ? simulation.clientActivity(client) : ""
    readonly property bool partitioned: client >= 0 && simulation.clientPartitioned(client)

    title: name

    MenuItem { text: "Crash " + menu.name; enabled: menu.activity !== "crashed"; onTriggered: menu.simulation.injectFault("crash", menu.name) }
    MenuItem { text: "Restart " + menu.name; enabled: menu.activity === "crashed"; onTriggered: menu.simulation.injectFault("restart", menu.name) }
    MenuItem {
        text: menu.activity === "paused" ? "Resume " + menu.name : "Pause " + menu.name
        enabled: menu.activity !== "crashed"
        onTriggered: menu.simulation.injectFault(menu.activity === "paused" ? "resume" : "pause", menu.name)
    }
    MenuItem {
        text: menu.partitioned ? "Heal the partition" : "Partition " + menu.name
        onTriggered: menu.simulation.injectFault(menu.partitioned ? "heal" : "partition", menu.name)
    }
    MenuItem { text: "Expire its session"; onTriggered: menu.simulation.injectFault("expire_session", menu.name) }
    MenuItem { text: "Lose the reply to its next request"; onTriggered: menu.simulation.injectFault("lose_reply", menu.name) }
}
