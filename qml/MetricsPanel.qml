pragma ComponentBehavior: Bound
// Live numbers at the cursor and the notifications-per-release chart; in compare mode, the
// second run's numbers beside the first's and its chart under the first's.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Lockscope

Frame {
    id: panel
    required property Simulation simulation
    property Simulation compareSimulation: null
    property real textScale: 1.0
    property bool highContrast: false
    // A short window keeps the numbers and lets the charts go, so that the diagram and the log
    // under the stage keep their height (the numbers say what the chart draws).
    property bool chartsShown: true
    readonly property int columns: compareSimulation ? 3 : 2

    // On a projector's 1280x720 the tab under the narration is shorter than the rows and the
    // charts, and in compare mode narrower than two recipe names: the rows scroll inside the
    // frame (they were drawn over the playback bar), the labels wrap, and the two value columns
    // are headed "left" and "right", the recipes named once above them in a line that wraps.
    Flickable {
        id: scroller
        objectName: "metricsScroller"
        anchors.fill: parent
        implicitHeight: rows.implicitHeight
        implicitWidth: rows.implicitWidth
        contentHeight: rows.implicitHeight
        contentWidth: width
        clip: true
        boundsBehavior: Flickable.StopAtBounds
        ScrollBar.vertical: ScrollBar { policy: scroller.contentHeight > scroller.height ? ScrollBar.AlwaysOn : ScrollBar.AsNeeded }

        ColumnLayout {
            id: rows
            width: scroller.width
            spacing: 4
            Label {
                objectName: "metricsRuns"
                visible: panel.compareSimulation !== null
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                opacity: 0.7
                text: panel.compareSimulation
                      ? qsTr("left: %1 · right: %2").arg(panel.simulation.run.recipe).arg(panel.compareSimulation.run.recipe)
                      : ""
            }
            GridLayout {
                objectName: "metricsGrid"
                Layout.fillWidth: true
                columns: panel.columns
                columnSpacing: 12
                rowSpacing: 1
                Label { text: qsTr("Metrics"); font.bold: true; opacity: 0.7; Layout.fillWidth: true }
                Label { text: panel.compareSimulation ? qsTr("left") : panel.simulation.run.recipe; opacity: 0.7 }
                Label { visible: panel.compareSimulation !== null; text: qsTr("right"); opacity: 0.7 }
                // Always three cells a row, the third hidden (and so left out by the layout) outside compare
                // mode: a Repeater whose count followed the columns destroyed its labels while the
                // layout was arranging them, and the window crashed on start in compare mode.
                // The rows (label, key, decimals) are the metrics model's; the values its `figures`.
                Repeater {
                    model: panel.simulation.metrics.rowCount() * 3
                    Label {
                        required property int index
                        readonly property var row: panel.simulation.metrics.rows[Math.floor(index / 3)]
                        readonly property int column: index % 3
                        visible: column < 2 || panel.compareSimulation !== null
                        readonly property Simulation source: column === 2 && panel.compareSimulation ? panel.compareSimulation : panel.simulation
                        readonly property real value: source?.metrics.figures[row.key] ?? 0
                        text: column === 0 ? row.label : Number(value).toFixed(row.decimals)
                        // The label column takes what the numbers leave, and wraps in it.
                        Layout.fillWidth: column === 0
                        Layout.preferredWidth: column === 0 ? 1 : implicitWidth
                        wrapMode: column === 0 ? Text.Wrap : Text.NoWrap
                        font.bold: column > 0
                        color: row.key === "violations" && column > 0 && value > 0 ? Theme.violation : palette.windowText
                    }
                }
            }
            MetricsChart {
                visible: panel.chartsShown
                Layout.fillWidth: true
                Layout.preferredHeight: 70 * panel.textScale
                simulation: panel.simulation
                textScale: panel.textScale
                highContrast: panel.highContrast
            }
            MetricsChart {
                visible: panel.chartsShown && panel.compareSimulation !== null
                Layout.fillWidth: true
                Layout.preferredHeight: 70 * panel.textScale
                simulation: panel.compareSimulation
                textScale: panel.textScale
                highContrast: panel.highContrast
            }
        }
    }
}
