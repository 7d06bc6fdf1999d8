#!/usr/bin/python3
"""facade_vectors.py ARCHIVE OUT: the UUIDv47 reference's test vectors for
the facade clients (*/facade_test.*, *Facade*): from the reference's
archive (../shared/vendor, never copied into the tree), its SipHash-2-4
table (tests.c, read as published) as "siphash K0 K1 MESSAGE HASH" lines
(hexadecimal), and the facades that its header, compiled here with a
driver of ours around tests.c's craft_v7(), makes of tests.c's ids under
tests.c's key, and of its README's example, as "facade KEY V7 FACADE"
lines (KEY as uuid_seq.facade_key writes it).  Exits 1 on any failure."""

import pathlib
import re
import subprocess
import sys
import tempfile

DRIVER = r"""
#define main reference_tests_main
#include "tests.c"
#undef main

static void
show(uuid128_t v7, uuidv47_key_t key)
{
	char		a[37], b[37];
	uuid128_t	facade = uuidv47_encode_v4facade(v7, key);

	uuid_format(&v7, a);
	uuid_format(&facade, b);
	printf("facade ");
	for (int i = 0; i < 16; i++)	/* k0's bytes then k1's, least significant first */
		printf("%02x", (unsigned) ((i < 8 ? key.k0 : key.k1) >> (8 * (i % 8)) & 0xff));
	printf(" %s %s\n", a, b);
}

int
main(void)
{
	uuidv47_key_t key = {.k0 = 0x0123456789abcdefULL, .k1 = 0xfedcba9876543210ULL};
	uuid128_t	u;

	/* the README's example */
	if (!uuid_parse("00000000-0000-7000-8000-000000000000", &u))
		return 1;
	show(u, key);
	/* test_build_sip_input_stability's id */
	craft_v7(&u, 0x123456789ABCLL, 0x0ABC, 0x0123456789ABCDEFULL & ((1ULL << 62) - 1));
	show(u, key);
	/* test_encode_decode_roundtrip's 16 ids */
	for (int i = 0; i < 16; i++)
	{
		uint64_t	ts = (uint64_t) ((0x100000ULL * (uint64_t) i) + 123ULL);
		uint16_t	ra = (uint16_t) ((0x0AAA ^ (uint32_t) (i * 7)) & 0x0FFF);
		uint64_t	rb = (0x0123456789ABCDEFULL ^ (0x1111111111111111ULL * (uint64_t) i)) & ((1ULL << 62) - 1);

		craft_v7(&u, ts, ra, rb);
		show(u, key);
	}
	return 0;
}
"""


def main():
    archive, out = sys.argv[1], pathlib.Path(sys.argv[2])
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["tar", "-xJf", archive, "-C", tmp, "--strip-components=1",
                        "uuidv47-81ba63f/uuidv47.h", "uuidv47-81ba63f/tests.c"], check=True)
        tests = (pathlib.Path(tmp) / "tests.c").read_text()
        body = tests[tests.index("test_siphash_switch_and_vectors_subset"):]
        k0 = re.search(r"k0 = 0x([0-9a-fA-F]{16})ULL", body).group(1)
        k1 = re.search(r"k1 = 0x([0-9a-fA-F]{16})ULL", body).group(1)
        rows = re.findall(r"\{((?:0x[0-9a-fA-F]{2},\s*){7}0x[0-9a-fA-F]{2})\},\s*// len (\d+)", body)
        if len(rows) != 13:
            sys.exit(f"facade_vectors: {len(rows)} SipHash vectors in tests.c, expected 13")
        lines = []
        for row, n in rows:
            digest = bytes(int(b, 16) for b in row.split(","))
            lines.append(f"siphash {k0} {k1} {bytes(range(int(n))).hex() or '-'} "
                         f"{int.from_bytes(digest, 'little'):016x}")
        (pathlib.Path(tmp) / "driver.c").write_text(DRIVER)
        subprocess.run(["cc", "-std=c11", "-O1", "-I", tmp, "-o", f"{tmp}/driver", f"{tmp}/driver.c"],
                       check=True)
        facades = subprocess.run([f"{tmp}/driver"], check=True, capture_output=True, text=True).stdout
        lines += facades.splitlines()
    out.write_text("\n".join(lines) + "\n")
    print(f"facade_vectors: {len(rows)} SipHash vectors and {len(facades.splitlines())} facades "
          f"of the UUIDv47 reference")


main()
