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

    ColumnLayout {
        anchors.fill: parent
        spacing: 2
        Label {
            Layout.fillWidth: true
            text: panel.simulation.recipe + " · " + panel.simulation.clientCount + " clients · seed " + panel.simulation.seed
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
        }
    }
}
