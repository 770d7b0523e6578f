pragma ComponentBehavior: Bound
// The keyboard shortcuts, for a teacher at the front of the class. When one column of them would
// be taller than the window (presentation type on a projector's 1280x720), they sit in two
// columns side by side, each text wrapping in its half.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

Popup {
    id: help
    modal: true
    // With the focus, Esc reaches the popup and closes it; F1 and ? (which opened it) close it too.
    focus: true
    closePolicy: Popup.CloseOnEscape | Popup.CloseOnPressOutside
    padding: 24

    Shortcut {
        sequences: ["F1", "?"]
        enabled: help.opened
        onActivated: help.close()
    }

    // [keys, what they do]: Shortcuts.helpRows, the list the shortcuts themselves are made from.
    required property var rows
    // One row of type is about 1.9 times the font's point size tall; the title, the button and
    // the padding take about eight more.
    readonly property bool twoColumns: help.parent !== null
                                       && (help.rows.length + 8) * help.font.pointSize * 1.9 > help.parent.height
    readonly property int perColumn: twoColumns ? Math.ceil(help.rows.length / 2) : help.rows.length
    readonly property real columnWidth: help.parent === null ? 600
                                        : (help.parent.width * 0.94 - 2 * help.padding) / (twoColumns ? 2 : 1)

    ColumnLayout {
        spacing: 6
        Label { text: qsTr("Keyboard shortcuts"); font.bold: true; font.pointSize: help.font.pointSize * 1.4 }
        // A Row, not a RowLayout: the halves are not equally tall, and a Row tops them.
        Row {
            spacing: 24
            // Both halves always exist, the second empty and hidden in one column: a half made
            // and torn down as the window's height crossed the line left its labels' bindings
            // running without their context ("Cannot read property 'twoColumns' of undefined").
            Repeater {
                model: 2
                GridLayout {
                    id: half
                    required property int index
                    visible: index === 0 || help.twoColumns
                    readonly property var rows: index === 0 || help.twoColumns
                                                ? help.rows.slice(index * help.perColumn, (index + 1) * help.perColumn)
                                                : []
                    columns: 2
                    columnSpacing: 16
                    rowSpacing: 4
                    Repeater {
                        model: half.rows.length * 2
                        Label {
                            required property int index
                            objectName: index % 2 === 0 ? "helpKeys" : "helpText"
                            // Undefined for a moment while the halves are cut anew.
                            readonly property var row: half.rows[Math.floor(index / 2)]
                            text: row ? row[index % 2] : ""
                            font.bold: index % 2 === 0
                            // Presentation type in two columns: a little smaller, so that all of it
                            // fits at once.
                            font.pointSize: help.font.pointSize * (help.twoColumns && help.font.pointSize >= 14 ? 0.85 : 1.0)
                            wrapMode: Text.WordWrap
                            Layout.fillWidth: index % 2 === 1
                            Layout.maximumWidth: help.columnWidth * (index % 2 === 0 ? 0.3 : 0.66)
                        }
                    }
                }
            }
        }
        Button { text: qsTr("Close"); onClicked: help.close() }
    }
}
