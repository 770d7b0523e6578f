// Compare mode's bar over the two stages: the second recipe (one of the lesson's service's, or
// another service's, whose run plays the lesson's clients on that service), how
// the right-hand run follows the left (the same time, or its own "release #k"), which run the
// event log lists, and the difference that matters, in large type ("9 notifications per
// release vs 1"), and under it what another service's run left out (a fault it does not have).
// The narration is the lesson's, one for both, at the left run's moment.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Lockscope

Pane {
    id: bar
    required property Simulation leader
    required property Simulation follower
    property real textScale: 1.0
    // Whose events the event log lists: the left run's (false) or the right one's.
    property bool logOfSecond: false
    padding: 4

    ColumnLayout {
        anchors.fill: parent
        spacing: 2
        RowLayout {
            Layout.fillWidth: true
            spacing: 8
            Label { text: qsTr("compare %1 with").arg(bar.leader.run.recipe) }
            ComboBox {
                objectName: "compareRecipeBox"
                model: bar.follower.compare.choices
                currentIndex: bar.follower.compare.index
                // A new list (every new run) resets the box to its first entry, after the index was
                // bound: show the run's recipe again.
                onModelChanged: currentIndex = Qt.binding(() => bar.follower.compare.index)
                implicitWidth: 190 * bar.textScale
                onActivated: (index) => bar.follower.compare.recipe = bar.follower.compare.choices[index]
            }
            Label { text: qsTr("align on") }
            ComboBox {
                objectName: "alignBox"
                model: [qsTr("time"), qsTr("release #k")]
                currentIndex: bar.follower.compare.alignOnRelease ? 1 : 0
                // A new model (the language switched) resets the box to its first entry.
                onModelChanged: currentIndex = Qt.binding(() => bar.follower.compare.alignOnRelease ? 1 : 0)
                implicitWidth: 130 * bar.textScale
                onActivated: (index) => bar.follower.compare.alignOnRelease = index === 1
            }
            Label { text: qsTr("log of") }
            ComboBox {
                id: logBox
                objectName: "logBox"
                model: [qsTr("left"), qsTr("right")]
                currentIndex: bar.logOfSecond ? 1 : 0
                onActivated: (index) => bar.logOfSecond = index === 1
                onModelChanged: currentIndex = Qt.binding(() => bar.logOfSecond ? 1 : 0)
                implicitWidth: 90 * bar.textScale
            }
            Label {
                objectName: "compareHeadline"
                Layout.fillWidth: true
                horizontalAlignment: Text.AlignRight
                text: bar.follower.compare.headline
                font.pointSize: 18 * Math.min(bar.textScale, 1.25)
                font.bold: true
                fontSizeMode: Text.HorizontalFit
                minimumPointSize: 12
            }
        }
        Label {
            objectName: "compareNote"
            Layout.fillWidth: true
            visible: text !== ""
            text: bar.follower.compare.note
            elide: Text.ElideRight
            opacity: 0.8
        }
    }
}
