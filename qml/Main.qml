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
    // The lessons opened from files, for the top bar's Recent menu (main remembers them).
    readonly property RecentFiles recentFiles: RecentFiles {}
    property bool comparing: false
    property int selectedClient: -1
    // "Show the whole run" (off by default, for this session): with it off, a "what happens next?"
    // pause shows nothing of what comes next (the event log, the diagram, the chart, the verdict).
    property bool wholeRunShown: false
    readonly property real textScale: presentation ? 1.5 : 1.0
    // Presentation mode on a projector's 1280x720 (or anything short of 1500x900): the side panel's
    // recipe and metrics, and the diagram and the event log, become tabs, so that what is shown
    // keeps presentation mode's type (docs: README, "Classroom").
    readonly property bool compact: presentation && (width < 1500 || height < 900)
    // In presentation type or a short window the narration panel has no room for a question's
    // answers: they take the lower row, in two columns across the window, while the question is
    // shown. Otherwise they are in the panel, which reserves the room in a lesson that asks.
    readonly property bool answersInPanel: !presentation && height >= 900
    readonly property bool answersBelow: !answersInPanel && primary.playback.question !== ""
    readonly property bool lessonAsks: primary.playback.asksQuestions
    // Two stages side by side on 1280x720 have room for names and states only in desk-sized type.
    // The console (zkCli, or redis-cli in a Redis lesson) has the stage (its own server) and the
    // lower row.
    readonly property bool consoleOpen: primary.console.active
    readonly property real stageScale: compact && comparing ? 1.0 : textScale

    // Never larger than the screen: a projector's 1280x720 without a window manager to make it
    // full screen would otherwise show the top left of a 1600x1000 window.
    width: headless ? initialWidth : Math.min(initialWidth, Screen.desktopAvailableWidth)
    height: headless ? initialHeight : Math.min(initialHeight, Screen.desktopAvailableHeight)
    // Below this the top bar, the side panel and the diagram no longer have room to say anything.
    minimumWidth: 1024
    minimumHeight: 640
    visible: true
    visibility: presentation && !headless ? Window.FullScreen : Window.AutomaticVisibility
    title: primary.run.loaded ? "Lockscope — " + primary.run.title : "Lockscope"
    font.pointSize: presentation ? 15 : 10
    // Presentation mode is high contrast too: pure white ground, black ink (theme.h).
    palette.window: Theme.windowColour(presentation)
    palette.windowText: Theme.inkColour(presentation)

    // Starts compare mode when a second recipe was asked for (the first lesson: herd vs chain).
    function startComparing() {
        if (compareRecipe !== "")
            comparing = true
    }
    // A file the user opened (Open…, Recent): listed first in Recent once it has loaded.
    function toggleConsole() {
        if (consoleOpen) {
            primary.console.close()
            return
        }
        // The console's server is one run: no second recipe beside it.
        comparing = false
        primary.console.open()
        Qt.callLater(() => consolePanel.takeKeys())
    }
    function openFile(path: string) {
        if (primary.session.load(path))
            recentFiles.add(path)
    }

    Simulation {
        id: primary
        wholeRunShown: window.wholeRunShown
        // A thousand clients take seconds: made in the background, the window stays live.
        live.backgroundModelRuns: !window.headless
        // A lesson that asks for a comparison (`compare_with:`) opens compare mode with it.
        onCompareRequested: (recipe) => {
            secondary.compare.recipe = recipe
            window.comparing = true
        }
    }
    // Compare mode: the same scenario, seed, clients, latency and clicked faults as `primary`
    // (kept in step by the Simulation itself), under a second recipe.
    Simulation {
        id: secondary
        objectName: "secondary"
        compare.recipe: window.compareRecipe
        compare.leader: window.comparing ? primary : null
        wholeRunShown: window.wholeRunShown
        live.backgroundModelRuns: !window.headless
    }

    // A language switch (the top bar, Ctrl+L): qsTr bindings follow by themselves, the texts the
    // view-models make in C++ are made again.
    // --course: the course map over the window from the start (a teacher's first slide).
    property bool openCourse: false
    Component.onCompleted: {
        Language.changed.connect(() => {
            primary.retranslate()
            secondary.retranslate()
        })
        if (openCourse) lessons.open()
    }

    Shortcuts {
        id: shortcuts
        simulation: primary
        onHelpRequested: help.open()
        onLessonsRequested: lessons.open()
        onOpenRequested: openDialog.open()
        onRecordRequested: recordDialog.open()
        onExportRequested: exportDialog.open()
        onBreakRequested: explorerPopup.search()
        onPresentationToggled: window.presentation = !window.presentation
        onCompareToggled: window.comparing = !window.comparing
        onServerToggled: primary.faults.toggleServer()
        onSelectNext: (step) => {
            const count = primary.run.clientCount
            if (count > 0)
                window.selectedClient = (window.selectedClient + step + count) % count
        }
        onFault: (kind) => primary.faults.injectFaultOn(kind, window.selectedClient)
        onLowerTabToggled: lowerTabs.currentIndex = (lowerTabs.currentIndex + 1) % lowerTabs.count
        onSideTabToggled: sidePanel.nextTab()
        onAlignToggled: secondary.compare.alignOnRelease = !secondary.compare.alignOnRelease
        onWholeRunToggled: window.wholeRunShown = !window.wholeRunShown
        onConsoleToggled: window.toggleConsole()
    }

    header: TopBar {
        // The top bar is the lecturer's, not the class's: desk-sized type keeps it to one line.
        font.pointSize: window.compact ? 11 : window.font.pointSize
        compact: window.compact
        simulation: primary
        recentFiles: window.recentFiles
        comparing: window.comparing
        presentation: window.presentation
        onLessonsRequested: lessons.open()
        onOpenRequested: openDialog.open()
        onRecentChosen: (path) => window.openFile(path)
        onRecordRequested: recordDialog.open()
        onExportRequested: exportDialog.open()
        onBreakRequested: explorerPopup.search()
        onHelpRequested: help.open()
        onCompareToggled: window.comparing = !window.comparing
        onPresentationToggled: window.presentation = !window.presentation
        onConsoleToggled: window.toggleConsole()
        consoleOpen: window.consoleOpen
        onEditingDone: leftStage.takeKeys()
    }

    footer: StatusLine {
        simulation: primary
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 4

        CompareBar {
            id: compareBar
            objectName: "compareBar"
            visible: window.comparing
            Layout.fillWidth: true
            leader: primary
            follower: secondary
            // Like the top bar, its controls are the lecturer's: desk-sized at 1280x720, so that
            // the headline keeps its large type.
            font.pointSize: window.compact ? 11 : window.font.pointSize
            textScale: window.compact ? 1.0 : window.textScale
        }

        RowLayout {
            Layout.fillWidth: true
            Layout.fillHeight: true
            spacing: 4

            StagePanel {
                id: leftStage
                Layout.fillWidth: true
                // Equal preferred widths: the two stages of compare mode share the row evenly,
                // whatever their title rows hold (only the leading one has the scale slider).
                Layout.preferredWidth: 1
                Layout.fillHeight: true
                simulation: primary
                textScale: window.stageScale
                highContrast: window.presentation
                legendShown: !window.compact
                selectedClient: window.selectedClient
                // The console's stage shows its own sessions: the fault menus act on the lesson's
                // clients (and would take the stage back from the console), so they wait.
                onClientClicked: (client, x, y) => {
                    if (window.consoleOpen)
                        return
                    window.selectedClient = client
                    faultMenu.client = client
                    faultMenu.popup()
                }
                onServerClicked: if (!window.consoleOpen) serverMenu.popup()
                onInstanceClicked: (instance) => {
                    if (window.consoleOpen)
                        return
                    instanceMenu.instance = instance
                    instanceMenu.popup()
                }
            }
            StagePanel {
                visible: window.comparing
                Layout.fillWidth: true
                Layout.preferredWidth: 1
                Layout.fillHeight: true
                simulation: secondary
                textScale: window.stageScale
                highContrast: window.presentation
                legendShown: !window.compact
                selectedClient: -1
            }
            SidePanel {
                id: sidePanel
                readonly property real panelWidth: window.compact ? (window.comparing ? 280 : 420)
                                                                  : (window.comparing ? 300 : 400) * window.textScale
                Layout.preferredWidth: panelWidth
                Layout.maximumWidth: panelWidth
                Layout.fillHeight: true
                simulation: primary
                compareSimulation: window.comparing ? secondary : null
                textScale: window.textScale
                highContrast: window.presentation
                tabbed: window.compact
                // Tabbed, the narration shares the column with one panel, not two.
                narrationReserve: window.height * (window.compact ? 0.2 : window.answersInPanel && window.lessonAsks ? 0.24 : 0.1)
                answersHere: window.answersInPanel
                // Tabbed, the metrics have a tab of their own; otherwise a window under 760 px
                // keeps the diagram's height rather than the charts.
                chartsShown: window.compact || window.height >= 760
            }
        }

        PlaybackBar {
            objectName: "playbackBar"
            Layout.fillWidth: true
            simulation: primary
        }

        TabBar {
            id: lowerTabs
            objectName: "lowerTabs"
            visible: window.compact && !window.consoleOpen
            Layout.fillWidth: true
            TabButton { text: qsTr("Space-time diagram (D)") }
            TabButton { text: qsTr("Event log (D)") }
            TabButton { text: qsTr("Legend (D)") }
        }
        RowLayout {
            id: lowerRow
            // Qt 6.4's RowLayout can keep laying out by a panel's old visibility when which
            // panels are shown changes as the window changes mode: F5 into presentation type at
            // 1280x720 left both diagrams 406 px wide beside a hidden event log, drawn blank, until
            // the next tab switch. Once such a change has settled, every panel is hidden for one
            // turn of the event loop and shown again, which makes the layout read them all anew
            // (tst_window_launch checks the diagrams' width after F5 in a real window).
            property bool blink: false
            readonly property string shows: `${window.compact} ${window.comparing} ${window.answersBelow} ${lowerTabs.currentIndex} ${window.consoleOpen}`
            onShowsChanged: Qt.callLater(() => {
                lowerRow.blink = true
                Qt.callLater(() => { lowerRow.blink = false })
            })
            visible: !window.consoleOpen
            Layout.fillWidth: true
            Layout.preferredHeight: window.height * 0.24
            // Tabbed, one panel takes the whole width; the stage takes the height that is left.
            Layout.fillHeight: !window.compact
            spacing: 4
            SpaceTimeView {
                objectName: "diagram"
                visible: !lowerRow.blink && !window.answersBelow && (!window.compact || lowerTabs.currentIndex === 0)
                Layout.fillWidth: true
                Layout.fillHeight: true
                simulation: primary
                textScale: window.textScale
                highContrast: window.presentation
                // A run with a violation: its causal slice at full colour, the rest dimmed (V).
                CheckBox {
                    objectName: "sliceBox"
                    visible: primary.slice.available
                    anchors.top: parent.top
                    anchors.left: parent.left
                    anchors.leftMargin: 60 * window.textScale
                    padding: 0
                    font.pointSize: 8.5 * window.textScale
                    text: qsTr("Causal slice (V)")
                    checked: primary.slice.shown
                    onToggled: primary.slice.shown = checked
                    ToolTip.text: primary.slice.summary
                    ToolTip.visible: hovered
                }
            }
            // Compare mode: the second run's diagram beside the first's (both follow their stage).
            SpaceTimeView {
                objectName: "compareDiagram"
                visible: !lowerRow.blink && window.comparing && !window.answersBelow && (!window.compact || lowerTabs.currentIndex === 0)
                Layout.fillWidth: true
                Layout.fillHeight: true
                simulation: secondary
                textScale: window.textScale
                highContrast: window.presentation
            }
            EventLogPanel {
                visible: !lowerRow.blink && !window.answersBelow && (!window.compact || lowerTabs.currentIndex === 1)
                Layout.fillWidth: window.compact
                Layout.preferredWidth: Math.min(460 * window.textScale, window.width * 0.4)
                Layout.fillHeight: true
                objectName: "eventLog"
                // Compare mode: the run the compare bar names (the left one unless asked).
                simulation: window.comparing && compareBar.logOfSecond ? secondary : primary
                textScale: window.textScale
                highContrast: window.presentation
                wholeRun: window.wholeRunShown
                onWholeRunToggled: window.wholeRunShown = !window.wholeRunShown
            }
            QuestionAnswers {
                objectName: "answersBelow"
                visible: !lowerRow.blink && window.answersBelow
                Layout.fillWidth: true
                Layout.fillHeight: true
                columns: 2
                simulation: primary
            }
            StageView {
                objectName: "legend"
                visible: !lowerRow.blink && window.compact && !window.answersBelow && lowerTabs.currentIndex === 2
                Layout.fillWidth: true
                Layout.fillHeight: true
                legendOnly: true
                simulation: primary
                textScale: window.textScale
                highContrast: window.presentation
            }
        }
        ConsolePanel {
            id: consolePanel
            objectName: "console"
            visible: window.consoleOpen
            Layout.fillWidth: true
            Layout.preferredHeight: window.height * 0.3
            Layout.fillHeight: !window.compact
            simulation: primary
            textScale: window.textScale
            highContrast: window.presentation
            onCloseRequested: primary.console.close()
            onEditingDone: leftStage.takeKeys()
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
        MenuItem { text: qsTr("Kill the server"); enabled: primary.faults.serverUp; onTriggered: primary.faults.injectServerFault("kill_server") }
        MenuItem { text: qsTr("Restart the server"); enabled: !primary.faults.serverUp; onTriggered: primary.faults.injectServerFault("restart_server") }
    }
    InstanceMenu {
        id: instanceMenu
        objectName: "instanceMenu"
        simulation: primary
    }
    LessonBrowser {
        id: lessons
        folder: window.lessonFolder
        live: primary.live.backend === "live"
        anchors.centerIn: parent
        width: Math.min(window.width * 0.7, 900 * window.textScale)
        height: window.height * 0.8
        onLessonChosen: (file) => primary.session.load(file)
    }
    ExplorerPopup {
        id: explorerPopup
        objectName: "explorerPopup"
        simulation: primary
        anchors.centerIn: parent
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
        title: qsTr("Open a scenario")
        nameFilters: ["*.yaml", "*.yml"]
        startPath: window.lessonFolder + "/"
        onChosen: (path) => window.openFile(path)
    }
    FilePathDialog {
        id: recordDialog
        objectName: "recordDialog"
        anchors.centerIn: parent
        title: qsTr("Save the scenario with the faults you clicked")
        saving: true
        suffix: ".yaml"
        nameFilters: ["*.yaml", "*.yml"]
        startPath: FilePaths.home() + "/" + primary.session.file.replace(/^.*\//, "").replace(/\.ya?ml$/, "") + "-recorded.yaml"
        onChosen: (path) => primary.session.saveRecording(path)
    }
    FilePathDialog {
        id: exportDialog
        objectName: "exportDialog"
        anchors.centerIn: parent
        title: qsTr("Export the view as PNG")
        saving: true
        suffix: ".png"
        nameFilters: ["*.png"]
        startPath: FilePaths.home() + "/lockscope.png"
        // The whole window, top bar and status line included.
        onChosen: (path) => WindowImage.save(window, path)
    }
}
