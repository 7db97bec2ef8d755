// CPU time of one argon2id hash in Keycloak's JVM library (Bouncy Castle's Argon2BytesGenerator,
// what Keycloak's Argon2PasswordHashProvider runs), with the portal's parameters: the hashing
// part of a Keycloak sign-in for `pnpm bench --only=signin` (sign-in-side-by-side.ts).
// Run: java -cp <keycloak lib>/org.bouncycastle.bcprov-*.jar KeycloakArgon2.java <runs> <threads>
// Prints the thread CPU milliseconds of one hash with <threads> hashing at once, as <threads>
// sign-ins in flight make Keycloak do (hashes side by side share the cores' caches and memory
// bandwidth, so one costs more CPU than alone), after a warm-up (the JIT's work).
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
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

  public static void main(String[] args) throws Exception {
    int runs = args.length > 0 ? Integer.parseInt(args[0]) : 20;
    int threads = args.length > 1 ? Integer.parseInt(args[1]) : 1;
    var mx = ManagementFactory.getThreadMXBean();
    var barrier = new CyclicBarrier(threads);
    long[] cpu = new long[threads];
    var workers = new Thread[threads];
    for (int w = 0; w < threads; w++) {
      final int id = w;
      workers[w] = new Thread(() -> {
        try {
          for (int i = 0; i < 5; i++) hashOnce(i);
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
    System.out.println(total / 1e6 / ((long) runs * threads));
  }
}
