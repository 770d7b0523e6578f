// Playback: restart, step back, play/pause, step forward, speed (logarithmic, 1 ms to 100 s of
// virtual time per second), the time lens, and the timeline to scrub to any moment.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Lockscope

Pane {
    id: bar
    required property Simulation simulation
    padding: 4
    // Room for the word "speed", a long speed slider and what the lens is doing; short of it
    // (presentation type at a projector's 1280x720) they give the timeline its room.
    // (The font is set in points: pixelSize is -1.)
    readonly property bool roomy: width >= 85 * font.pointSize * 4 / 3

    RowLayout {
        anchors.fill: parent
        spacing: 6
        Button { text: qsTr("restart"); onClicked: bar.simulation.playback.restart(); ToolTip.text: qsTr("restart (Home)"); ToolTip.visible: hovered }
        Button { text: "◀"; onClicked: bar.simulation.playback.stepBack(); ToolTip.text: qsTr("step back one event (←)"); ToolTip.visible: hovered }
        Button {
            objectName: "playButton"
            text: bar.simulation.playback.playing ? qsTr("❚❚ pause") : qsTr("▶ play")
            highlighted: bar.simulation.playback.waitingAtNarration
            onClicked: bar.simulation.playback.togglePlaying()
        }
        Button { text: "▶|"; onClicked: bar.simulation.playback.stepForward(); ToolTip.text: qsTr("step one event (→)"); ToolTip.visible: hovered }
        Label { text: qsTr("speed"); visible: bar.roomy }
        Slider {
            implicitWidth: bar.roomy ? 160 : 100
            ToolTip.text: qsTr("speed (+ / −)")
            ToolTip.visible: hovered
            from: -3
            to: 2
            value: Math.log(bar.simulation.playback.speed) / Math.LN10
            onMoved: bar.simulation.playback.speed = Math.pow(10, value)
        }
        Label {
            objectName: "speedLabel"
            text: bar.simulation.playback.speedText
            Layout.minimumWidth: implicitWidth
        }
        // The time lens: on, it skips quiet stretches and slows down around the moments that
        // matter, and says so beside the button.
        Button {
            objectName: "lensButton"
            text: qsTr("lens")
            checkable: true
            checked: bar.simulation.playback.timeLens
            onToggled: bar.simulation.playback.timeLens = checked
            ToolTip.text: qsTr("time lens (Z): skip quiet stretches, slow down around releases, notifications and faults")
            ToolTip.visible: hovered
        }
        Label {
            id: lensLabel
            objectName: "lensLabel"
            visible: bar.roomy
            text: bar.simulation.playback.lensText
            opacity: 0.7
            // As wide as its longest text, so that nothing beside it moves as it changes; hidden
            // when the bar is short of room (the stage's countdown still tells a skip).
            Layout.preferredWidth: lensWidth.advanceWidth
            Layout.minimumWidth: lensWidth.advanceWidth
            TextMetrics { id: lensWidth; font: lensLabel.font; text: "skipping: 99.9 s/s" }
        }
        Label { text: bar.simulation.playback.timeText; font.family: "monospace"; Layout.minimumWidth: implicitWidth }
        Slider {
            objectName: "timeline"
            Layout.fillWidth: true
            Layout.minimumWidth: 120
            from: 0
            to: Math.max(1, bar.simulation.playback.endTime)
            value: bar.simulation.playback.time
            onMoved: bar.simulation.playback.seekTime(value)
        }
        // Without the word where the bar is short: a big class's six-digit counts would leave the
        // timeline too narrow to drag at a projector.
        Label {
            text: (bar.roomy ? qsTr("event %1 / %2") : "%1 / %2").arg(bar.simulation.playback.eventIndex).arg(bar.simulation.playback.eventCount)
            Layout.minimumWidth: implicitWidth
        }
    }
}
