#!/usr/bin/env bash
# A sweep in SHARDS shards with GNU parallel, on this machine's cores or over ssh, then merged.
# Usage: docs/sweep/parallel.sh LESSON FIRST:LAST SHARDS [SSHLOGINFILE]
# Every host needs lockscope-cli on its PATH and the lesson at the same path.
set -euo pipefail
lesson=$1 seeds=$2 shards=$3
remote=()
if [[ $# -ge 4 ]]; then remote=(--sshloginfile "$4"); fi
# lockscope-cli sweep exits 1 when it finds something: that is a result, not a failure.
seq 1 "$shards" | parallel "${remote[@]}" --halt never \
  "lockscope-cli sweep '$lesson' --seeds '$seeds' --shard {}/$shards > shard-{}.jsonl; [ \$? -le 1 ]"
lockscope-cli sweep --merge shard-*.jsonl > sweep.jsonl || true
wc -l < sweep.jsonl
