// "Break it" (B): the explorer searches the lesson, without its own faults, for a schedule and a
// fault that break its recipe, while the window stays live; the popup says how far it is, lets
// the teacher stop it, and names the lesson it found and opened.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Lockscope

Popup {
    id: popup
    required property Simulation simulation
    modal: false
    focus: true
    closePolicy: Popup.CloseOnEscape
    padding: 20

    // Starts a search (unless one runs) and shows it.
    function search() {
        popup.simulation.explorer.start()
        open()
    }

    ColumnLayout {
        spacing: 8
        Label {
            text: qsTr("Break it: what breaks %1?").arg(popup.simulation.run.recipe)
            font.bold: true
            font.pointSize: popup.font.pointSize * 1.3
        }
        Label {
            text: qsTr("Up to 2000 runs of this lesson without its own faults, each with another seed and one fault drawn at random; the first that breaks an invariant is shrunk to its fewest clients and its earliest, shortest fault, and opened as a lesson.")
            wrapMode: Text.WordWrap
            Layout.maximumWidth: 720
            opacity: 0.8
        }
        Label {
            objectName: "explorerStatus"
            text: popup.simulation.explorer.status
            wrapMode: Text.WrapAnywhere
            Layout.maximumWidth: 720
        }
        Row {
            spacing: 8
            Button {
                text: qsTr("Stop")
                visible: popup.simulation.explorer.searching
                onClicked: popup.simulation.explorer.cancel()
            }
            Button {
                text: qsTr("Close")
                visible: !popup.simulation.explorer.searching
                onClicked: popup.close()
            }
        }
    }
}
