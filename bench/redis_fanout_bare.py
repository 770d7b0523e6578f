#!/usr/bin/env python3
# The floor under Redlock's acquisition latency on this machine, without lockscope: plain
# blocking sockets send SET k v PX 30000 to one server, then to every server at once, and time the
# replies (3000 rounds each; mean and p99 in microseconds). Compare with bench/redis_live.sh's
# redlock figure to see how much of it is ours.
#
#   bench/redis_fanout_bare.py 127.0.0.1:P1,...,127.0.0.1:P5   (tests/support/redis-servers.sh start DIR 5)
import socket, sys, time
ports = [int(a.split(':')[1]) for a in sys.argv[1].split(',')]
def conn(p):
    s = socket.create_connection(('127.0.0.1', p)); s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1); return s
def cmd(*w): return (f"*{len(w)}\r\n" + "".join(f"${len(x)}\r\n{x}\r\n" for x in w)).encode()
def measure(socks, n=3000):
    t = []
    for i in range(n):
        start = time.perf_counter()
        for s in socks: s.sendall(cmd('SET', 'k', str(i), 'PX', '30000'))
        for s in socks: s.recv(64)
        t.append(time.perf_counter() - start)
    t.sort(); return sum(t) / n * 1e6, t[int(n * 0.99)] * 1e6
one = measure([conn(ports[0])]); five = measure([conn(p) for p in ports])
print(f"bare sockets, SET to 1 server: mean {one[0]:.0f} us p99 {one[1]:.0f} us; to 5 at once: mean {five[0]:.0f} us p99 {five[1]:.0f} us; ratio {five[0]/one[0]:.2f}x")
