pragma ComponentBehavior: Bound
// The event log: the events that have happened by the cursor (rows appear as the run plays), or every event of
// the run when "whole run" is ticked, filterable by client and by the kinds the run has, following the cursor;
// click a line to jump there. A ListView only makes the rows on screen, so 100,000 events scroll.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Lockscope

Frame {
    id: panel
    required property Simulation simulation
    property real textScale: 1.0
    property bool highContrast: false
    // The window's "show the whole run" (off: nothing after the cursor is listed or drawn).
    property bool wholeRun: false
    signal wholeRunToggled()
    padding: 2

    EventLogFilter {
        id: filtered
        source: panel.simulation.events
        cursor: panel.simulation.playback.eventIndex
        client: clientBox.currentIndex > 0 ? clientBox.currentText : ""
        kind: kindBox.currentIndex > 0 ? kindBox.currentText : ""
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 2
        RowLayout {
            Label { text: qsTr("Events"); font.bold: true; opacity: panel.highContrast ? 1.0 : 0.7 }
            ComboBox {
                id: clientBox
                objectName: "clientFilter"
                Layout.fillWidth: true
                model: panel.simulation.run.clientChoices
            }
            ComboBox {
                id: kindBox
                objectName: "kindFilter"
                Layout.fillWidth: true
                model: panel.simulation.run.kindChoices
            }
            // The teacher's choice to show what is still to come (the keyboard's W): off, a "what
            // happens next?" pause keeps its answer.
            CheckBox {
                objectName: "wholeRunBox"
                text: qsTr("whole run")
                checked: panel.wholeRun
                onToggled: panel.wholeRunToggled()
                ToolTip.text: qsTr("show the whole run, what is still to come faded (W)")
                ToolTip.visible: hovered
            }
        }
        ListView {
            id: list
            objectName: "eventList"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: filtered
            reuseItems: true
            // Rows are made when shown, not ahead in the background: a row still being made
            // when a new run replaces the model was cancelled against the new, shorter list
            // ("DelegateModel::cancel: index out range").
            cacheBuffer: 0
            currentIndex: filtered.currentRow
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
                objectName: "eventRow"
                width: ListView.view.width
                height: Math.round(18 * panel.textScale)
                Rectangle {
                    anchors.fill: parent
                    visible: row.ListView.isCurrentItem
                    color: "#DDEBF7"
                }
                // Who: the client's marker (shape and colour), a grey bar for the server.
                Rectangle {
                    visible: row.client < 0
                    width: 4
                    height: parent.height
                    color: "#999999"
                }
                ClientMarker {
                    visible: row.client >= 0
                    client: row.client
                    x: 1
                    width: row.height - 6
                    height: row.height
                }
                Label {
                    x: row.height
                    width: parent.width - x
                    anchors.verticalCenter: parent.verticalCenter
                    text: row.time + "  " + row.text
                    elide: Text.ElideRight
                    font.family: "monospace"
                    font.pointSize: 8.5 * panel.textScale
                    // What is still to come (listed with the whole run shown) is faded; in high
                    // contrast less (#404040 on white).
                    opacity: row.past ? 1.0 : panel.highContrast ? 0.75 : 0.45
                }
                MouseArea {
                    anchors.fill: parent
                    onClicked: panel.simulation.playback.seekEvent(row.eventIndex + 1)
                }
            }
        }
    }
}
