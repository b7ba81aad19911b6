#!/usr/bin/env python3
"""isa_audit: fail if an object that is not a kernel holds an instruction above the baseline.

Usage: isa_audit.py [--arch x86_64|aarch64] --objdump OBJDUMP [--nm NM --library LIB...]
                    [--must-flag KERNEL_OBJ...] -- OBJ...

Baseline AArch64 is Armv8-A with Advanced SIMD: the crypto extensions (AES, PMULL, SHA-1/2/3/512,
SM3, SM4) and SVE registers are flagged.
Baseline x86-64 is SSE2. Anything VEX/EVEX-encoded, any ymm/zmm/opmask register, and the
SSSE3, SSE4, AES, PCLMUL, SHA, GFNI, BMI, ADX, POPCNT/LZCNT and MOVBE instructions are flagged.
The --must-flag objects (the kernels) must contain such instructions: that proves the audit
recognises them, so a pass means something.
The emulated builds of kernels (tests only) are among the OBJs: they must be baseline too. The
--library files (the shipped static and shared library) must hold no symbol of an emulated
build (named *_emul), and must hold the native kernels' symbols, so the check can see them.
"""
import re
import subprocess
import sys

EXTENDED = set("""
pshufb palignr phaddw phaddd phaddsw phsubw phsubd phsubsw pabsb pabsw pabsd pmaddubsw pmulhrsw
psignb psignw psignd
pblendw pblendvb blendps blendpd blendvps blendvpd dpps dppd insertps extractps pextrb pextrd
pextrq pinsrb pinsrd pinsrq pmaxsb pmaxsd pmaxud pmaxuw pminsb pminsd pminud pminuw pmuldq pmulld
ptest roundps roundpd roundss roundsd packusdw pcmpeqq mpsadbw phminposuw movntdqa
pcmpgtq pcmpestri pcmpestrm pcmpistri pcmpistrm
aesenc aesenclast aesdec aesdeclast aesimc aeskeygenassist pclmulqdq pclmullqlqdq pclmulhqlqdq
pclmullqhqdq pclmulhqhqdq
sha1rnds4 sha1nexte sha1msg1 sha1msg2 sha256rnds2 sha256msg1 sha256msg2
gf2p8affineqb gf2p8affineinvqb gf2p8mulb
andn bextr blsi blsmsk blsr bzhi mulx pdep pext rorx sarx shlx shrx tzcnt lzcnt popcnt adcx adox
movbe
""".split())
PREFIXES = ("crc32",)
NOT_VECTOR_V = {"verr", "verw", "vmcall", "vmlaunch", "vmresume", "vmxoff", "vmxon", "vmread",
                "vmwrite", "vmptrld", "vmptrst", "vmclear", "vmfunc"}
WIDE_REG = re.compile(r"%(ymm|zmm)\d+|%k[0-7]\b")

A64_EXTENDED = set("""
aese aesd aesmc aesimc pmull pmull2
sha1c sha1h sha1m sha1p sha1su0 sha1su1 sha256h sha256h2 sha256su0 sha256su1
sha512h sha512h2 sha512su0 sha512su1 eor3 bcax rax1 xar
sm3ss1 sm3tt1a sm3tt1b sm3tt2a sm3tt2b sm3partw1 sm3partw2 sm4e sm4ekey
""".split())
SVE_REG = re.compile(r"\b[zp]([0-9]|[12][0-9]|3[01])\.[bhsdq]\b")


def flagged_a64(mnemonic, operands):
    if mnemonic in ("pmull", "pmull2"):  # only the 64-bit form is FEAT_PMULL; .8b -> .8h is baseline
        return ".1q" in operands
    return mnemonic in A64_EXTENDED or SVE_REG.search(operands)


def flagged(objdump, path, arch="x86_64"):
    out = subprocess.run([objdump, "-d", "--no-show-raw-insn", path], check=True,
                         capture_output=True, text=True).stdout
    hits = []
    for line in out.splitlines():
        m = re.match(r"\s*[0-9a-f]+:\s+(\S+)\s*(.*)", line)
        if not m:
            continue
        mnemonic, operands = m.group(1), m.group(2)
        if arch == "aarch64":
            if flagged_a64(mnemonic, operands):
                hits.append(line.strip())
            continue
        base = mnemonic.rstrip("lqwb") if mnemonic.startswith(("popcnt", "lzcnt", "tzcnt")) else mnemonic
        if (mnemonic in EXTENDED or base in EXTENDED or mnemonic.startswith(PREFIXES)
                or (mnemonic.startswith("v") and mnemonic not in NOT_VECTOR_V)
                or WIDE_REG.search(operands)):
            hits.append(line.strip())
    return hits


def emulated_symbols(nm, path):
    out = subprocess.run([nm, "-C", path], check=True, capture_output=True, text=True).stdout
    return [l for l in out.splitlines() if "_emul" in l], "_avx2" in out


def main(argv):
    objdump, nm, arch = "objdump", "nm", "x86_64"
    must, objs, libs, mode = [], [], [], None
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--objdump":
            objdump = argv[i + 1] or "objdump"
            i += 2
            continue
        if a == "--arch":
            arch = argv[i + 1]
            i += 2
            continue
        if a == "--nm":
            nm = argv[i + 1] or "nm"
            i += 2
            continue
        if a == "--library":
            mode = "libs"
        elif a == "--must-flag":
            mode = "must"
        elif a == "--":
            mode = "objs"
        elif mode == "must":
            must.append(a)
        elif mode == "libs":
            libs.append(a)
        else:
            objs.append(a)
        i += 1
    failures = 0
    for path in objs:
        hits = flagged(objdump, path, arch)
        if hits:
            failures += 1
            print(f"FAIL {path}: {len(hits)} instruction(s) above baseline, e.g.")
            for h in hits[:5]:
                print("    " + h)
    for path in must:
        if not flagged(objdump, path, arch):
            failures += 1
            print(f"FAIL {path}: a kernel object with no ISA instruction (audit blind?)")
    for path in libs:
        emul, has_kernels = emulated_symbols(nm, path)
        if emul or not has_kernels:
            failures += 1
            print(f"FAIL {path}: " + (f"emulated kernel symbols shipped, e.g. {emul[0]}" if emul
                                      else "no kernel symbol found (check blind?)"))
    print(f"isa_audit: {len(objs)} baseline objects, {len(must)} kernel objects, "
          f"{len(libs)} libraries, {failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
