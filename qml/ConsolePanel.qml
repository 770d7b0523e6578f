// The console: a transcript of what was typed (after the shell's prompt) and what the shell
// printed, and one input line with the typed history on Up / Down. Every line runs through a shell
// of lockscope-cli over the console's own model server (ShellConsole in C++): zkCli's over a
// ZooKeeper, whose requests, znodes and watches the stage animates, or in a Redis lesson
// redis-cli's over a Redis, whose keys and TTLs it shows. Keys typed here stay here: a text field
// takes printable keys before the window's single-key shortcuts see them (Space does not play, 1
// answers nothing).
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Lockscope

Frame {
    id: panel
    required property Simulation simulation
    property real textScale: 1.0
    property bool highContrast: false
    signal closeRequested()
    // Esc: the keys go back to the player (Space, arrows), the console stays open.
    signal editingDone()
    padding: 2

    // Where Up / Down are in the history: historyCount is the empty line after the newest.
    property int historyIndex: 0
    // Large enough to read from the back of a room at 1280x720 (presentation doubles as textScale).
    readonly property real monoSize: 12 * panel.textScale
    readonly property string kind: panel.simulation.console.kind
    readonly property bool redis: kind === "redis"
    // Another shell's history under Up / Down (a lesson of the other service was opened).
    onKindChanged: historyIndex = panel.simulation.console.historyCount

    function takeKeys() { input.forceActiveFocus() }

    ColumnLayout {
        anchors.fill: parent
        spacing: 2
        RowLayout {
            Label {
                text: panel.redis ? qsTr("redis-cli console") : qsTr("zkCli console")
                font.bold: true
                opacity: panel.highContrast ? 1.0 : 0.7
            }
            Label {
                Layout.fillWidth: true
                elide: Text.ElideRight
                opacity: 0.7
                text: panel.redis
                      ? qsTr("Redis commands on an empty model Redis, as lockscope-cli redis-shell runs them; TTLs run out in real time")
                      : qsTr("ZooKeeper commands on an empty model ZooKeeper, as lockscope-cli shell runs them")
            }
            ToolButton {
                objectName: "consoleRestart"
                text: panel.redis ? qsTr("Empty Redis") : qsTr("Empty ZooKeeper")
                onClicked: panel.simulation.console.restart()
            }
            ToolButton {
                objectName: "consoleClose"
                text: qsTr("Back to the lesson")
                onClicked: panel.closeRequested()
            }
        }
        ScrollView {
            id: scroller
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            TextArea {
                id: transcript
                objectName: "consoleTranscript"
                readOnly: true
                activeFocusOnPress: false
                wrapMode: TextEdit.Wrap
                textFormat: TextEdit.PlainText
                font.family: "monospace"
                font.pointSize: panel.monoSize
                text: panel.simulation.console.transcript
                // The newest output in view.
                onTextChanged: cursorPosition = length
            }
        }
        RowLayout {
            Label {
                text: panel.simulation.console.prompt
                font.family: "monospace"
                font.pointSize: panel.monoSize
            }
            TextField {
                id: input
                objectName: "consoleInput"
                Layout.fillWidth: true
                font.family: "monospace"
                font.pointSize: panel.monoSize
                // The shell's own words: not translated.
                placeholderText: panel.redis
                                 ? "SET lock c1 NX PX 3000   GET lock   PTTL lock   DEL lock"
                                 : "create -e -s /lock/x-   ls -w /lock   get -s /lock   delete /lock/x-0000000000"
                onAccepted: {
                    panel.simulation.console.execute(text)
                    text = ""
                    panel.historyIndex = panel.simulation.console.historyCount
                }
                Keys.onUpPressed: {
                    if (panel.historyIndex > 0) {
                        panel.historyIndex -= 1
                        text = panel.simulation.console.historyEntry(panel.historyIndex)
                    }
                }
                Keys.onDownPressed: {
                    if (panel.historyIndex < panel.simulation.console.historyCount) {
                        panel.historyIndex += 1
                        text = panel.simulation.console.historyEntry(panel.historyIndex)
                    }
                }
                Keys.onEscapePressed: panel.editingDone()
            }
        }
    }
}
