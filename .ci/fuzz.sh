#!/usr/bin/env bash
# Builds the fuzz targets in fuzz/ with clang (libFuzzer + AddressSanitizer) in build-fuzz/ and runs
# each for SECONDS (default 60), seeded with scenarios/ and tests/zkcli/ plus the kept
# reproducers. A crash, a leak, a timeout (one input over 10 s) or an out-of-memory is a failure:
# its input is copied into fuzz/regressions/TARGET/ (commit it: the normal build's
# TARGET_regressions test then runs it forever) and the script exits 1.
#
# usage: .ci/fuzz.sh [SECONDS]        (from the repository's root; needs clang-14, libclang-rt-14-dev)
set -euo pipefail

seconds="${1:-60}"
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$root/build-fuzz"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++-14 \
  -DLOCKSCOPE_BUILD_FUZZ=ON -DLOCKSCOPE_BUILD_BENCH=OFF "${launcher[@]}" >/dev/null
targets=(fuzz_scenario_loader fuzz_set_override fuzz_zk_shell)
cmake --build "$build" --target "${targets[@]}"

status=0
for target in "${targets[@]}"; do
  corpus="$work/$target/corpus"
  artifacts="$work/$target/artifacts"
  mkdir -p "$corpus" "$artifacts"
  # Seeds: the kept reproducers, and for the loader and the shell their real inputs.
  cp "$root/fuzz/regressions/$target/"* "$corpus/" 2>/dev/null || true
  # (Named by their path: scenarios/zookeeper/x.yaml and scenarios/redis/x.yaml both exist.)
  case "$target" in
    fuzz_scenario_loader) seeds=("$root"/scenarios/*/*.yaml) ;;
    fuzz_zk_shell) seeds=("$root"/tests/zkcli/*.zk) ;;
    *) seeds=() ;;
  esac
  for seed in "${seeds[@]}"; do
    relative="${seed#"$root"/}"
    cp "$seed" "$corpus/${relative//\//_}"
  done
  echo "== $target: ${seconds}s"
  # Bounded from outside too: after an out-of-memory, libFuzzer prints a heap profile that can take
  # many minutes on a large heap (seen on CI), while the input it found is still being written.
  if ! timeout -s KILL $(( seconds + 240 )) "$build/fuzz/$target" "$corpus" -max_total_time="$seconds" -timeout=10 \
      -rss_limit_mb=2048 -max_len=8192 -print_final_stats=1 -artifact_prefix="$artifacts/" 2>"$work/$target/log"; then
    tail -40 "$work/$target/log"
    echo "== $target failed (an input above, if libFuzzer got to write it, is kept under fuzz/regressions/$target/)"
    status=1
  fi
  tail -4 "$work/$target/log"
  for found in "$artifacts"/*; do
    [ -e "$found" ] || continue
    cp "$found" "$root/fuzz/regressions/$target/"
    echo "kept $(basename "$found") in fuzz/regressions/$target/"
    status=1
  done
done
exit "$status"
