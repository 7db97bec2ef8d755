// CPU time of one argon2id hash in Keycloak's JVM library (Bouncy Castle's Argon2BytesGenerator,
// what Keycloak's Argon2PasswordHashProvider runs), with the portal's parameters: the hashing
// part of a Keycloak sign-in for `pnpm bench --only=signin` (sign-in-side-by-side.ts).
// Run: java -cp <keycloak lib>/org.bouncycastle.bcprov-*.jar KeycloakArgon2.java <runs> <threads>
// Prints the thread CPU milliseconds of one hash with <threads> hashing at once, as <threads>
// sign-ins in flight make Keycloak do (hashes side by side share the cores' caches and memory
// bandwidth, so one costs more CPU than alone), after a warm-up (the JIT's work): the median
// of seven rounds of <runs> hashes per thread.
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.CyclicBarrier;
import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.params.Argon2Parameters;

public class KeycloakArgon2 {
  static void hashOnce(int i) {
    var parameters = new Argon2Parameters.Builder(Argon2Parameters.ARGON2_id)
        .withVersion(Argon2Parameters.ARGON2_VERSION_13)
        .withIterations(2).withMemoryAsKB(19456).withParallelism(1).withSalt(new byte[16]).build();
    var generator = new Argon2BytesGenerator();
    generator.init(parameters);
    generator.generateBytes(("Kq7!hash-timing-" + i).getBytes(StandardCharsets.UTF_8), new byte[32]);
  }

  /** CPU ms of one hash in one round: `threads` threads hashing `runs` times each at once. */
  static double round(int runs, int threads) throws Exception {
    var mx = ManagementFactory.getThreadMXBean();
    var barrier = new CyclicBarrier(threads);
    long[] cpu = new long[threads];
    var workers = new Thread[threads];
    for (int w = 0; w < threads; w++) {
      final int id = w;
      workers[w] = new Thread(() -> {
        try {
          barrier.await();
          long t = mx.getCurrentThreadCpuTime();
          for (int i = 0; i < runs; i++) hashOnce(i);
          cpu[id] = mx.getCurrentThreadCpuTime() - t;
        } catch (Exception e) {
          throw new RuntimeException(e);
        }
      });
      workers[w].start();
    }
    long total = 0;
    for (int w = 0; w < threads; w++) {
      workers[w].join();
      total += cpu[w];
    }
    return total / 1e6 / ((long) runs * threads);
  }

  public static void main(String[] args) throws Exception {
    int runs = args.length > 0 ? Integer.parseInt(args[0]) : 4;
    int threads = args.length > 1 ? Integer.parseInt(args[1]) : 1;
    // Warm-up, the JIT's work: hashing for 4 s, as Keycloak's server is warm after the
    // bench's warm-up round (5 hashes were too few: one thread's figure then moved twofold).
    long warmUntil = System.nanoTime() + 4_000_000_000L;
    while (System.nanoTime() < warmUntil) round(1, threads);
    double[] rounds = new double[7];
    for (int r = 0; r < rounds.length; r++) rounds[r] = round(runs, threads);
    Arrays.sort(rounds);
    System.out.println(rounds[rounds.length / 2]);
  }
}
