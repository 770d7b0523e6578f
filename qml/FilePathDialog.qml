pragma ComponentBehavior: Bound
// The app's file dialog for Open, Record and Export, the same on every platform: a path field to
// type into ("~/" is the home folder; Enter accepts), the folder's files to click, and, when
// saving, a question before an existing file is replaced. Qt 6.4's FileDialog on a plain X
// session has no file-name field and its Save button reads "Open", so nothing could be saved.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Qt.labs.folderlistmodel
import Lockscope

Popup {
    id: dialog
    property string title
    property bool saving: false
    property string suffix: ""          // appended to a typed name without one: ".yaml", ".png"
    property var nameFilters: ["*"]
    property string startPath: ""       // the path shown when the dialog opens
    signal chosen(string path)

    // The file that would be replaced, while the dialog asks; empty otherwise.
    property string replacing: ""
    property string problem: ""

    modal: true
    focus: true
    padding: 16
    width: Math.min(parent ? parent.width * 0.7 : 800, 1000)
    height: Math.min(parent ? parent.height * 0.75 : 560, 700)
    closePolicy: Popup.CloseOnEscape

    onOpened: {
        pathField.text = startPath
        replacing = ""
        problem = ""
        pathField.forceActiveFocus()
    }

    function accept() {
        const path = FilePaths.withSuffix(FilePaths.absolute(pathField.text), suffix)
        if (path === "")
            return
        if (FilePaths.isFolder(path)) {
            pathField.text = path + "/"
            return
        }
        if (!saving && !FilePaths.exists(path)) {
            problem = qsTr("%1: no such file").arg(path)
            return
        }
        if (saving && FilePaths.exists(path) && replacing !== path) {
            replacing = path  // asked once; a second Enter or "Replace" confirms
            return
        }
        close()
        chosen(path)
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 8
        Label { text: dialog.title; font.bold: true; font.pointSize: dialog.font.pointSize * 1.2 }
        TextField {
            id: pathField
            objectName: "pathField"
            Layout.fillWidth: true
            selectByMouse: true
            placeholderText: dialog.saving ? qsTr("file to write, e.g. %1").arg("~/my-run" + dialog.suffix) : qsTr("file to open")
            onAccepted: dialog.accept()
            onTextEdited: {
                dialog.replacing = ""
                dialog.problem = ""
            }
        }
        // A Repeater, not a ListView: its delegates are made at once, so the listing can change
        // under a path typed character by character (a ListView warned "DelegateModel::cancel:
        // index out range" when a folder change cancelled delegates it was still making).
        ScrollView {
            objectName: "folderList"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            Column {
                width: dialog.availableWidth
                Repeater {
                    model: FolderListModel {
                        folder: FilePaths.folderUrl(pathField.text)
                        nameFilters: dialog.nameFilters
                        showDirsFirst: true
                        showDotAndDotDot: true
                    }
                    delegate: ItemDelegate {
                        id: entry
                        required property string fileName
                        required property string filePath
                        required property bool fileIsDir
                        visible: fileName !== "."
                        width: dialog.availableWidth
                        text: fileIsDir ? fileName + "/" : fileName
                        onClicked: {
                            pathField.text = FilePaths.absolute(entry.filePath) + (entry.fileIsDir ? "/" : "")
                            dialog.replacing = ""
                        }
                        onDoubleClicked: if (!entry.fileIsDir) dialog.accept()
                    }
                }
            }
        }
        Label {
            visible: dialog.replacing !== "" || dialog.problem !== ""
            Layout.fillWidth: true
            wrapMode: Text.WrapAnywhere
            color: Theme.violation
            text: dialog.problem !== "" ? dialog.problem : qsTr("%1 exists. Replace it?").arg(dialog.replacing)
        }
        RowLayout {
            Item { Layout.fillWidth: true }
            Button { text: qsTr("Cancel"); onClicked: dialog.close() }
            Button {
                objectName: "acceptButton"
                highlighted: true
                enabled: pathField.text.trim() !== ""
                text: dialog.replacing !== "" ? qsTr("Replace") : dialog.saving ? qsTr("Save") : qsTr("Open")
                onClicked: dialog.accept()
            }
        }
    }
}
