"""uuidv47.py: uuid_v7_facade() and uuid_v7_from_facade() in Python, the
standard library only (docs/facade.md shows this file).  The key is the
text of uuid_seq.facade_key: 32 hexadecimal digits, k0's 8 bytes then k1's,
optionally with a colon between them."""

import uuid

M64 = (1 << 64) - 1


def siphash24(k0, k1, data):
    """SipHash-2-4 of bytes data under the 64-bit halves k0 and k1."""
    v = [k0 ^ 0x736F6D6570736575, k1 ^ 0x646F72616E646F6D,
         k0 ^ 0x6C7967656E657261, k1 ^ 0x7465646279746573]

    def rotl(x, b):
        return (x << b | x >> (64 - b)) & M64

    def rounds(n):
        for _ in range(n):
            v[0] = (v[0] + v[1]) & M64; v[1] = rotl(v[1], 13) ^ v[0]; v[0] = rotl(v[0], 32)
            v[2] = (v[2] + v[3]) & M64; v[3] = rotl(v[3], 16) ^ v[2]
            v[0] = (v[0] + v[3]) & M64; v[3] = rotl(v[3], 21) ^ v[0]
            v[2] = (v[2] + v[1]) & M64; v[1] = rotl(v[1], 17) ^ v[2]; v[2] = rotl(v[2], 32)

    whole = len(data) - len(data) % 8
    words = [int.from_bytes(data[i:i + 8], "little") for i in range(0, whole, 8)]
    words.append(int.from_bytes(data[whole:], "little") | (len(data) & 0xFF) << 56)
    for m in words:
        v[3] ^= m
        rounds(2)
        v[0] ^= m
    v[2] ^= 0xFF
    rounds(4)
    return v[0] ^ v[1] ^ v[2] ^ v[3]


def _flip(u, key, version):
    """XOR the 48 time bits with the key's mask of the other 74; write version."""
    b = bytearray(u.bytes)
    k = bytes.fromhex(key.replace(":", "", 1))
    if len(k) != 16:
        raise ValueError("a facade key is 16 bytes: 32 hexadecimal digits")
    message = bytes([b[6] & 0x0F, b[7], b[8] & 0x3F]) + b[9:16]
    mask = siphash24(int.from_bytes(k[:8], "little"), int.from_bytes(k[8:], "little"), message)
    b[0:6] = (int.from_bytes(b[0:6], "big") ^ mask & (1 << 48) - 1).to_bytes(6, "big")
    b[6] = b[6] & 0x0F | version << 4
    return uuid.UUID(bytes=bytes(b))


def v7_facade(v7, key):
    """The facade of a version 7 uuid.UUID under key, as uuid_v7_facade()."""
    if v7.version != 7:
        raise ValueError("uuid_v7_facade() takes a version 7 UUID")
    return _flip(v7, key, 4)


def v7_from_facade(facade, key):
    """The version 7 uuid.UUID behind a facade, as uuid_v7_from_facade()."""
    if facade.version != 4:
        raise ValueError("uuid_v7_from_facade() takes a facade, a version 4 UUID")
    return _flip(facade, key, 7)
