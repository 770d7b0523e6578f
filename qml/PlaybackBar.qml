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
        Button { text: "restart"; onClicked: bar.simulation.restart(); ToolTip.text: "restart (Home)"; ToolTip.visible: hovered }
        Button { text: "◀"; onClicked: bar.simulation.stepBack(); ToolTip.text: "step back one event (←)"; ToolTip.visible: hovered }
        Button {
            objectName: "playButton"
            text: bar.simulation.playing ? "❚❚ pause" : "▶ play"
            highlighted: bar.simulation.waitingAtNarration
            onClicked: bar.simulation.togglePlaying()
        }
        Button { text: "▶|"; onClicked: bar.simulation.stepForward(); ToolTip.text: "step one event (→)"; ToolTip.visible: hovered }
        Label { text: "speed" }
        Slider {
            implicitWidth: 160
            from: -3
            to: 2
            value: Math.log(bar.simulation.speed) / Math.LN10
            onMoved: bar.simulation.speed = Math.pow(10, value)
        }
        Label {
            text: (bar.simulation.speed < 0.01 ? bar.simulation.speed.toFixed(3) : bar.simulation.speed < 1 ? bar.simulation.speed.toFixed(2) : bar.simulation.speed.toFixed(1)) + "×"
            Layout.minimumWidth: implicitWidth
        }
        Label { text: bar.simulation.timeText; font.family: "monospace"; Layout.minimumWidth: implicitWidth }
        Slider {
            objectName: "timeline"
            Layout.fillWidth: true
            from: 0
            to: Math.max(1, bar.simulation.endTime)
            value: bar.simulation.time
            onMoved: bar.simulation.seekTime(value)
        }
        Label { text: "event " + bar.simulation.eventIndex + " / " + bar.simulation.eventCount; Layout.minimumWidth: implicitWidth }
    }
}
