// The right-hand column: the lesson's narration at this moment, the recipe's pseudocode with a
// cursor per client, and the live metrics (of both runs in compare mode). Tabbed (a projector's
// 1280x720): the narration stays, the recipe and the metrics share the rest as two tabs.
import QtQuick.Controls
import QtQuick.Layouts
import Lockscope

ColumnLayout {
    id: side
    required property Simulation simulation
    property Simulation compareSimulation: null
    property real textScale: 1.0
    property bool highContrast: false
    property bool tabbed: false
    spacing: 4

    // The other tab (the keyboard's T).
    function nextTab() {
        tabs.currentIndex = (tabs.currentIndex + 1) % tabs.count
    }

    NarrationPanel {
        Layout.fillWidth: true
        Layout.preferredHeight: implicitHeight
        simulation: side.simulation
    }
    TabBar {
        id: tabs
        objectName: "sideTabs"
        visible: side.tabbed
        Layout.fillWidth: true
        TabButton { text: "Recipe" }
        TabButton { text: "Metrics" }
    }
    RecipePanel {
        visible: !side.tabbed || tabs.currentIndex === 0
        Layout.fillWidth: true
        Layout.fillHeight: true
        Layout.minimumHeight: 90
        simulation: side.simulation
    }
    MetricsPanel {
        visible: !side.tabbed || tabs.currentIndex === 1
        Layout.fillWidth: true
        Layout.fillHeight: side.tabbed
        textScale: side.textScale
        highContrast: side.highContrast
        simulation: side.simulation
        compareSimulation: side.compareSimulation
    }
}
