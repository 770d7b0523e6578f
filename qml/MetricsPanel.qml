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

    ColumnLayout {
        anchors.fill: parent
        spacing: 4
        GridLayout {
            columns: panel.columns
            columnSpacing: 12
            rowSpacing: 1
            Label { text: "Metrics"; font.bold: true; opacity: 0.7 }
            Label { text: panel.simulation.run.recipe; opacity: 0.7 }
            Label { visible: panel.compareSimulation !== null; text: panel.compareSimulation ? panel.compareSimulation.run.recipe : ""; opacity: 0.7 }
            // Always three cells a row, the third hidden (and so left out by the layout) outside compare
            // mode: a Repeater whose count followed the columns destroyed its labels while the
            // layout was arranging them, and the window crashed on start in compare mode.
            // The rows (label, key, decimals) are the metrics model's; the values its `figures`.
            Repeater {
                model: panel.simulation.metrics.rowCount() * 3
                Label {
                    required property int index
                    readonly property var row: panel.simulation.metrics.row(Math.floor(index / 3))
                    readonly property int column: index % 3
                    visible: column < 2 || panel.compareSimulation !== null
                    readonly property Simulation source: column === 2 && panel.compareSimulation ? panel.compareSimulation : panel.simulation
                    readonly property real value: source?.metrics.figures[row.key] ?? 0
                    text: column === 0 ? row.label : Number(value).toFixed(row.decimals)
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
