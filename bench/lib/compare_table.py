#!/usr/bin/env python3
"""The table of bench/compare.sh: medians of its rounds, ratios and verdicts, in Markdown.

    compare_table.py RESULTS META

RESULTS has one measurement a line, `KEY<TAB>SIDE<TAB>VALUE` (SIDE is `ours` or `peer`; VALUE a
number, or `NA` followed by a tab and the reason it could not be measured). META has `NAME<TAB>VALUE`
lines: machine, date, load before and after, the command. A ratio above 1 always means Lockscope
does better (more per second, or less time / fewer requests), so every row reads the same way.
"""
import statistics
import sys

# KEY -> (label, unit, higher_is_better, kind, target, peer name). Kinds: `peer` (another program
# doing the same job: ahead when ratio >= target), `floor` (a bound no lock client can beat: at the
# floor when ratio >= target), `budget` (a fixed figure: ahead when within it).
ZK_TARGET = 1.5  # issue 22: live ZooKeeper at >= 1.5x Curator
FLOOR_SHARE = 0.8  # the project's rule for floors (issues 6 and 17): >= 0.8x of the bound
ROWS = {}
for clients in (1, 4, 16):
    noun = "client" if clients == 1 else "clients"
    ROWS[f"zk.cycles.{clients}"] = (f"ZooKeeper lock cycles/s, {clients} {noun}", "/s", True, "peer",
                                    ZK_TARGET, "Curator 5.4 InterProcessMutex")
for clients in (4, 16):
    ROWS[f"zk.requests.{clients}"] = (f"ZooKeeper requests per contended cycle, {clients} clients", "",
                                      False, "requests", 1.0, "Curator 5.4")
    ROWS[f"zk.handoff_mean.{clients}"] = (f"ZooKeeper hand-off mean, {clients} clients", " ms", False,
                                          "peer", 1.0, "Curator 5.4")
    ROWS[f"zk.handoff_p99.{clients}"] = (f"ZooKeeper hand-off p99, {clients} clients", " ms", False,
                                         "peer", 1.0, "Curator 5.4")
ROWS["redis.cycles"] = ("Redis lock cycles/s, 1 client", "/s", True, "floor", FLOOR_SHARE,
                        "redis-benchmark SET NX PX + EVAL pair bound")
ROWS["pg.cycles"] = ("PostgreSQL FOR UPDATE cycles/s, 1 client", "/s", True, "floor", FLOOR_SHARE,
                     "pgbench, same statements")
for count in (1000, 100000):
    ROWS[f"engine.{count}"] = (f"Engine events/s, {count:,} scheduled then run", "/s", True, "floor",
                               FLOOR_SHARE, "bare binary-heap loop")
for size in ("1600x1000", "1280x720 presentation"):
    key = size.split()[0] + ("p" if "presentation" in size else "")
    ROWS[f"gui.{key}.median"] = (f"GUI frame median, 200 clients, {size}", " ms", False, "budget", 1.0,
                                 "60 frames/s budget")
    ROWS[f"gui.{key}.p99"] = (f"GUI frame p99, 200 clients, {size}", " ms", False, "budget", 1.0,
                              "60 frames/s budget")
# How the figures are taken, printed under every table so that it reads on its own.
METHOD_NOTES = (
    "ZooKeeper: one fresh standalone 3.8 server (tickTime=200, forceSync=no) for both sides; each "
    "client has its own session and loops acquire / release with no hold. Requests per cycle are the "
    "server's `mntr` zk_packets_received: around the whole run for Lockscope (its session set-up "
    "counts against it), over the measured window for Curator, whose harness "
    "(bench/curator/CuratorLockLoop.java) first runs the same loop unmeasured so that its JIT is warm.",
    "Hand-off: from the holder letting go to another client holding the lock (the same client taking it "
    "again is none), so there is no hand-off row for 1 client. Lockscope's figure is its run "
    "report's (the trace's release to the next grant); Curator's is timed in the harness, from just "
    "before release() to the next acquire() returning.",
    "Redis: the peer is the bound the pair of round trips puts on one client's cycle, "
    "1 / (1/r_set + 1/r_eval), from redis-benchmark -c 1 running SET NX PX and the compare-and-delete EVAL "
    "(each rate the better of two samples per round: load from elsewhere only lowers a bound).",
    "PostgreSQL 15: pgbench -c 1 -M extended running bench/pgbench-for-update.sql, the same five statements.",
    "Engine: bench_engine's BM_WorldScheduleThenRun against BM_BareHeapScheduleThenRun "
    "(bench/bench_bare_heap.cpp): the same callbacks at the same times through std::push_heap / pop_heap; events per CPU second.",
    "GUI: `lockscope --bench-frames` renders offscreen (QT_QPA_PLATFORM=offscreen, Qt's software "
    "renderer, no display) bench/scenarios/herd-200.yaml; the budget is 16.7 ms (60 frames/s).",
)
# The requests floor: create, getChildren, getData with a watch, getChildren, delete.
REQUESTS_FLOOR = 5.0
FRAME_BUDGET_MS = 1000 / 60


def read_results(path):
    values, missing = {}, {}
    for line in open(path, encoding="utf-8"):
        fields = line.rstrip("\n").split("\t")
        if len(fields) < 3:
            continue
        key, side, value = fields[:3]
        if value == "NA":
            missing[(key, side)] = fields[3] if len(fields) > 3 else "not measured"
        else:
            values.setdefault((key, side), []).append(float(value))
    return values, missing


def number(value, unit):
    if unit == "/s" and value >= 1e6:
        return f"{value / 1e6:.2f} M/s"
    if unit == "/s":
        return f"{value:,.0f}/s"
    return f"{value:.2f}{unit}"


def cell(samples, unit):
    median = statistics.median(samples)
    text = number(median, unit)
    if len(samples) > 1:
        text += f" ({number(min(samples), unit)}-{number(max(samples), unit)})"
    return text, median


def verdict(kind, ratio, target, ours, peer_text):
    if kind == "requests":
        if ours <= REQUESTS_FLOOR + 0.05:
            return f"at the floor (floor {REQUESTS_FLOOR:.0f})"
        return f"not yet (floor {REQUESTS_FLOOR:.0f})"
    if kind == "floor":
        # Above 1 the measured floor was beaten: the reference is not the true bound (the bare heap
        # is a plain one; a peer's run may have met more load), so say so rather than "at".
        if ratio >= 1.0:
            return f"ahead of the measured floor ({peer_text})"
        if ratio >= target:
            return f"at the floor ({peer_text})"
        return f"not yet (< {target}x of the floor, {peer_text})"
    if ratio >= target:
        return "ahead" if target == 1.0 else f"ahead (>= {target}x)"
    return "not yet" if target == 1.0 else f"not yet (target >= {target}x)"


def table(values, missing):
    lines = ["| Row | Lockscope | Peer | Ratio | Verdict |", "|---|---|---|---|---|"]
    for key, (label, unit, higher, kind, target, peer_name) in ROWS.items():
        ours_samples = values.get((key, "ours"))
        peer_samples = values.get((key, "peer"))
        if kind == "budget":
            peer_samples = [FRAME_BUDGET_MS]
        if not ours_samples or not peer_samples:
            reason = missing.get((key, "ours")) or missing.get((key, "peer"))
            if reason is None:
                continue  # this run did not measure the row (e.g. --quick)
            lines.append(f"| {label} | n/a | {peer_name} | n/a | not measured: {reason} |")
            continue
        ours_text, ours = cell(ours_samples, unit)
        peer_text, peer = cell(peer_samples, unit)
        ratio = (ours / peer if higher else peer / ours) if ours and peer else 0.0
        # The verdict goes by the ratio as printed, so that "0.80x" never reads "< 0.8x"; the rounds
        # differ by far more than the third decimal.
        ratio = round(ratio, 2)
        peer_cell = f"{peer_text} ({peer_name})"
        lines.append(f"| {label} | {ours_text} | {peer_cell} | {ratio:.2f}x | "
                     f"{verdict(kind, ratio, target, ours, number(peer, unit))} |")
    return lines


def main():
    values, missing = read_results(sys.argv[1])
    meta = dict(line.rstrip("\n").split("\t", 1) for line in open(sys.argv[2], encoding="utf-8") if "\t" in line)
    print(f"Command: `{meta.get('command', '?')}`  ")
    print(f"Machine: {meta.get('machine', '?')}; {meta.get('build') or 'default'} build; date {meta.get('date', '?')}; "
          f"load average before {meta.get('load_before', '?')}, after {meta.get('load_after', '?')}  ")
    print(f"Rounds: {meta.get('rounds', '?')} x {meta.get('seconds', '?')} s, interleaved "
          f"(Lockscope, peer, Lockscope, peer ...); cells are medians with the range of the rounds; "
          f"a ratio above 1 means Lockscope does better.")
    print()
    print("\n".join(table(values, missing)))
    print()
    for line in METHOD_NOTES:
        print(f"- {line}")


if __name__ == "__main__":
    main()
