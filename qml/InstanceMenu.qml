// What a click on a Redis instance offers: kill or restart it, promote its replica, or step its
// clock (the model-only fault: a live server's clock cannot be jumped from here). Whether it is
// up is the Simulation's instancesUp, re-read on every frame while the menu is open.
import QtQuick.Controls
import Lockscope

Menu {
    id: menu
    required property Simulation simulation
    property string instance: ""
    readonly property bool up: visible && simulation.faults.instancesUp[instance] === true

    title: instance

    MenuItem { text: qsTr("Kill %1").arg(menu.instance); enabled: menu.up; onTriggered: menu.simulation.faults.injectInstanceFault("kill_instance", menu.instance, 0) }
    MenuItem { text: qsTr("Restart %1").arg(menu.instance); enabled: !menu.up; onTriggered: menu.simulation.faults.injectInstanceFault("restart_instance", menu.instance, 0) }
    MenuItem { text: qsTr("Fail over to its replica"); enabled: menu.up && menu.simulation.faults.hasReplica(menu.instance); onTriggered: menu.simulation.faults.injectInstanceFault("failover", menu.instance, 0) }
    MenuItem { text: qsTr("Jump its clock 20 s forward (model only)"); onTriggered: menu.simulation.faults.injectInstanceFault("clock_jump", menu.instance, 20000) }
}
