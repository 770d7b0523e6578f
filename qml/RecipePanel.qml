pragma ComponentBehavior: Bound
// The running recipe's pseudocode, with a coloured cursor (each client's colour and shape) on the
// line each client is at. The list scrolls to keep the first line with a cursor in sight.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Lockscope

Frame {
    id: panel
    required property Simulation simulation

    ColumnLayout {
        anchors.fill: parent
        spacing: 2
        Label { text: qsTr("Recipe: %1").arg(panel.simulation.run.recipe); font.bold: true; opacity: 0.7 }
        ListView {
            id: lines
            objectName: "recipeLines"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: panel.simulation.recipeLines
            // The current item is the first line with a cursor: the view keeps all of it in
            // sight, also once its text has wrapped (its height changes after it is placed).
            currentIndex: panel.simulation.recipeLines.firstCursorLine
            function showCurrent() {
                if (currentIndex >= 0)
                    positionViewAtIndex(currentIndex, ListView.Contain)
            }
            readonly property real currentHeight: currentItem ? currentItem.height : 0
            onCurrentIndexChanged: showCurrent()
            onHeightChanged: showCurrent()
            onCurrentHeightChanged: showCurrent()
            ScrollBar.vertical: ScrollBar {}
            delegate: RowLayout {
                id: line
                required property int number
                required property string text
                required property var cursors
                width: ListView.view.width
                spacing: 4
                Label { text: line.number; opacity: 0.5; Layout.preferredWidth: 18; horizontalAlignment: Text.AlignRight }
                Label {
                    text: line.text
                    font.family: "monospace"
                    font.bold: line.cursors.length > 0
                    wrapMode: Text.WordWrap
                    Layout.fillWidth: true
                }
                Flow {
                    Layout.preferredWidth: Math.min(120, line.cursors.length * 12)
                    spacing: 2
                    Repeater {
                        model: line.cursors.slice(0, 10)
                        ClientMarker {
                            required property int modelData
                            width: 10
                            height: 10
                            client: modelData
                        }
                    }
                }
            }
        }
    }
}
