// The lesson's narration for this moment. When a step asks to pause there, playback stops and
// the class is asked what happens next.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Lockscope

Frame {
    id: panel
    required property Simulation simulation
    implicitHeight: column.implicitHeight + 2 * padding

    background: Rectangle {
        color: panel.simulation.waitingAtNarration ? "#FFF6DB" : "#F4F7FB"
        border.color: panel.simulation.waitingAtNarration ? Theme.notification : "#C9D3DF"
        border.width: panel.simulation.waitingAtNarration ? 3 : 1
        radius: 6
    }

    ColumnLayout {
        id: column
        anchors.left: parent.left
        anchors.right: parent.right
        spacing: 4
        Label { text: "Narration"; font.bold: true; opacity: 0.7 }
        Label {
            objectName: "narrationText"
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            text: panel.simulation.narration !== "" ? panel.simulation.narration : "Press Space to play."
        }
        Label {
            visible: panel.simulation.waitingAtNarration
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            font.bold: true
            text: "What happens next? Press Space to find out."
        }
    }
}
