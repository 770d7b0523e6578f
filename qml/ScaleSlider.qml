// The class's size on a slider, 2 to 1,000 clients in steps a class can feel (2, 3, 5, 10, 20,
// 50, 100 ... 1,000): drag it to watch the herd grow with the room. The run is made again when
// the slider is let go, not at every step it passes. The top bar's box takes any other count.
import QtQuick
import QtQuick.Controls
import Lockscope

Row {
    id: scaler
    required property Simulation simulation
    property real textScale: 1.0
    signal applied()
    spacing: 4

    readonly property var stops: [2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 50, 75, 100, 150, 200, 300,
        500, 750, 1000]
    // The slider let go: the run made again at its count; the keyboard back to the stage, so
    // Space and the arrows drive the player.
    function apply() {
        const count = stops[Math.round(slider.value)]
        if (count !== simulation.run.clientCount)
            simulation.session.configure("", "", count)
        applied()
    }
    // The stop nearest a count (a lesson's 7 clients sits at 8 until the slider moves).
    function stopOf(count) {
        let best = 0
        for (let i = 1; i < stops.length; ++i) {
            if (Math.abs(stops[i] - count) < Math.abs(stops[best] - count))
                best = i
        }
        return best
    }

    Label {
        text: qsTr("scale")
        anchors.verticalCenter: parent.verticalCenter
    }
    Slider {
        id: slider
        objectName: "scaleSlider"
        width: 150 * scaler.textScale
        anchors.verticalCenter: parent.verticalCenter
        from: 0
        to: scaler.stops.length - 1
        stepSize: 1
        snapMode: Slider.SnapAlways
        value: scaler.stopOf(scaler.simulation.run.clientCount)
        onPressedChanged: if (!pressed) scaler.apply()
        ToolTip.visible: hovered || pressed
        ToolTip.text: qsTr("clients: %1").arg(scaler.stops[Math.round(value)])
    }
    Label {
        id: count
        objectName: "scaleCount"
        // While the slider is held or its run is being made, the count it will make; else the
        // run's own. As wide as four digits, so the slider does not jump.
        text: slider.pressed || scaler.simulation.live.busy ? scaler.stops[Math.round(slider.value)]
                                                            : scaler.simulation.run.clientCount
        width: Math.max(implicitWidth, widest.advanceWidth + 4)
        TextMetrics {
            id: widest
            font: count.font
            text: "0000"
        }
        font.bold: true
        anchors.verticalCenter: parent.verticalCenter
    }
}
