// UuidV47.java: uuid_v7_facade() and uuid_v7_from_facade() in Java, the JDK
// only (docs/facade.md shows this file). The key is the text of
// uuid_seq.facade_key: 32 hexadecimal digits, k0's 8 bytes then k1's,
// optionally with a colon between them.

import java.util.HexFormat;
import java.util.UUID;

public final class UuidV47 {

    private UuidV47() {
    }

    /** SipHash-2-4 of data under the 64-bit halves k0 and k1. */
    public static long siphash24(long k0, long k1, byte[] data) {
        long[] v = {k0 ^ 0x736f6d6570736575L, k1 ^ 0x646f72616e646f6dL,
                    k0 ^ 0x6c7967656e657261L, k1 ^ 0x7465646279746573L};
        int whole = data.length - data.length % 8;
        for (int i = 0; i <= whole; i += 8) {
            long m = i < whole ? littleEndian(data, i, 8)
                               : littleEndian(data, i, data.length - i) | (long) data.length << 56;
            v[3] ^= m;
            rounds(v, 2);
            v[0] ^= m;
        }
        v[2] ^= 0xff;
        rounds(v, 4);
        return v[0] ^ v[1] ^ v[2] ^ v[3];
    }

    private static void rounds(long[] v, int n) {
        for (int i = 0; i < n; i++) {
            v[0] += v[1]; v[1] = Long.rotateLeft(v[1], 13) ^ v[0]; v[0] = Long.rotateLeft(v[0], 32);
            v[2] += v[3]; v[3] = Long.rotateLeft(v[3], 16) ^ v[2];
            v[0] += v[3]; v[3] = Long.rotateLeft(v[3], 21) ^ v[0];
            v[2] += v[1]; v[1] = Long.rotateLeft(v[1], 17) ^ v[2]; v[2] = Long.rotateLeft(v[2], 32);
        }
    }

    private static long littleEndian(byte[] b, int from, int n) {
        long x = 0;
        for (int i = n - 1; i >= 0; i--)
            x = x << 8 | (b[from + i] & 0xff);
        return x;
    }

    /** XOR the 48 time bits with the key's mask of the other 74; write version. */
    private static UUID flip(UUID u, String key, int version) {
        byte[] k = HexFormat.of().parseHex(key.replaceFirst(":", ""));
        if (k.length != 16)
            throw new IllegalArgumentException("a facade key is 16 bytes: 32 hexadecimal digits");
        long hi = u.getMostSignificantBits(), lo = u.getLeastSignificantBits();
        byte[] message = new byte[10];
        message[0] = (byte) (hi >>> 8 & 0x0f);
        message[1] = (byte) hi;
        message[2] = (byte) (lo >>> 56 & 0x3f);
        for (int i = 3; i < 10; i++)
            message[i] = (byte) (lo >>> (8 * (9 - i)));
        long mask = siphash24(littleEndian(k, 0, 8), littleEndian(k, 8, 8), message) & 0xffff_ffff_ffffL;
        long time = (hi >>> 16 ^ mask) << 16;
        return new UUID(time | (long) version << 12 | hi & 0x0fff, lo);
    }

    /** The facade of a version 7 UUID under key, as uuid_v7_facade(). */
    public static UUID v7Facade(UUID v7, String key) {
        if (v7.variant() != 2 || v7.version() != 7)
            throw new IllegalArgumentException("uuid_v7_facade() takes a version 7 UUID");
        return flip(v7, key, 4);
    }

    /** The version 7 UUID behind a facade, as uuid_v7_from_facade(). */
    public static UUID v7FromFacade(UUID facade, String key) {
        if (facade.variant() != 2 || facade.version() != 4)
            throw new IllegalArgumentException("uuid_v7_from_facade() takes a facade, a version 4 UUID");
        return flip(facade, key, 7);
    }
}
