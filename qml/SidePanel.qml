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
    // The most height the narration reserves for its tallest step (set from the window's size,
    // not from this column's: the column's height is the layout's answer, not its question).
    property real narrationReserve: 400
    // Whether a question's answers are shown in the narration panel (else the window shows them
    // across its lower row).
    property bool answersHere: true
    // False in a short window: the metrics keep their numbers, not their charts.
    property bool chartsShown: true
    spacing: 4

    // The other tab (the keyboard's T).
    function nextTab() {
        tabs.currentIndex = (tabs.currentIndex + 1) % tabs.count
    }

    NarrationPanel {
        objectName: "narrationPanel"
        Layout.fillWidth: true
        Layout.preferredHeight: implicitHeight
        maximumTextHeight: side.narrationReserve
        answersHere: side.answersHere
        simulation: side.simulation
    }
    TabBar {
        id: tabs
        objectName: "sideTabs"
        visible: side.tabbed
        Layout.fillWidth: true
        TabButton { text: qsTr("Recipe") }
        TabButton { text: qsTr("Metrics") }
    }
    RecipePanel {
        id: recipe
        visible: !side.tabbed || tabs.currentIndex === 0
        Layout.fillWidth: true
        Layout.fillHeight: true
        Layout.minimumHeight: 90
        simulation: side.simulation
    }
    MetricsPanel {
        id: metrics
        visible: !side.tabbed || tabs.currentIndex === 1
        Layout.fillWidth: true
        Layout.fillHeight: side.tabbed
        textScale: side.textScale
        highContrast: side.highContrast
        simulation: side.simulation
        compareSimulation: side.compareSimulation
        chartsShown: side.chartsShown
    }
}
