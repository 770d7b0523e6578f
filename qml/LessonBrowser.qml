pragma ComponentBehavior: Bound
// The lessons: every scenario under the lessons folder with its title and one-line summary.
// A file that does not load shows its error instead of a summary. Lessons for live servers only
// are listed when the backend is live; on the model a note says where they went.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Lockscope

Popup {
    id: browser
    property alias folder: lessons.folder
    property alias live: lessons.live
    signal lessonChosen(string file)
    modal: true
    padding: 12

    LessonListModel { id: lessons }
    // A switch of language (the top bar, Ctrl+L): the lessons' titles and summaries follow.
    Component.onCompleted: Language.changed.connect(() => lessons.retranslate())

    ColumnLayout {
        anchors.fill: parent
        Label { text: qsTr("Lessons in %1").arg(lessons.folder); font.bold: true }
        ListView {
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: lessons
            delegate: ItemDelegate {
                id: lesson
                required property string title
                required property string summary
                required property string file
                required property bool valid
                required property string group
                required property bool groupStart
                width: ListView.view.width
                contentItem: ColumnLayout {
                    spacing: 0
                    Label { visible: lesson.groupStart; text: lesson.group; font.bold: true; font.capitalization: Font.AllUppercase; opacity: 0.6; topPadding: 6 }
                    Label { text: lesson.title; font.bold: true }
                    Label { text: lesson.summary; opacity: 0.75; color: lesson.valid ? palette.windowText : Theme.violation; elide: Text.ElideRight; Layout.fillWidth: true }
                }
                onClicked: {
                    browser.lessonChosen(lesson.file)
                    browser.close()
                }
            }
        }
        Label {
            visible: text !== ""
            text: lessons.liveOnlyNote
            wrapMode: Text.WordWrap
            opacity: 0.75
            Layout.fillWidth: true
        }
    }
}
