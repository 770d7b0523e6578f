// The right-hand column: the lesson's narration at this moment, the recipe's pseudocode with a
// cursor per client, and the live metrics (of both runs in compare mode).
import QtQuick.Layouts
import Lockscope

ColumnLayout {
    id: side
    required property Simulation simulation
    property Simulation compareSimulation: null
    spacing: 4

    NarrationPanel {
        Layout.fillWidth: true
        Layout.preferredHeight: implicitHeight
        simulation: side.simulation
    }
    RecipePanel {
        Layout.fillWidth: true
        Layout.fillHeight: true
        Layout.minimumHeight: 90
        simulation: side.simulation
    }
    MetricsPanel {
        Layout.fillWidth: true
        simulation: side.simulation
        compareSimulation: side.compareSimulation
    }
}
