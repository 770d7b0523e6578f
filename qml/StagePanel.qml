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
        RowLayout {
            Layout.fillWidth: true
            spacing: 6
            Label {
                Layout.fillWidth: true
                // The console's stage has sessions (or redis-cli's one connection), not a
                // recipe's clients.
                text: !panel.simulation.console.active
                      ? qsTr("%1 · %2 clients · seed %3").arg(panel.simulation.run.recipe).arg(panel.simulation.run.clientCount).arg(panel.simulation.run.seed)
                      : panel.simulation.console.kind === "redis"
                      ? qsTr("redis-cli console · model:6379, its clock real time")
                      : qsTr("zkCli console · %1 session(s)").arg(panel.simulation.run.clientCount)
                font.bold: true
                elide: Text.ElideRight
            }
            ScaleSlider {
                // Compare mode's second stage follows the first one's clients.
                visible: !panel.simulation.console.active && panel.simulation.compare.leader === null
                simulation: panel.simulation
                textScale: panel.textScale
                onApplied: panel.takeKeys()
            }
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
            // While the time lens skips a quiet stretch, what the quiet waits for, large: the
            // class sees why the clock races ("c1's session: 1.3 s left").
            Label {
                objectName: "lensCountdown"
                visible: text !== "" && panel.simulation.playback.playing
                text: panel.simulation.playback.countdownText
                anchors.horizontalCenter: parent.horizontalCenter
                anchors.bottom: parent.bottom
                anchors.bottomMargin: 8 * panel.textScale
                font.pointSize: 20 * panel.textScale
                font.bold: true
                padding: 6 * panel.textScale
                color: "white"
                background: Rectangle { color: Theme.accent; radius: 6; opacity: 0.9 }
            }
        }
    }
}
