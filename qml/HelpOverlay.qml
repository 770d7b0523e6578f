pragma ComponentBehavior: Bound
// The keyboard shortcuts, for a teacher at the front of the class.
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
