// The status line: a load or input error (the loader's file:line:col message, in red) or the
// run's verdict, and the faults injected by hand so far.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Lockscope

ToolBar {
    id: status
    required property Simulation simulation

    RowLayout {
        anchors.fill: parent
        Label {
            objectName: "statusText"
            Layout.fillWidth: true
            elide: Text.ElideRight
            color: status.simulation.error !== "" || !status.simulation.passed ? Theme.violation : palette.windowText
            text: status.simulation.error !== "" ? status.simulation.error : status.simulation.verdict
        }
        Label {
            visible: status.simulation.faultSummary !== ""
            text: "your faults: " + status.simulation.faultSummary
            elide: Text.ElideLeft
            Layout.maximumWidth: 500
        }
    }
}
