pragma ComponentBehavior: Bound
// The lesson's narration for this moment. When a step asks to pause there, playback stops and
// the class is asked what happens next, in the panel's heading. A step with a question asks it
// there instead, with its answers: the class picks one (a click, or 1-4), playing on reveals the
// right one (ticked) and a wrong pick (crossed), and the run plays the answer. The panel keeps one height for
// the whole lesson - that of its tallest step, and a heading as tall as the question - so that the
// panels under it do not jump as the narration changes; only where the window has no room for
// that (maximumTextHeight) does it follow the step shown, which is never cut.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Lockscope

Frame {
    id: panel
    required property Simulation simulation
    // The most the reserved height may take (the recipe and the metrics keep the rest).
    property real maximumTextHeight: 400
    readonly property string placeholder: qsTr("Press Space to play.")
    // The step shown asks a question.
    readonly property bool asking: simulation.playback.question !== ""
    // The tallest of the lesson's steps at the text's width.
    readonly property real tallestText: {
        let tallest = 0
        for (let index = 0; index < measures.count; ++index) {
            const measure = measures.itemAt(index) as Label
            if (measure)
                tallest = Math.max(tallest, measure.implicitHeight)
        }
        return tallest
    }
    implicitHeight: column.implicitHeight + topPadding + bottomPadding

    background: Rectangle {
        color: panel.simulation.playback.waitingAtNarration ? "#FFF6DB" : "#F4F7FB"
        border.color: panel.simulation.playback.waitingAtNarration ? Theme.notification : "#C9D3DF"
        border.width: panel.simulation.playback.waitingAtNarration ? 3 : 1
        radius: 6
    }

    ColumnLayout {
        id: column
        anchors.left: parent.left
        anchors.right: parent.right
        spacing: 4
        // "Narration", or at a pause the question; as tall as the question either way.
        Item {
            id: heading
            Layout.fillWidth: true
            implicitHeight: Math.max(title.implicitHeight, question.implicitHeight)
            Label {
                id: title
                visible: !panel.simulation.playback.waitingAtNarration && !panel.asking
                text: qsTr("Narration")
                font.bold: true
                opacity: 0.7
            }
            Label {
                id: question
                objectName: "narrationQuestion"
                width: heading.width
                visible: panel.simulation.playback.waitingAtNarration || panel.asking
                wrapMode: Text.WordWrap
                font.bold: true
                text: panel.asking ? panel.simulation.playback.question : qsTr("What happens next? Press Space.")
            }
        }
        Label {
            id: narration
            objectName: "narrationText"
            Layout.fillWidth: true
            // The tallest step's height where there is room for it; the step shown is never cut.
            Layout.preferredHeight: Math.max(implicitHeight, Math.min(panel.tallestText, panel.maximumTextHeight))
            verticalAlignment: Text.AlignTop
            wrapMode: Text.WordWrap
            text: panel.simulation.playback.narration !== "" ? panel.simulation.playback.narration : panel.placeholder
        }
        Repeater {
            model: panel.simulation.playback.answers
            delegate: AbstractButton {
                id: answer
                required property string modelData
                required property int index
                readonly property bool chosen: panel.simulation.playback.chosenAnswer === index
                readonly property bool revealed: panel.simulation.playback.rightAnswer >= 0
                readonly property bool correct: panel.simulation.playback.rightAnswer === index
                objectName: "answer" + (index + 1)
                Layout.fillWidth: true
                padding: 6
                enabled: !revealed
                onClicked: panel.simulation.playback.chooseAnswer(index)
                background: Rectangle {
                    radius: 4
                    color: answer.revealed && answer.correct ? Qt.lighter(Theme.correct, 1.9)
                         : answer.revealed && answer.chosen ? Qt.lighter(Theme.violation, 1.8)
                         : answer.chosen ? Qt.lighter(Theme.accent, 1.9) : "transparent"
                    border.width: answer.chosen || (answer.revealed && answer.correct) ? 2 : 1
                    border.color: answer.revealed && answer.correct ? Theme.correct
                                : answer.revealed && answer.chosen ? Theme.violation
                                : answer.chosen ? Theme.accent : "#C9D3DF"
                }
                // The mark is a sign as well as a colour: ✓ right, ✗ the wrong pick.
                contentItem: Label {
                    wrapMode: Text.WordWrap
                    font.bold: answer.chosen || (answer.revealed && answer.correct)
                    text: (answer.revealed && answer.correct ? "✓ " : answer.revealed && answer.chosen ? "✗ " : "")
                          + (answer.index + 1) + "  " + answer.modelData
                }
            }
        }
        Label {
            objectName: "answerHint"
            visible: panel.asking
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            opacity: 0.7
            text: panel.simulation.playback.rightAnswer >= 0
                  ? (panel.simulation.playback.chosenAnswer < 0 ? qsTr("The right answer is ticked.")
                     : panel.simulation.playback.chosenAnswer === panel.simulation.playback.rightAnswer
                       ? qsTr("Right!") : qsTr("Not this time: the right answer is ticked."))
                  : qsTr("Choose an answer (1-%1), then press Space to see.").arg(panel.simulation.playback.answers.length)
        }
    }

    // Every step laid out unseen at the text's width, to measure the tallest.
    Item {
        visible: false
        Repeater {
            id: measures
            model: panel.simulation.playback.narrationTexts
            delegate: Label {
                required property string modelData
                width: narration.width
                wrapMode: Text.WordWrap
                text: modelData
            }
        }
    }
}
