// The top bar: the lesson, what to run (recipe, seed, clients), files, and the window's modes.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Lockscope

ToolBar {
    id: bar
    required property Simulation simulation
    required property bool comparing
    required property bool presentation
    signal lessonsRequested()
    signal openRequested()
    signal recordRequested()
    signal exportRequested()
    signal helpRequested()
    signal compareToggled()
    signal presentationToggled()

    RowLayout {
        anchors.fill: parent
        spacing: 6
        ToolButton { text: "Lessons"; onClicked: bar.lessonsRequested() }
        ToolButton { text: "Open…"; onClicked: bar.openRequested() }
        ToolButton { text: "Record…"; onClicked: bar.recordRequested() }
        ColumnLayout {
            Layout.fillWidth: true
            spacing: 0
            Label { text: bar.simulation.title; font.bold: true; elide: Text.ElideRight; Layout.fillWidth: true }
            Label { text: bar.simulation.summary; elide: Text.ElideRight; Layout.fillWidth: true; opacity: 0.75 }
        }
        Label { text: "recipe" }
        ComboBox {
            id: recipeBox
            model: bar.simulation.recipeNames
            currentIndex: bar.simulation.recipeIndex
            implicitWidth: 200
            onActivated: (index) => bar.simulation.configure(bar.simulation.recipeNames[index], "", 0)
        }
        Label { text: "seed" }
        TextField {
            implicitWidth: 70
            text: bar.simulation.seed
            validator: RegularExpressionValidator { regularExpression: /[0-9]{1,19}/ }
            onEditingFinished: if (text !== bar.simulation.seed) bar.simulation.configure("", text, 0)
        }
        Label { text: "clients" }
        SpinBox {
            from: 1
            to: 1000
            editable: true
            value: bar.simulation.clientCount
            onValueModified: bar.simulation.configure("", "", value)
        }
        ComboBox {
            id: backendBox
            model: ["model", "live"]
            currentIndex: bar.simulation.backend === "live" ? 1 : 0
            implicitWidth: 90
            onActivated: (index) => bar.simulation.useBackend(index === 1 ? "live" : "model", serversField.text)
        }
        TextField {
            id: serversField
            visible: backendBox.currentIndex === 1
            placeholderText: "127.0.0.1:2181"
            text: bar.simulation.liveServers
            implicitWidth: 150
            onEditingFinished: if (backendBox.currentIndex === 1) bar.simulation.useBackend("live", text)
        }
        Label { text: "latency ms" }
        TextField {
            implicitWidth: 60
            text: bar.simulation.latencyMs
            validator: RegularExpressionValidator { regularExpression: /[0-9]+(, *[0-9]+)?/ }
            onEditingFinished: if (text !== bar.simulation.latencyMs) bar.simulation.configure("", "", 0, text)
        }
        ToolButton { text: "Compare"; checkable: true; checked: bar.comparing; onClicked: bar.compareToggled() }
        ToolButton { text: "Present"; checkable: true; checked: bar.presentation; onClicked: bar.presentationToggled() }
        ToolButton { text: "PNG"; onClicked: bar.exportRequested() }
        ToolButton { text: "?"; onClicked: bar.helpRequested() }
    }
}
