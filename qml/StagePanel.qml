// A stage with its title line; a click or right-click on a client opens its fault menu.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Lockscope

Frame {
    id: panel
    required property Simulation simulation
    property real textScale: 1.0
    property bool highContrast: false
    property int selectedClient: -1
    property bool legendShown: true
    signal clientClicked(int client, real x, real y)
    signal instanceClicked(string instance)
    signal serverClicked()
    padding: 2

    // The stage takes the keyboard (from a field of the top bar), so Space and the arrows drive
    // the player again: the window's shortcuts fire when no text field holds the focus.
    function takeKeys() {
        stage.forceActiveFocus()
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 2
        Label {
            Layout.fillWidth: true
            text: qsTr("%1 · %2 clients · seed %3").arg(panel.simulation.run.recipe).arg(panel.simulation.run.clientCount).arg(panel.simulation.run.seed)
            font.bold: true
            elide: Text.ElideRight
        }
        StageView {
            id: stage
            objectName: "stage"
            Layout.fillWidth: true
            Layout.fillHeight: true
            simulation: panel.simulation
            textScale: panel.textScale
            highContrast: panel.highContrast
            selectedClient: panel.selectedClient
            legendShown: panel.legendShown
            onClientClicked: (client, x, y) => panel.clientClicked(client, x, y)
            onInstanceClicked: (instance) => panel.instanceClicked(instance)
            onServerClicked: panel.serverClicked()
            // A click anywhere on the stage gives it the keyboard; the press still reaches the
            // stage's own client and server clicks (a passive grab only).
            TapHandler {
                gesturePolicy: TapHandler.DragThreshold
                grabPermissions: PointerHandler.ApprovesTakeOverByAnything
                onPressedChanged: if (pressed) panel.takeKeys()
            }
        }
    }
}
