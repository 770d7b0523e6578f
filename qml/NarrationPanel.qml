pragma ComponentBehavior: Bound
// The lesson's narration for this moment. When a step asks to pause there, playback stops and
// the class is asked what happens next, in the panel's heading. A step with a question asks it
// there instead, with its answers under the step's text (QuestionAnswers), or, where the panel
// has no room for them (`answersHere` false: a projector), in the lower row.
//
// The panel keeps one height for the whole lesson - that of its tallest step, each laid out as
// it would be shown (heading, text, answers) - so that the panels under it do not jump as the
// narration changes; only where the window has no room for that (maximumTextHeight) does it
// follow the step shown, which is never cut.
//
// In a challenge the heading says, between the stops, what to break and the faults left, and once
// the run has been played to its end the grade: "Solved: ..." in the correct colour, or "Not yet:
// ..." (C++: ChallengeLine, as `lockscope-cli check` grades the recording). In the heading rather
// than a panel of its own, so that at a projector's 1280x720 the recipe below keeps its lines.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Lockscope

Frame {
    id: panel
    required property Simulation simulation
    // The most the reserved height of a step's text and answers may take (the recipe and the
    // metrics keep the rest).
    property real maximumTextHeight: 400
    // The answers to a question are shown here (else the window shows them elsewhere).
    property bool answersHere: true
    readonly property string placeholder: qsTr("Press Space to play.")
    readonly property string whatNext: qsTr("What happens next? Press Space.")
    // The step shown asks a question.
    readonly property bool asking: simulation.playback.question !== ""
    // The tallest of the lesson's steps as laid out at the panel's width, heading included.
    readonly property real tallestStep: {
        let tallest = 0
        for (let index = 0; index < measures.count; ++index) {
            const measure = measures.itemAt(index) as Item
            if (measure)
                tallest = Math.max(tallest, measure.implicitHeight)
        }
        return tallest
    }
    implicitHeight: Math.max(column.implicitHeight,
                             Math.min(tallestStep, heading.implicitHeight + maximumTextHeight))
                    + topPadding + bottomPadding

    background: Rectangle {
        readonly property bool stopped: panel.simulation.playback.waitingAtNarration
        color: stopped ? "#FFF6DB" : "#F4F7FB"
        border.color: stopped ? Theme.notification : "#C9D3DF"
        border.width: stopped ? 3 : 1
        radius: 6
    }

    ColumnLayout {
        id: column
        anchors.left: parent.left
        anchors.right: parent.right
        spacing: 4
        // "Narration" (a challenge's goal and grade), or at a pause the question - "what happens
        // next?" or the step's own.
        Label {
            id: heading
            readonly property bool stopped: panel.asking || panel.simulation.playback.waitingAtNarration
            readonly property bool challenge: !stopped && panel.simulation.challenge.active
            objectName: "narrationQuestion"
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            font.bold: !challenge
            textFormat: challenge ? Text.StyledText : Text.PlainText
            color: challenge && panel.simulation.challenge.solved ? Theme.correct : palette.windowText
            opacity: stopped || challenge ? 1 : 0.7
            text: panel.asking ? panel.simulation.playback.question
                : panel.simulation.playback.waitingAtNarration ? panel.whatNext
                : challenge ? panel.simulation.challenge.styledText : qsTr("Narration")
        }
        Label {
            id: narration
            objectName: "narrationText"
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            text: panel.simulation.playback.narration !== "" ? panel.simulation.playback.narration : panel.placeholder
        }
        QuestionAnswers {
            visible: panel.asking && panel.answersHere
            Layout.fillWidth: true
            columns: 1
            simulation: panel.simulation
        }
    }

    // Every step laid out unseen at the panel's width, to measure the tallest; a plain pause is
    // as tall as its heading's "what happens next?".
    Item {
        visible: false
        Repeater {
            id: measures
            model: panel.simulation.playback.narrationSteps
            delegate: ColumnLayout {
                id: measure
                required property var modelData
                readonly property bool asks: modelData.question !== undefined
                width: column.width
                spacing: column.spacing
                Label {
                    Layout.fillWidth: true
                    wrapMode: Text.WordWrap
                    font.bold: true
                    text: measure.asks ? measure.modelData.question : panel.whatNext
                }
                Label {
                    Layout.fillWidth: true
                    wrapMode: Text.WordWrap
                    text: measure.modelData.text
                }
                QuestionAnswers {
                    visible: measure.asks && panel.answersHere
                    Layout.fillWidth: true
                    columns: 1
                    measuring: true
                    simulation: panel.simulation
                    answers: measure.asks ? measure.modelData.answers : []
                }
            }
        }
    }
}
