pragma ComponentBehavior: Bound
// The top bar: the lesson, what to run (recipe, seed, clients), files, and the window's modes.
// Groups flow onto a second line when the window is narrow; the lesson's title takes the room
// that is left and elides (in presentation it wraps onto the summary's line first).
import QtQuick
import QtQuick.Controls
import QtQml.Models
import Lockscope

ToolBar {
    id: bar
    required property Simulation simulation
    required property RecentFiles recentFiles
    required property bool comparing
    required property bool presentation
    // Presentation mode at 1280x720: narrower fields and no "Break it…" (prepared before the
    // class). In presentation at any size the backend and latency fields (set up before the class
    // too; the stage names its backend) step aside, so that the bar keeps to one row and the
    // title has room for two lines.
    property bool compact: false
    signal lessonsRequested()
    signal openRequested()
    signal recentChosen(string path)
    signal recordRequested()
    signal exportRequested()
    signal breakRequested()
    signal helpRequested()
    signal compareToggled()
    signal presentationToggled()
    // Enter or leaving a field ends the edit: the keys go back to the player (Space, arrows).
    signal editingDone()
    signal consoleToggled()
    property bool consoleOpen: false

    Flow {
        id: flow
        objectName: "topBarFlow"
        width: bar.availableWidth
        spacing: 6
        readonly property real othersWidth: files.width + recipeGroup.width + seedGroup.width + clientsGroup.width
                                            + (backendGroup.visible ? backendGroup.width : 0)
                                            + (latencyGroup.visible ? latencyGroup.width : 0) + modes.width + 7 * spacing

        Row {
            id: files
            ToolButton { text: qsTr("Lessons"); onClicked: bar.lessonsRequested() }
            ToolButton { text: qsTr("Open…"); onClicked: bar.openRequested() }
            // The files opened last, newest first: there once a file was opened (so the bar of a
            // fresh window and its screenshots stay as they were); set up before a class, so not
            // at 1280x720.
            ToolButton {
                id: recentButton
                objectName: "recentButton"
                text: qsTr("Recent")
                visible: !bar.compact && bar.recentFiles.files.length > 0
                onClicked: {
                    bar.recentFiles.dropMissing()
                    recentMenu.popup(recentButton, 0, recentButton.height)
                }
                Menu {
                    id: recentMenu
                    objectName: "recentMenu"
                    // Wide enough for a name and its folder: a menu's own width elides the folder.
                    width: Math.min(bar.width * 0.6, 720)
                    Instantiator {
                        model: bar.recentFiles.files
                        delegate: MenuItem {
                            required property string modelData
                            text: modelData.replace(/^.*\//, "") + "  —  " + modelData.replace(/\/[^/]*$/, "")
                            onTriggered: bar.recentChosen(modelData)
                        }
                        onObjectAdded: (index, item) => recentMenu.insertItem(index, item as MenuItem)
                        onObjectRemoved: (index, item) => recentMenu.removeItem(item as MenuItem)
                    }
                }
            }
            ToolButton { text: qsTr("Record…"); onClicked: bar.recordRequested() }
            // Prepared before a class, not during it: presentation at 1280x720 keeps it to B.
            ToolButton { objectName: "breakButton"; text: qsTr("Break it…"); visible: !bar.compact; onClicked: bar.breakRequested() }
        }
        Column {
            width: Math.max(220, flow.width - flow.othersWidth)
            Label {
                id: titleLabel
                objectName: "lessonTitle"
                text: bar.simulation.run.title
                font.bold: true
                width: parent.width
                elide: Text.ElideRight
                wrapMode: bar.presentation ? Text.Wrap : Text.NoWrap
                maximumLineCount: bar.presentation ? 2 : 1
            }
            Label {
                visible: titleLabel.lineCount < 2
                text: bar.simulation.run.summary
                elide: Text.ElideRight
                width: parent.width
                opacity: bar.presentation ? 1.0 : 0.75
            }
        }
        Row {
            id: recipeGroup
            spacing: 6
            Label { text: qsTr("recipe"); anchors.verticalCenter: parent.verticalCenter }
            ComboBox {
                objectName: "recipeBox"
                model: bar.simulation.run.recipeNames
                currentIndex: bar.simulation.run.recipeIndex
                // Narrower on a projector, where the title needs the room more than long names.
                implicitWidth: bar.compact ? 150 : 200
                // The box shows the recipe that runs: a pick that could not be configured goes back.
                onActivated: (index) => {
                    bar.simulation.session.configure(bar.simulation.run.recipeNames[index], "", 0)
                    currentIndex = Qt.binding(() => bar.simulation.run.recipeIndex)
                }
            }
        }
        Row {
            id: seedGroup
            spacing: 6
            Label { text: qsTr("seed"); anchors.verticalCenter: parent.verticalCenter }
            TextField {
                objectName: "seedField"
                implicitWidth: bar.compact ? 60 : 70
                text: bar.simulation.run.seed
                validator: RegularExpressionValidator { regularExpression: /[0-9]{1,19}/ }
                onEditingFinished: {
                    if (text !== bar.simulation.run.seed)
                        bar.simulation.session.configure("", text, 0)
                    bar.editingDone()
                }
            }
        }
        Row {
            id: clientsGroup
            spacing: 6
            Label { text: qsTr("clients"); anchors.verticalCenter: parent.verticalCenter }
            SpinBox {
                objectName: "clientsBox"
                // Three digits and the arrows; the style's default is wider.
                implicitWidth: bar.compact ? 96 : 120
                from: 1
                to: bar.simulation.run.maxClients
                editable: true
                value: bar.simulation.run.clientCount
                onValueModified: bar.simulation.session.configure("", "", value)
                Keys.onReturnPressed: bar.editingDone()
                Keys.onEnterPressed: bar.editingDone()
            }
        }
        Row {
            id: backendGroup
            visible: !bar.presentation
            spacing: 6
            ComboBox {
                id: backendBox
                model: [qsTr("model"), qsTr("live")]
                currentIndex: bar.simulation.live.backend === "live" ? 1 : 0
                // A new model (the language switched) resets the box to its first entry.
                onModelChanged: currentIndex = Qt.binding(() => bar.simulation.live.backend === "live" ? 1 : 0)
                implicitWidth: 90
                onActivated: (index) => bar.simulation.live.useBackend(index === 1 ? "live" : "model", serversField.text)
            }
            TextField {
                id: serversField
                visible: backendBox.currentIndex === 1
                placeholderText: "127.0.0.1:2181"
                text: bar.simulation.live.liveServers
                implicitWidth: 150
                onEditingFinished: if (backendBox.currentIndex === 1) bar.simulation.live.useBackend("live", text)
            }
        }
        Row {
            id: latencyGroup
            visible: !bar.presentation
            spacing: 6
            Label { text: qsTr("latency ms"); anchors.verticalCenter: parent.verticalCenter }
            TextField {
                objectName: "latencyField"
                implicitWidth: 60
                text: bar.simulation.run.latencyMs
                validator: RegularExpressionValidator { regularExpression: /[0-9]+(, *[0-9]+)?/ }
                onEditingFinished: {
                    if (text !== bar.simulation.run.latencyMs)
                        bar.simulation.session.configure("", "", 0, text)
                    bar.editingDone()
                }
            }
        }
        Row {
            id: modes
            ToolButton {
                objectName: "consoleButton"
                readonly property bool redis: bar.simulation.console.kind === "redis"
                // The shell's name: not translated.
                text: redis ? "redis-cli" : "zkCli"
                // At 1280x720 in presentation type the lesson's title needs the room: Ctrl+K
                // opens the console there; the button is back while it is open, to close it.
                visible: !bar.compact || bar.consoleOpen
                checkable: true
                checked: bar.consoleOpen
                onClicked: bar.consoleToggled()
                ToolTip.text: redis ? qsTr("redis-cli console: type Redis commands, watch the keys and their TTLs on the stage (Ctrl+K)")
                                    : qsTr("zkCli console: type ZooKeeper commands, watch them on the stage (Ctrl+K)")
                ToolTip.visible: hovered
            }
            ToolButton { text: qsTr("Compare"); checkable: true; checked: bar.comparing; onClicked: bar.compareToggled() }
            ToolButton { text: qsTr("Present"); checkable: true; checked: bar.presentation; onClicked: bar.presentationToggled() }
            ToolButton { text: "PNG"; onClicked: bar.exportRequested() }
            // The language to switch to, in its own words: whoever reads only that one finds it.
            ToolButton {
                objectName: "languageButton"
                text: Language.current === "zh_CN" ? "EN" : "中文"
                onClicked: Language.toggle()
                ToolTip.text: qsTr("language: English / 中文 (Ctrl+L)")
                ToolTip.visible: hovered
            }
            ToolButton { text: "?"; onClicked: bar.helpRequested() }
        }
    }
}
