pragma ComponentBehavior: Bound
// The lesson's narration for this moment. When a step asks to pause there, playback stops and
// the class is asked what happens next, in the panel's heading. The panel keeps one height for
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
                visible: !panel.simulation.playback.waitingAtNarration
                text: qsTr("Narration")
                font.bold: true
                opacity: 0.7
            }
            Label {
                id: question
                objectName: "narrationQuestion"
                width: heading.width
                visible: panel.simulation.playback.waitingAtNarration
                wrapMode: Text.WordWrap
                font.bold: true
                text: qsTr("What happens next? Press Space.")
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
