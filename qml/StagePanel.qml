// A stage with its title line; clicks on a client open its fault menu.
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
            MouseArea {
                anchors.fill: parent
                onClicked: (mouse) => {
                    const client = stage.clientAt(mouse.x, mouse.y)
                    if (client >= 0)
                        panel.clientClicked(client, mouse.x, mouse.y)
                    const instance = stage.instanceAt(mouse.x, mouse.y)
                    if (instance !== "")
                        panel.instanceClicked(instance)
                    else if (client < 0 && stage.serverAt(mouse.x, mouse.y))
                        panel.serverClicked()
                }
            }
        }
    }
}
