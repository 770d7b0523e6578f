// The Lockscope window: the stage (or two, side by side, in compare mode), the narration, recipe
// and metrics panels, the playback bar, the space-time diagram and the event log. Views only:
// every decision is made by the Simulation view-models in C++.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Lockscope

ApplicationWindow {
    id: window

    required property string lessonFolder
    required property string compareRecipe
    required property bool presentation
    required property bool headless
    required property int initialWidth
    required property int initialHeight

    property alias simulation: primary
    property bool comparing: false
    property int selectedClient: -1
    readonly property real textScale: presentation ? 1.5 : 1.0

    width: initialWidth
    height: initialHeight
    // Below this the top bar, the side panel and the diagram no longer have room to say anything.
    minimumWidth: 1024
    minimumHeight: 640
    visible: true
    visibility: presentation && !headless ? Window.FullScreen : Window.AutomaticVisibility
    title: primary.loaded ? "Lockscope — " + primary.title : "Lockscope"
    font.pointSize: presentation ? 15 : 10
    // Presentation mode is high contrast too: pure white ground, black ink (theme.h).
    palette.window: Theme.windowColour(presentation)
    palette.windowText: Theme.inkColour(presentation)

    // Starts compare mode when a second recipe was asked for (the first lesson: herd vs chain).
    function startComparing() {
        if (compareRecipe !== "")
            comparing = true
    }

    Simulation { id: primary }
    // Compare mode: the same scenario, seed, clients, latency and clicked faults as `primary`
    // (kept in step by the Simulation itself), under a second recipe.
    Simulation {
        id: secondary
        objectName: "secondary"
        compareRecipe: window.compareRecipe
        leader: window.comparing ? primary : null
    }

    Shortcuts {
        id: shortcuts
        simulation: primary
        onHelpRequested: help.open()
        onLessonsRequested: lessons.open()
        onOpenRequested: openDialog.open()
        onRecordRequested: recordDialog.open()
        onExportRequested: exportDialog.open()
        onPresentationToggled: window.presentation = !window.presentation
        onCompareToggled: window.comparing = !window.comparing
        onServerToggled: primary.toggleServer()
        onSelectNext: (step) => {
            const count = primary.clientCount
            if (count > 0)
                window.selectedClient = (window.selectedClient + step + count) % count
        }
        onFault: (kind) => primary.injectFaultOn(kind, window.selectedClient)
    }

    header: TopBar {
        simulation: primary
        comparing: window.comparing
        presentation: window.presentation
        onLessonsRequested: lessons.open()
        onOpenRequested: openDialog.open()
        onRecordRequested: recordDialog.open()
        onExportRequested: exportDialog.open()
        onHelpRequested: help.open()
        onCompareToggled: window.comparing = !window.comparing
        onPresentationToggled: window.presentation = !window.presentation
        onEditingDone: leftStage.takeKeys()
    }

    footer: StatusLine {
        simulation: primary
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 4

        RowLayout {
            Layout.fillWidth: true
            Layout.fillHeight: true
            spacing: 4

            StagePanel {
                id: leftStage
                Layout.fillWidth: true
                Layout.fillHeight: true
                simulation: primary
                textScale: window.textScale
                highContrast: window.presentation
                selectedClient: window.selectedClient
                onClientClicked: (client, x, y) => {
                    window.selectedClient = client
                    faultMenu.client = client
                    faultMenu.popup()
                }
                onServerClicked: serverMenu.popup()
                onInstanceClicked: (instance) => {
                    instanceMenu.instance = instance
                    instanceMenu.popup()
                }
            }
            StagePanel {
                visible: window.comparing
                Layout.fillWidth: true
                Layout.fillHeight: true
                simulation: secondary
                textScale: window.textScale
                highContrast: window.presentation
                selectedClient: -1
            }
            SidePanel {
                readonly property real panelWidth: (window.comparing ? 300 : 400) * window.textScale
                Layout.preferredWidth: panelWidth
                Layout.maximumWidth: panelWidth
                Layout.fillHeight: true
                simulation: primary
                compareSimulation: window.comparing ? secondary : null
            }
        }

        PlaybackBar {
            objectName: "playbackBar"
            Layout.fillWidth: true
            simulation: primary
        }

        RowLayout {
            Layout.fillWidth: true
            Layout.preferredHeight: window.height * 0.24
            spacing: 4
            SpaceTimeView {
                objectName: "diagram"
                Layout.fillWidth: true
                Layout.fillHeight: true
                simulation: primary
                textScale: window.textScale
                highContrast: window.presentation
            }
            EventLogPanel {
                Layout.preferredWidth: Math.min(460 * window.textScale, window.width * 0.4)
                Layout.fillHeight: true
                simulation: primary
                textScale: window.textScale
                highContrast: window.presentation
            }
        }
    }

    FaultMenu {
        id: faultMenu
        objectName: "faultMenu"
        simulation: primary
    }
    Menu {
        id: serverMenu
        objectName: "serverMenu"
        MenuItem { text: "Kill the server"; enabled: primary.serverUp; onTriggered: primary.injectServerFault("kill_server") }
        MenuItem { text: "Restart the server"; enabled: !primary.serverUp; onTriggered: primary.injectServerFault("restart_server") }
    }
    InstanceMenu {
        id: instanceMenu
        objectName: "instanceMenu"
        simulation: primary
    }
    LessonBrowser {
        id: lessons
        folder: window.lessonFolder
        anchors.centerIn: parent
        width: Math.min(window.width * 0.7, 900 * window.textScale)
        height: window.height * 0.8
        onLessonChosen: (file) => primary.load(file)
    }
    HelpOverlay {
        id: help
        objectName: "help"
        rows: shortcuts.helpRows
        anchors.centerIn: parent
    }
    // Our own dialog, not QtQuick.Dialogs' FileDialog: see FilePathDialog.qml.
    FilePathDialog {
        id: openDialog
        objectName: "openDialog"
        anchors.centerIn: parent
        title: "Open a scenario"
        nameFilters: ["*.yaml", "*.yml"]
        startPath: window.lessonFolder + "/"
        onChosen: (path) => primary.load(path)
    }
    FilePathDialog {
        id: recordDialog
        objectName: "recordDialog"
        anchors.centerIn: parent
        title: "Save the scenario with the faults you clicked"
        saving: true
        suffix: ".yaml"
        nameFilters: ["*.yaml", "*.yml"]
        startPath: FilePaths.home() + "/" + primary.file.replace(/^.*\//, "").replace(/\.ya?ml$/, "") + "-recorded.yaml"
        onChosen: (path) => primary.saveRecording(path)
    }
    FilePathDialog {
        id: exportDialog
        objectName: "exportDialog"
        anchors.centerIn: parent
        title: "Export the view as PNG"
        saving: true
        suffix: ".png"
        nameFilters: ["*.png"]
        startPath: FilePaths.home() + "/lockscope.png"
        // The whole window, top bar and status line included.
        onChosen: (path) => WindowImage.save(window, path)
    }
}
