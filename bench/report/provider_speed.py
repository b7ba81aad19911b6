#!/usr/bin/env python3
"""provider_speed.py: the OpenSSL provider (axiom.so) against the GOST provider, the GOST engine
and OpenSSL's default provider, through OpenSSL's EVP interface.

Usage: provider_speed.py EVP_SPEED PROVIDER_DIR [--rounds N] [--ms MS] [--bytes B] [--out FILE]

EVP_SPEED is bench/evp_speed.c built: it times one algorithm of one implementation the way
`openssl speed -evp` does (one EVP update of the whole buffer per step, an AEAD message per
step), in CPU time as `openssl speed` does by default; unlike `openssl speed` it also reaches
the GOST engine and runs MGM. Every (algorithm, implementation) pair runs MS milliseconds per
round, the pairs in a random order each round, N rounds; the table gives each pair's median
and minimum MB/s and the ratio of axiom's median to each other's.
Python 3 standard library only.
"""
import argparse
import random
import statistics
import subprocess
import sys

# Each algorithm and the implementations other than axiom that may have it.
ALGORITHMS = [
    ("kuznyechik-ctr", ["gostprov", "engine"]),
    ("kuznyechik-mgm", ["gostprov", "engine"]),
    ("magma-ctr", ["gostprov", "engine"]),
    ("kuznyechik-ctr-acpkm-omac", ["gostprov", "engine"]),
    ("magma-ctr-acpkm-omac", ["gostprov", "engine"]),
    ("md_gost12_256", ["gostprov", "engine"]),
    ("md_gost12_512", ["gostprov", "engine"]),
    ("SM4-CTR", ["default"]),
    ("SM4-GCM", ["default"]),
]
PEERS = ["gostprov", "engine", "default"]


def speed(tool, prov_dir, impl, alg, size, ms):
    """MB/s of one run, or None when the implementation lacks the algorithm."""
    r = subprocess.run([tool, impl, prov_dir, alg, str(size), str(ms)], capture_output=True, text=True)
    try:
        return float(r.stdout.strip()) if r.returncode == 0 else None
    except ValueError:
        return None


def cell(values):
    return f"{statistics.median(values):.0f} ({min(values):.0f})" if values else "—"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("evp_speed")
    ap.add_argument("provider_dir")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--ms", type=int, default=500)
    ap.add_argument("--bytes", type=int, default=16384)
    ap.add_argument("--out", default=None)
    args = ap.parse_args()

    # One probe per pair first: a pair the implementation lacks is not run again.
    pairs = []
    for alg, peers in ALGORITHMS:
        for impl in ["axiom"] + peers:
            if speed(args.evp_speed, args.provider_dir, impl, alg, args.bytes, 1) is not None:
                pairs.append((alg, impl))
    figures = {p: [] for p in pairs}
    for _ in range(args.rounds):
        order = pairs[:]
        random.shuffle(order)
        for alg, impl in order:
            v = speed(args.evp_speed, args.provider_dir, impl, alg, args.bytes, args.ms)
            if v is not None:
                figures[(alg, impl)].append(v)

    lines = [f"## OpenSSL provider through EVP, {args.bytes} bytes", "",
             f"MB/s per CPU second, median (min) of {args.rounds} interleaved rounds of {args.ms} ms per "
             "figure (bench/evp_speed.c: `openssl speed -evp`'s loop); in brackets after each peer, "
             "axiom's median / the peer's; — where the implementation lacks the algorithm.", "",
             "| algorithm | axiom | " + " | ".join(PEERS) + " |", "|---|---|" + "---|" * len(PEERS)]
    for alg, _ in ALGORITHMS:
        ours = figures.get((alg, "axiom"), [])
        row = [alg, cell(ours)]
        for impl in PEERS:
            theirs = figures.get((alg, impl), [])
            text = cell(theirs)
            if ours and theirs:
                text += f" [{statistics.median(ours) / statistics.median(theirs):.2f}x]"
            row.append(text)
        lines.append("| " + " | ".join(row) + " |")
    lines.append("")
    text = "\n".join(lines)
    print(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
