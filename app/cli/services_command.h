// `lockscope-cli services [--clients N] [--seed S] [--json]`: the seeds' comparison of database,
// cache and ZooKeeper locks, measured (service_comparison.h): one column per service, one row
// per measure, and a line of what the figures say.
#pragma once

#include <QStringList>

namespace lockscope::cli {

int servicesCommand(const QStringList& arguments);

}  // namespace lockscope::cli
