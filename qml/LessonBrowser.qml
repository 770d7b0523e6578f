pragma ComponentBehavior: Bound
// The lessons as a course map: the folder's course (course.yaml) by chapter, a heading and the
// chapter's goal above its first lesson, each lesson's number, title, goal and recipe; lessons
// the course does not list come last, under "More lessons". A folder without a course lists its
// lessons by folder with their summaries. A file that does not load shows its error instead.
// Lessons for live servers only are listed when the backend is live; on the model a note says
// where they went.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Lockscope

Popup {
    id: browser
    objectName: "lessonBrowser"
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
            objectName: "lessonList"
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
                required property string chapterGoal
                required property string number
                required property string goal
                required property string recipe
                width: ListView.view.width
                contentItem: ColumnLayout {
                    spacing: 0
                    Label { visible: lesson.groupStart; text: lesson.group; font.bold: true; font.pixelSize: lesson.font.pixelSize * 1.2; topPadding: 10; elide: Text.ElideRight; Layout.fillWidth: true }
                    Label { visible: lesson.groupStart && lesson.chapterGoal !== ""; text: lesson.chapterGoal; opacity: 0.6; bottomPadding: 4; elide: Text.ElideRight; Layout.fillWidth: true }
                    RowLayout {
                        spacing: 8
                        Layout.fillWidth: true
                        Label { visible: lesson.number !== ""; text: lesson.number; font.bold: true; opacity: 0.6; Layout.preferredWidth: numberWidth.advanceWidth }
                        Label { text: lesson.title; font.bold: true; elide: Text.ElideRight; Layout.fillWidth: true }
                        Label { visible: lesson.recipe !== ""; text: lesson.recipe; font.family: "monospace"; font.pixelSize: lesson.font.pixelSize * 0.85; opacity: 0.55 }
                    }
                    // The goal where the course gives one; else the summary, or a broken file's error.
                    Label {
                        text: lesson.goal !== "" ? lesson.goal : lesson.summary
                        opacity: 0.75
                        color: lesson.valid ? palette.windowText : Theme.violation
                        elide: Text.ElideRight
                        leftPadding: lesson.number !== "" ? numberWidth.advanceWidth + 8 : 0
                        Layout.fillWidth: true
                    }
                }
                onClicked: {
                    browser.lessonChosen(lesson.file)
                    browser.close()
                }
            }
        }
        // The widest number, so that every goal lines up under its title.
        TextMetrics { id: numberWidth; text: "0.00"; font.bold: true }
        Label {
            visible: text !== ""
            text: lessons.courseError === "" ? "" : qsTr("The course file does not load, so the lessons are listed by folder: %1").arg(lessons.courseError)
            color: Theme.violation
            wrapMode: Text.WordWrap
            Layout.fillWidth: true
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
