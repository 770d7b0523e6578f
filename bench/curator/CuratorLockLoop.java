// The peer of Lockscope's live zk-curator loop (bench/compare.sh): Apache Curator's
// InterProcessMutex, each client with its own CuratorFramework (its own session), looping
// acquire / release of one lock with no hold and no think time, as bench/zk-live-contention.yaml
// does for Lockscope.
//
//   java -cp ... CuratorLockLoop HOST:PORT CLIENTS SECONDS WARMUP_SECONDS
//
// Prints one line of JSON: cycles, seconds, packets (the server's zk_packets_received over the
// measured window, from `mntr`), handoffs and their mean / p99 in microseconds. A hand-off is
// measured as Lockscope's checker does (sim/checkers/lock_handoffs.cpp): from the moment the holder
// lets go to the moment another client holds the lock; the same client taking it again is no
// hand-off. The warm-up runs the same loop first so that the JIT has compiled it: the figure is
// Curator at its steady state, which is the fairer peer.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import org.apache.curator.retry.RetryOneTime;

public final class CuratorLockLoop {
  private static final String LOCK_PATH = "/lockscope-compare/curator-lock";

  // Who let go of the lock last and when; read and written while holding the lock, so a plain
  // monitor is enough and costs nothing next to a round trip.
  private static final Object releaseGuard = new Object();
  private static int lastReleaser = -1;
  private static long lastReleaseNanos;

  private static final AtomicBoolean measuring = new AtomicBoolean(false);
  private static final AtomicBoolean stopping = new AtomicBoolean(false);
  private static final List<Long> handoffMicros = Collections.synchronizedList(new ArrayList<>());

  public static void main(String[] args) throws Exception {
    if (args.length != 4) {
      System.err.println("usage: CuratorLockLoop HOST:PORT CLIENTS SECONDS WARMUP_SECONDS");
      System.exit(2);
    }
    String connect = args[0];
    int clients = Integer.parseInt(args[1]);
    double seconds = Double.parseDouble(args[2]);
    double warmupSeconds = Double.parseDouble(args[3]);

    List<CuratorFramework> sessions = new ArrayList<>();
    for (int i = 0; i < clients; ++i) {
      CuratorFramework session = CuratorFrameworkFactory.newClient(connect, 4000, 4000,
                                                                   new RetryOneTime(100));
      session.start();
      if (!session.blockUntilConnected(10, TimeUnit.SECONDS)) throw new IllegalStateException("no session");
      sessions.add(session);
    }
    long[] cycles = new long[clients];
    CountDownLatch done = new CountDownLatch(clients);
    for (int i = 0; i < clients; ++i) {
      final int client = i;
      final InterProcessMutex mutex = new InterProcessMutex(sessions.get(i), LOCK_PATH);
      Thread thread = new Thread(() -> {
        try {
          while (!stopping.get()) {
            mutex.acquire();
            long granted = System.nanoTime();
            synchronized (releaseGuard) {
              if (measuring.get() && lastReleaser >= 0 && lastReleaser != client) {
                handoffMicros.add((granted - lastReleaseNanos) / 1000);
              }
              lastReleaser = client;
              lastReleaseNanos = System.nanoTime();
            }
            mutex.release();
            if (measuring.get()) ++cycles[client];
          }
        } catch (Exception error) {
          error.printStackTrace();
          System.exit(1);
        } finally {
          done.countDown();
        }
      });
      thread.start();
    }
    Thread.sleep((long) (warmupSeconds * 1000));
    long packetsBefore = packetsReceived(connect);
    long start = System.nanoTime();
    measuring.set(true);
    Thread.sleep((long) (seconds * 1000));
    measuring.set(false);
    long elapsed = System.nanoTime() - start;
    long packetsAfter = packetsReceived(connect);
    stopping.set(true);
    done.await(30, TimeUnit.SECONDS);
    for (CuratorFramework session : sessions) session.close();

    long total = 0;
    for (long count : cycles) total += count;
    List<Long> sorted;
    synchronized (handoffMicros) { sorted = new ArrayList<>(handoffMicros); }
    Collections.sort(sorted);
    double mean = sorted.stream().mapToLong(Long::longValue).average().orElse(0);
    long p99 = sorted.isEmpty() ? 0 : sorted.get(Math.min(sorted.size() - 1, (int) (sorted.size() * 0.99)));
    System.out.printf("{\"clients\":%d,\"cycles\":%d,\"seconds\":%.3f,\"packets\":%d,"
                          + "\"handoffs\":%d,\"handoff_mean_us\":%.1f,\"handoff_p99_us\":%d}%n",
                      clients, total, elapsed / 1e9, packetsAfter - packetsBefore, sorted.size(),
                      mean, p99);
  }

  // The server's count of packets received, from the `mntr` four-letter word (whitelisted in
  // the config tests/support/zk-server.sh writes).
  private static long packetsReceived(String connect) throws Exception {
    String[] hostPort = connect.split(",")[0].split(":");
    try (Socket socket = new Socket(hostPort[0], Integer.parseInt(hostPort[1]))) {
      socket.setSoTimeout(2000);
      OutputStream out = socket.getOutputStream();
      out.write("mntr".getBytes(StandardCharsets.US_ASCII));
      out.flush();
      BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
      for (String line; (line = in.readLine()) != null;) {
        String[] fields = line.trim().split("\\s+");
        if (fields.length == 2 && fields[0].equals("zk_packets_received")) return Long.parseLong(fields[1]);
      }
    }
    throw new IllegalStateException("mntr gave no zk_packets_received");
  }
}
