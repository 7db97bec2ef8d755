// CPU time of one argon2id hash in Keycloak's JVM library (Bouncy Castle's Argon2BytesGenerator,
// what Keycloak's Argon2PasswordHashProvider runs), with the portal's parameters: the hashing
// part of a Keycloak sign-in for `pnpm bench --only=signin` (sign-in-side-by-side.ts).
// Run: java -cp <keycloak lib>/org.bouncycastle.bcprov-*.jar KeycloakArgon2.java <runs>
// Prints the median thread CPU milliseconds of one hash after a warm-up (the JIT's work).
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.params.Argon2Parameters;

public class KeycloakArgon2 {
  public static void main(String[] args) {
    int runs = args.length > 0 ? Integer.parseInt(args[0]) : 20;
    var threads = ManagementFactory.getThreadMXBean();
    byte[] salt = new byte[16];
    double[] ms = new double[runs];
    for (int i = -5; i < runs; i++) {
      long t = threads.getCurrentThreadCpuTime();
      var parameters = new Argon2Parameters.Builder(Argon2Parameters.ARGON2_id)
          .withVersion(Argon2Parameters.ARGON2_VERSION_13)
          .withIterations(2).withMemoryAsKB(19456).withParallelism(1).withSalt(salt).build();
      var generator = new Argon2BytesGenerator();
      generator.init(parameters);
      byte[] out = new byte[32];
      generator.generateBytes(("Kq7!hash-timing-" + i).getBytes(StandardCharsets.UTF_8), out);
      if (i >= 0) ms[i] = (threads.getCurrentThreadCpuTime() - t) / 1e6;
    }
    Arrays.sort(ms);
    System.out.println(ms[runs / 2]);
  }
}
