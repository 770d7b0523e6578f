// `lockscope-cli check FILE|DIR...`: runs every scenario (directories: every *.yaml below them,
// in name order), one line each, then "N passed, N failed" (and ", N skipped (live only)" when
// the model met lessons made for live servers). A course file (course.yaml, sim/scenario/course.h)
// is checked as a course: every lesson of its folder listed once, each one loading.
#pragma once

#include <QStringList>

namespace lockscope::cli {

int checkCommand(const QStringList& arguments);

}  // namespace lockscope::cli
