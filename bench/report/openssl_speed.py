#!/usr/bin/env python3
"""openssl_speed.py: the OpenSSL provider (axiom.so) against the GOST provider and OpenSSL's
default provider, through `openssl speed -evp` (the EVP path every OpenSSL program takes).

Usage: openssl_speed.py PROVIDER_DIR [--rounds N] [--seconds S] [--bytes B] [--out FILE]

For each (algorithm, provider) pair it runs `openssl speed -seconds S -bytes B -evp ALG` with
only that provider answering (-propquery provider=NAME; gostprov's names are its own), all the pairs in a random order per
round, N rounds; it reports the median and minimum of each pair's MB/s and the ratio of the
medians (axiom / the other), and writes the table (markdown) to FILE and to standard output.
The GOST engine is not in the table: `openssl speed -evp` of OpenSSL 3.0 fetches from
providers only, and the engine's ciphers are the same code as gostprov's. MGM is not either:
`openssl speed` sets a 12-byte AEAD IV for every AEAD, and MGM's nonce is 16 bytes.
Python 3 standard library only.
"""
import argparse
import random
import re
import statistics
import subprocess
import sys

MODULES = "/usr/lib/x86_64-linux-gnu/ossl-modules"

# (algorithm, the peer provider to compare with)
PAIRS = [
    ("kuznyechik-ctr", "gostprov"),
    ("md_gost12_256", "gostprov"),
    ("md_gost12_512", "gostprov"),
    ("SM4-CTR", "default"),
    ("SM4-GCM", None),  # absent from OpenSSL 3.0's default provider
]


def modules_dir():
    out = subprocess.run(["openssl", "version", "-m"], capture_output=True, text=True).stdout
    m = re.search(r'MODULESDIR: "(.*)"', out)
    return m.group(1) if m else MODULES


def speed(provider, prov_dir, alg, seconds, size):
    """One `openssl speed` run; MB/s, or None if the algorithm is not there."""
    path = prov_dir if provider == "axiom" else modules_dir()
    # gostprov's algorithms carry no provider= property; the names are its alone among the three.
    query = [] if provider == "gostprov" else ["-propquery", f"provider={provider}"]
    cmd = ["openssl", "speed", "-provider-path", path, "-provider", provider, "-provider", "default", *query,
           "-seconds", str(seconds), "-bytes", str(size), "-evp", alg]
    r = subprocess.run(cmd, capture_output=True, text=True)
    for line in r.stdout.splitlines():
        m = re.match(r"^(\S+)\s+([0-9.]+)k$", line.strip())
        if m and m.group(1).lower() == alg.lower():
            return float(m.group(2)) * 1000 / 1e6  # k = 1000 bytes/s
    return None


def gost_available():
    r = subprocess.run(["openssl", "list", "-provider-path", modules_dir(), "-provider", "gostprov", "-providers"],
                       capture_output=True, text=True)
    return r.returncode == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("provider_dir")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=int, default=1)
    ap.add_argument("--bytes", type=int, default=16384)
    ap.add_argument("--out", default=None)
    args = ap.parse_args()

    have_gost = gost_available()
    runs = []
    for alg, peer in PAIRS:
        runs.append((alg, "axiom"))
        if peer == "gostprov" and not have_gost:
            continue
        if peer:
            runs.append((alg, peer))
    figures = {r: [] for r in runs}
    for _ in range(args.rounds):
        order = runs[:]
        random.shuffle(order)
        for alg, prov in order:
            v = speed(prov, args.provider_dir, alg, args.seconds, args.bytes)
            if v is not None:
                figures[(alg, prov)].append(v)

    lines = [f"## OpenSSL provider: `openssl speed -evp` at {args.bytes} bytes", "",
             f"MB/s, median (min) of {args.rounds} interleaved rounds of {args.seconds} s per figure; "
             "ratio = axiom's median / the other provider's.", "",
             "| algorithm | axiom | other provider | other | ratio |", "|---|---|---|---|---|"]
    for alg, peer in PAIRS:
        ours = figures.get((alg, "axiom"), [])
        theirs = figures.get((alg, peer), []) if peer else []
        o = f"{statistics.median(ours):.0f} ({min(ours):.0f})" if ours else "n/a"
        if peer == "gostprov" and not have_gost:
            lines.append(f"| {alg} | {o} | gostprov | not installed | |")
            continue
        t = f"{statistics.median(theirs):.0f} ({min(theirs):.0f})" if theirs else "n/a"
        ratio = f"{statistics.median(ours) / statistics.median(theirs):.2f}" if ours and theirs else ""
        lines.append(f"| {alg} | {o} | {peer or '(none has it)'} | {t if peer else ''} | {ratio} |")
    lines += ["", "The GOST engine is not measured here: `openssl speed -evp` (OpenSSL 3.0) fetches from "
              "providers only. Kuznyechik-MGM is not either: `openssl speed` gives every AEAD a 12-byte IV, "
              "MGM takes 16.", ""]
    text = "\n".join(lines)
    print(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
