#!/usr/bin/env bash
# Renders the screenshots in docs/screenshots/ with the app's headless mode (offscreen, software
# renderer: the same pixels on every machine), at the default 1600x1000 unless a --size says
# otherwise (presentation mode: a projector's 1280x720 and 1920x1080). Usage: docs/screenshots.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
app="${1:-build}/app/lockscope"
out=docs/screenshots
# In English whatever the machine's locale; a shot's own --language comes later and wins.
shot() { "$app" --language en --screenshot "$out/$1.png" "${@:2}" 2>&1 | grep -v XDG_RUNTIME_DIR || true; }

# The first lesson: one release under zk-naive bursts into nine notifications; under zk-chained
# (same clients, same seed) into one. 63.2 ms: the chained release's one notification has just
# left (it leaves after 63.0 ms), while six of the herd's nine are still in flight.
shot herd-vs-chain --scenario scenarios/zookeeper/herd-naive.yaml --compare zk-chained --at 63.2ms
# A crashed holder: its node stays while the ring counts its session down.
shot crash-holder --scenario scenarios/zookeeper/crash-holder.yaml --at 1.2s
# The lost-watch race: a watch set after the predecessor is gone never fires; 3 s on (the run is
# shown until its last narration step), c2 still waits with its useless watch.
shot lost-watch-race --scenario scenarios/zookeeper/lost-watch-race.yaml --at 3s
# A paused holder: its session expired under it and a second client acquired: two holders at
# once, the banner up (2.25 s; the overlap is 2.186 to 2.286 s).
shot paused-holder --scenario scenarios/zookeeper/paused-holder.yaml --at 2.25s
# Redis: a holder paused past its TTL; its lease runs out and c2 takes the lock.
shot redis-paused-holder --scenario scenarios/redis/paused-holder.yaml --at 1.05s
# Redlock over five instances, two of them down: c1's tally has three votes in, two pending.
shot redlock-two-down --scenario scenarios/redis/redlock-two-down.yaml --at 40ms
# A master with a replica 500 ms behind: c1's SET is in transit when the failover comes.
shot redis-failover --scenario scenarios/redis/failover-async-replication.yaml --at 150ms
# Compare mode on Redis: SETNX then EXPIRE (a crash between them holds the lock forever) against
# SET NX PX (the lease frees it): at the end of the run (5.01 s; a stuck client and a deadlock are
# judged there, not before) the headline over the stages reads "2 violations vs 0".
shot compare-redis --scenario scenarios/redis/setnx-crash-before-expire.yaml --compare redis-lock --at 6s
# Compare mode across services, as the lesson opens it (compare_with: zk-curator), on a
# projector's 1280x720: 4.3 s in, db-no-expiry's row still names the crashed c1 while zk-curator
# has expired c1's session and c2 holds ("next holder after the crash: none in 4.2 s vs 4.1 s").
shot compare-services --scenario scenarios/database/crashed-holder-vs-zookeeper.yaml --at 4.3s --size 1280x720
# The zkCli console at 1280x720, typing the lesson script lock-by-hand.zk: 6.8 ms in, the watch
# that `stat -w` set on lock-0000000000 is drawn (dashed) while the `delete` that will fire it is
# on its way to the server.
shot console --console scenarios/zookeeper-shell/lock-by-hand.zk --at 6.8ms --size 1280x720
# Presentation mode for a classroom, on a projector's 1280x720: large type in high contrast, the
# clients in two columns beside the server, the side and lower panels as tabs (T, D).
shot presentation --scenario scenarios/zookeeper/herd-naive.yaml --presentation --at 62ms --size 1280x720
# The same at 1920x1080: the desk layout in presentation type.
shot presentation-1080 --scenario scenarios/zookeeper/herd-naive.yaml --presentation --at 62ms --size 1920x1080
# A violation in presentation mode: hatched in the violation colour, not a pale wash.
shot presentation-violation --scenario scenarios/redis/paused-holder.yaml --presentation --at 3.2s --size 1280x720
# Compare mode in presentation mode at 1280x720: two stages in desk-sized type, clients in columns.
shot presentation-compare --scenario scenarios/zookeeper/herd-naive.yaml --compare zk-chained --presentation --at 70ms --size 1280x720
# A lesson the explorer found and wrote (scenarios/found/zk-paused-holder.yaml, from zk-curator
# with no fault): its shrunk pause of c1 (2171 ms, just past the session) has ended, and c2 has
# just been granted the lock c1 still believes it holds.
shot found-paused-holder --scenario scenarios/found/zk-paused-holder.yaml --at 2190ms
# The window in Chinese (README, "中文 / Chinese"): the first lesson compared with the chain in
# presentation mode on a projector's 1280x720, as in presentation-compare but 63.2 ms in.
shot chinese-presentation --language zh_CN --scenario scenarios/zookeeper/herd-naive.yaml --compare zk-chained --presentation --at 63.2ms --size 1280x720
# Predict, then reveal, on a projector's 1280x720: the crashed-holder lesson stops at its
# question; the answers take the lower row until the class has chosen and Space reveals.
shot question --scenario scenarios/zookeeper/crash-holder.yaml --presentation --at 100ms --size 1280x720
# The protected resource on stage: c1, paused past its session, presents token 5 to a counter
# that has accepted c2's token 7; 6.106 s in, its write has bounced off the card and flies back
# in the violation colour, and the card says why.
shot fencing-bounce --scenario scenarios/zookeeper/paused-holder-fenced.yaml --at 6106ms --size 1280x720
# The course map (--course): the lessons in the source material's order, in numbered chapters,
# each with its goal and the recipe it shows.
shot course --scenario scenarios/database/why-a-lock.yaml --course --at 0 --size 1280x720
# Scale (the crowd): 200 clients of zk-naive at 1280x720, 64 ms in: c7 has released, every waiter
# is listing /lock again, and the chart beside the heat strip counts release 1's 199 notifications.
shot herd-at-scale --scenario scenarios/zookeeper/herd-at-scale.yaml --at 64ms --size 1280x720
