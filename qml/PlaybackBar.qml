// Playback: restart, step back, play/pause, step forward, speed (logarithmic, 0.001× to 100× of
// virtual time) and the timeline to scrub to any moment.
import QtQuick.Controls
import QtQuick.Layouts
import Lockscope

Pane {
    id: bar
    required property Simulation simulation
    padding: 4

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
        Label { text: qsTr("speed") }
        Slider {
            implicitWidth: 160
            from: -3
            to: 2
            value: Math.log(bar.simulation.playback.speed) / Math.LN10
            onMoved: bar.simulation.playback.speed = Math.pow(10, value)
        }
        Label {
            text: (bar.simulation.playback.speed < 0.01 ? bar.simulation.playback.speed.toFixed(3) : bar.simulation.playback.speed < 1 ? bar.simulation.playback.speed.toFixed(2) : bar.simulation.playback.speed.toFixed(1)) + "×"
            Layout.minimumWidth: implicitWidth
        }
        Label { text: bar.simulation.playback.timeText; font.family: "monospace"; Layout.minimumWidth: implicitWidth }
        Slider {
            objectName: "timeline"
            Layout.fillWidth: true
            from: 0
            to: Math.max(1, bar.simulation.playback.endTime)
            value: bar.simulation.playback.time
            onMoved: bar.simulation.playback.seekTime(value)
        }
        Label { text: qsTr("event %1 / %2").arg(bar.simulation.playback.eventIndex).arg(bar.simulation.playback.eventCount); Layout.minimumWidth: implicitWidth }
    }
}
