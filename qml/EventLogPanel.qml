pragma ComponentBehavior: Bound
// The event log: every event of the run, filterable by client and by the kinds the run has, following the cursor;
// click a line to jump there. A ListView only makes the rows on screen, so 100,000 events scroll.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Lockscope

Frame {
    id: panel
    required property Simulation simulation
    padding: 2

    EventLogFilter {
        id: filtered
        source: panel.simulation.events
        client: clientBox.currentIndex > 0 ? clientBox.currentText : ""
        kind: kindBox.currentIndex > 0 ? kindBox.currentText : ""
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 2
        RowLayout {
            Label { text: "Events"; font.bold: true; opacity: 0.7 }
            ComboBox {
                id: clientBox
                objectName: "clientFilter"
                Layout.fillWidth: true
                model: panel.simulation.clientChoices
            }
            ComboBox {
                id: kindBox
                objectName: "kindFilter"
                Layout.fillWidth: true
                model: panel.simulation.kindChoices
            }
        }
        ListView {
            id: list
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: filtered
            reuseItems: true
            currentIndex: filtered.rowAtOrBefore(panel.simulation.eventIndex - 1)
            // Keeps the cursor's event in sight while playing, stepping and scrubbing.
            onCurrentIndexChanged: positionViewAtIndex(Math.max(currentIndex, 0), ListView.Center)
            ScrollBar.vertical: ScrollBar {}
            delegate: Item {
                id: row
                required property string time
                required property string text
                required property int client
                required property bool past
                required property int eventIndex
                width: ListView.view.width
                height: 18
                Rectangle {
                    anchors.fill: parent
                    visible: row.ListView.isCurrentItem
                    color: "#DDEBF7"
                }
                Rectangle {
                    width: 4
                    height: parent.height
                    color: row.client >= 0 ? Theme.colourOfClient(row.client) : "#999999"
                }
                Label {
                    x: 8
                    width: parent.width - 8
                    anchors.verticalCenter: parent.verticalCenter
                    text: row.time + "  " + row.text
                    elide: Text.ElideRight
                    font.family: "monospace"
                    font.pointSize: 8.5
                    opacity: row.past ? 1.0 : 0.45
                }
                MouseArea {
                    anchors.fill: parent
                    onClicked: panel.simulation.seekEvent(row.eventIndex + 1)
                }
            }
        }
    }
}
