pragma ComponentBehavior: Bound
// The answers to the question the narration asks, and what to do with them: a click (or 1-4)
// picks one; playing on reveals the right one, ticked, and a wrong pick, crossed - a sign as
// well as a colour. In the narration panel at a desk; across the lower row on a projector, where
// the panel has no room for them. `measuring`: laid out for the panel's height only, with
// `answers` given and nothing chosen or revealed.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Lockscope

GridLayout {
    id: grid
    required property Simulation simulation
    property var answers: simulation.playback.answers
    property bool measuring: false
    readonly property int chosenAnswer: measuring ? -1 : simulation.playback.chosenAnswer
    readonly property int rightAnswer: measuring ? -1 : simulation.playback.rightAnswer
    columnSpacing: 6
    rowSpacing: 4

    Repeater {
        model: grid.answers
        delegate: AbstractButton {
            id: answer
            required property string modelData
            required property int index
            readonly property bool picked: grid.chosenAnswer === index
            readonly property bool revealed: grid.rightAnswer >= 0
            readonly property bool correct: grid.rightAnswer === index
            // Named where shown, so a test finds the answers the class sees.
            objectName: grid.visible && !grid.measuring ? "answer" + (index + 1) : ""
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.preferredWidth: 1  // equal columns, whatever the answers' lengths
            padding: 6
            enabled: !revealed && !grid.measuring
            onClicked: grid.simulation.playback.chooseAnswer(index)
            background: Rectangle {
                radius: 4
                // A pale wash of the border's colour (Qt.lighter gave a glaring cyan-green):
                // the border and the tick tell right and wrong, the fill only groups.
                color: answer.revealed && answer.correct ? Qt.tint("white", Qt.rgba(Theme.correct.r, Theme.correct.g, Theme.correct.b, 0.16))
                     : answer.revealed && answer.picked ? Qt.tint("white", Qt.rgba(Theme.violation.r, Theme.violation.g, Theme.violation.b, 0.14))
                     : answer.picked ? Qt.tint("white", Qt.rgba(Theme.accent.r, Theme.accent.g, Theme.accent.b, 0.14)) : "transparent"
                border.width: answer.picked || (answer.revealed && answer.correct) ? 2 : 1
                border.color: answer.revealed && answer.correct ? Theme.correct
                            : answer.revealed && answer.picked ? Theme.violation
                            : answer.picked ? Theme.accent : "#C9D3DF"
            }
            contentItem: Label {
                wrapMode: Text.WordWrap
                font.bold: answer.picked || (answer.revealed && answer.correct)
                text: (answer.revealed && answer.correct ? "✓ " : answer.revealed && answer.picked ? "✗ " : "")
                      + (answer.index + 1) + "  " + answer.modelData
            }
        }
    }
    Label {
        objectName: grid.visible && !grid.measuring ? "answerHint" : ""
        Layout.columnSpan: grid.columns
        Layout.fillWidth: true
        wrapMode: Text.WordWrap
        opacity: 0.7
        text: grid.rightAnswer >= 0
              ? (grid.chosenAnswer < 0 ? qsTr("The right answer is ticked.")
                 : grid.chosenAnswer === grid.rightAnswer ? qsTr("Right!") : qsTr("Not this time: the right answer is ticked."))
              : qsTr("Choose an answer (1-%1), then press Space to see.").arg(grid.answers.length)
    }
}
