pragma ComponentBehavior: Bound
// The keyboard shortcuts, for a teacher at the front of the class.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

Popup {
    id: help
    modal: true
    padding: 24

    readonly property var rows: [
        ["Space", "play / pause"], ["→ / ←", "step one event forward / back"],
        ["Home", "back to the start"], ["+ / −", "faster / slower (0.001× to 100×)"],
        ["Tab / Shift+Tab", "select the next / previous client"],
        ["C", "crash the selected client"], ["R", "restart it"],
        ["P", "pause / resume it (a stop-the-world pause)"], ["N", "partition / heal its network"],
        ["X", "expire its session now"], ["Y", "lose the reply to its next request"],
        ["S", "kill / restart the ZooKeeper server"],
        ["Ctrl+Z", "undo the last fault you injected"], ["L", "lessons"],
        ["Ctrl+O", "open a scenario file"], ["Ctrl+S", "record: save the scenario with your faults"],
        ["Ctrl+E", "export the view as PNG"], ["M", "compare: the same run under a second recipe"],
        ["F5", "presentation mode (large type, high contrast, full screen)"], ["F1 or ?", "this help"],
        ["click a client", "its fault menu"], ["click the server", "kill / restart it"], ["click the diagram", "jump to that moment"]
    ]

    ColumnLayout {
        spacing: 6
        Label { text: "Keyboard shortcuts"; font.bold: true; font.pointSize: help.font.pointSize * 1.4 }
        GridLayout {
            columns: 2
            columnSpacing: 24
            rowSpacing: 4
            Repeater {
                model: help.rows.length * 2
                Label {
                    required property int index
                    text: help.rows[Math.floor(index / 2)][index % 2]
                    font.bold: index % 2 === 0
                }
            }
        }
        Button { text: "Close"; onClicked: help.close() }
    }
}
