// The status line: a load or input error (the loader's file:line:col message, in red) or the
// run's verdict as of the cursor (violations so far; the expectations once the run is played to
// its end), and the faults injected by hand so far.
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
            color: status.simulation.error !== "" || status.simulation.verdict.failed ? Theme.violation : palette.windowText
            text: status.simulation.error !== "" ? status.simulation.error : status.simulation.verdict.text
        }
        BusyIndicator {
            running: status.simulation.live.busy
            visible: running
            implicitHeight: 20
            implicitWidth: 20
        }
        Label {
            objectName: "connectionStatus"
            visible: status.simulation.live.connectionStatus !== ""
            text: status.simulation.live.connectionStatus
            elide: Text.ElideRight
            Layout.maximumWidth: 520
        }
        Label {
            visible: status.simulation.session.faultSummary !== ""
            text: qsTr("your faults: %1").arg(status.simulation.session.faultSummary)
            elide: Text.ElideLeft
            Layout.maximumWidth: 500
        }
    }
}
