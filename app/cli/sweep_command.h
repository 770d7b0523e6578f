// `lockscope-cli sweep FILE --seeds A:B [--shard K/N]`: the lesson under each seed of the range
// (sim/explore/seed_sweep.h), one JSON line per seed whose run shows a hunted violation, in order
// of seed; `--merge FILES` sorts shards' lines by seed into one sweep's (--unique: the first seed
// of each signature and counterexample only). Exit 0: no finding; 1: findings.
#pragma once

#include <QStringList>

namespace lockscope::cli {

int sweepCommand(const QStringList& arguments);

}  // namespace lockscope::cli
