// UuidV47.java, the Java facade port of docs/facade.md, against the
// server's uuid_v7_facade() and uuid_v7_from_facade() (JDBC; PGHOST:PGPORT
// over TCP, database PGDATABASE, as PGUSER, a superuser for the configured
// key): under three keys made here, random v7 and v4 values of ours and
// values the server generates (both settings of uuid_seq.v7_rand_a), both
// directions, with the key as an argument and as uuid_seq.facade_key; then
// the UUIDv47 reference's vectors (UUID_SEQ_FACADE_VECTORS, from
// facade_vectors.py), skipped with a line when run.sh had no reference.

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.Objects;
import java.util.Properties;
import java.util.UUID;

public class FacadeTest {

    // encode: (v7, its facade under the key given, under the configured key);
    // decode: (v4, the v7 behind it, the same)
    static final String SERVER = String.join("\n",
        "WITH k AS (SELECT decode(replace(?, ':', ''), 'hex') AS key),",
        "v7 AS (SELECT u::uuid AS id FROM unnest(?::text[]) AS u",
        "       UNION ALL SELECT uuid_generate_v7() FROM generate_series(1, 200)),",
        "v4 AS (SELECT u::uuid AS f FROM unnest(?::text[]) AS u",
        "       UNION ALL SELECT gen_random_uuid() FROM generate_series(1, 200))",
        "SELECT 'encode', id::text, uuid_v7_facade(id, key)::text, uuid_v7_facade(id)::text FROM v7, k",
        "UNION ALL",
        "SELECT 'decode', f::text, uuid_v7_from_facade(f, key)::text, uuid_v7_from_facade(f)::text FROM v4, k");

    static final SecureRandom RANDOM = new SecureRandom();
    static int count = 0, failed = 0;

    static void eq(Object got, Object want, String what) {
        count++;
        if (!Objects.equals(got, want)) {
            failed++;
            System.err.println("facade-java: FAIL " + what + ": got " + got + ", want " + want);
        }
    }

    static String randomUuid(int version) {
        byte[] b = new byte[16];
        RANDOM.nextBytes(b);
        b[6] = (byte) (b[6] & 0x0f | version << 4);
        b[8] = (byte) (b[8] & 0x3f | 0x80);
        String h = HexFormat.of().formatHex(b);
        return h.substring(0, 8) + "-" + h.substring(8, 12) + "-" + h.substring(12, 16) + "-"
            + h.substring(16, 20) + "-" + h.substring(20);
    }

    static void checkServer(Connection conn) throws Exception {
        String[] settings = {"fraction", "random", "fraction"};
        for (int n = 0; n < settings.length; n++) {
            byte[] k = new byte[16];
            RANDOM.nextBytes(k);
            String key = HexFormat.of().formatHex(k); // as `openssl rand -hex 16` makes one
            if (n == 1)
                key = key.substring(0, 16) + ":" + key.substring(16);
            try (Statement st = conn.createStatement()) {
                st.execute("SET uuid_seq.facade_key = '" + key + "'");
                st.execute("SET uuid_seq.v7_rand_a = '" + settings[n] + "'");
            }
            String[] v7 = new String[200], v4 = new String[200];
            for (int i = 0; i < 200; i++) {
                v7[i] = randomUuid(7);
                v4[i] = randomUuid(4);
            }
            int rows = 0;
            try (PreparedStatement ps = conn.prepareStatement(SERVER)) {
                ps.setString(1, key);
                ps.setArray(2, conn.createArrayOf("text", v7));
                ps.setArray(3, conn.createArrayOf("text", v4));
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        rows++;
                        String kind = rs.getString(1), mapped = rs.getString(3);
                        UUID given = UUID.fromString(rs.getString(2));
                        String what = "key " + key + " (" + settings[n] + "), " + kind + " " + given;
                        eq(rs.getString(4), mapped, what + ": the configured key gives the same");
                        if (kind.equals("encode")) {
                            eq(UuidV47.v7Facade(given, key).toString(), mapped, what + ": v7Facade() = uuid_v7_facade()");
                            eq(UuidV47.v7FromFacade(UuidV47.v7Facade(given, key), key), given, what + ": and back");
                        } else {
                            eq(UuidV47.v7FromFacade(given, key).toString(), mapped, what + ": v7FromFacade() = uuid_v7_from_facade()");
                            eq(UuidV47.v7Facade(UuidV47.v7FromFacade(given, key), key), given, what + ": and back");
                        }
                    }
                }
            }
            eq(rows, 800, "key " + n + ": rows");
        }
        try (Statement st = conn.createStatement()) {
            st.execute("RESET uuid_seq.v7_rand_a");
            st.execute("RESET uuid_seq.facade_key");
        }
    }

    /** What the server refuses with 22023, the port refuses with IllegalArgumentException. */
    static void checkRefusals() {
        String key = "000102030405060708090a0b0c0d0e0f";
        String[][] cases = {{"v7Facade", randomUuid(4)}, {"v7FromFacade", randomUuid(7)},
            {"v7Facade", "018cc820-db2e-7e6a-c000-000000000000"}, // not the RFC variant
            {"v7FromFacade", "018cc820-db2e-4e6a-0000-000000000000"}};
        for (String[] c : cases) {
            boolean refused = false;
            try {
                UUID u = UUID.fromString(c[1]);
                if (c[0].equals("v7Facade"))
                    UuidV47.v7Facade(u, key);
                else
                    UuidV47.v7FromFacade(u, key);
            } catch (IllegalArgumentException e) {
                refused = true;
            }
            eq(refused, true, c[0] + "(" + c[1] + ") refuses");
        }
    }

    static void checkReference() throws Exception {
        String path = Objects.requireNonNullElse(System.getenv("UUID_SEQ_FACADE_VECTORS"), "");
        if (path.isEmpty()) {
            System.out.println("facade-java: the UUIDv47 reference's vectors skipped: "
                + Objects.requireNonNullElse(System.getenv("UUID_SEQ_FACADE_SKIP"), "UUID_SEQ_FACADE_VECTORS is not set"));
            return;
        }
        int siphash = 0, facade = 0;
        for (String line : Files.readAllLines(Path.of(path))) {
            String[] f = line.split(" ");
            if (f[0].equals("siphash")) {
                siphash++;
                byte[] message = f[3].equals("-") ? new byte[0] : HexFormat.of().parseHex(f[3]);
                eq(UuidV47.siphash24(Long.parseUnsignedLong(f[1], 16), Long.parseUnsignedLong(f[2], 16), message),
                   Long.parseUnsignedLong(f[4], 16), "reference: " + line);
            } else if (f[0].equals("facade")) {
                facade++;
                eq(UuidV47.v7Facade(UUID.fromString(f[2]), f[1]).toString(), f[3], "reference: " + line);
                eq(UuidV47.v7FromFacade(UUID.fromString(f[3]), f[1]).toString(), f[2], "reference: " + line + ", back");
            }
        }
        eq(siphash >= 13 && facade >= 18, true, "reference: vectors read (" + siphash + " SipHash, " + facade + " facades)");
    }

    public static void main(String[] args) throws Exception {
        String env = System.getenv("PGHOST");
        String host = env == null || env.isEmpty() ? "localhost" : env;
        String port = Objects.requireNonNullElse(System.getenv("PGPORT"), "5432");
        String database = Objects.requireNonNullElse(System.getenv("PGDATABASE"), "postgres");
        Properties props = new Properties();
        props.setProperty("user", Objects.requireNonNullElse(System.getenv("PGUSER"), "postgres"));
        if (System.getenv("PGPASSWORD") != null)
            props.setProperty("password", System.getenv("PGPASSWORD"));
        try (Connection conn = DriverManager.getConnection(
                "jdbc:postgresql://" + host + ":" + port + "/" + database, props)) {
            checkServer(conn);
        }
        checkRefusals();
        checkReference();
        System.out.println("facade-java " + System.getProperty("java.version") + ": " + count + " checks, "
            + failed + " failed: " + (failed > 0 ? "FAILED" : "ok"));
        System.exit(failed > 0 ? 1 : 0);
    }
}
