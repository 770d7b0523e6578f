// A challenge's banner above the narration: what to break, the fault budget left, and once the
// run has been played to its end the grade - "Solved: ..." in the correct colour, or "Not yet:
// ..." - as `lockscope-cli check` grades the recording (C++: ChallengeLine).
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Lockscope

Frame {
    id: banner
    required property Simulation simulation
    visible: simulation.challenge.active

    background: Rectangle {
        color: banner.simulation.challenge.solved ? "#E3F5EE" : "#F4F7FB"
        border.color: banner.simulation.challenge.solved ? Theme.correct : "#C9D3DF"
        border.width: banner.simulation.challenge.solved ? 2 : 1
        radius: 6
    }

    ColumnLayout {
        anchors.left: parent.left
        anchors.right: parent.right
        spacing: 2
        Label {
            objectName: "challengeGoal"
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            font.bold: true
            text: banner.simulation.challenge.goal
        }
        Label {
            objectName: "challengeStatus"
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            color: banner.simulation.challenge.solved ? Theme.correct : palette.windowText
            font.bold: banner.simulation.challenge.solved
            text: banner.simulation.challenge.status
        }
    }
}
