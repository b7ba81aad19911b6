#!/usr/bin/env python3
"""exports_check: the C names the shipped libraries export.

Usage: exports_check.py --nm NM --axiom LIB... --compat LIB...

Every symbol that the --axiom libraries (libaxiom.so, libaxiom.a) define and export is either
C++ (mangled, _Z...) or a C name starting with axiom_, so that linking libaxiom never clashes
with another library's C names (fast-streebog's streebog_* live in axiom_streebog_compat). The
--compat libraries must export fast-streebog's names and no other C name. Each library must
show the name the check looks for (axiom_sha256, streebog_init_512), so a pass means the check
saw its symbols.
"""
import subprocess
import sys


def dll_exports(nm, path):
    """The names in a Windows DLL's export table (its COFF symbol table also lists the C
    runtime and the imported system functions, which a DLL does not export)."""
    objdump = nm[:-2] + "objdump" if nm.endswith("nm") else "objdump"
    out = subprocess.run([objdump, "-p", path], check=True, capture_output=True, text=True).stdout
    table = out.split("[Ordinal/Name Pointer] Table", 1)[-1] if "[Ordinal/Name Pointer] Table" in out else ""
    return {line.split("]", 1)[1].strip() for line in table.splitlines()
            if line.strip().startswith("[") and "]" in line}


def c_names(nm, path):
    """The C (unmangled) names path defines and exports."""
    if path.endswith(".dll"):
        return {n for n in dll_exports(nm, path) if not n.startswith("_Z")}
    dynamic = ["-D"] if ".so" in path else []
    out = subprocess.run([nm, "-g", "--defined-only", *dynamic, path], check=True, capture_output=True,
                         text=True).stdout
    names = set()
    for line in out.splitlines():
        parts = line.split()
        # mingw's .refptr.NAME are the compiler's pointers to external data, not C names.
        if len(parts) == 3 and not parts[2].startswith(("_Z", ".refptr.")):
            names.add(parts[2].split("@")[0])
    return names


def main(argv):
    nm, groups, group = "nm", {"--axiom": [], "--compat": []}, None
    i = 0
    while i < len(argv):
        if argv[i] == "--nm":
            nm = argv[i + 1] or "nm"
            i += 2
            continue
        if argv[i] in groups:
            group = argv[i]
        else:
            groups[group].append(argv[i])
        i += 1
    rules = {"--axiom": ("axiom_", "axiom_sha256"), "--compat": ("streebog_", "streebog_init_512")}
    failures = 0
    for group, paths in groups.items():
        prefix, must = rules[group]
        for path in paths:
            names = c_names(nm, path)
            stray = sorted(n for n in names if not n.startswith(prefix))
            if stray or must not in names:
                failures += 1
                print(f"FAIL {path}: " + (f"C names outside {prefix}*: {', '.join(stray[:8])}" if stray
                                          else f"{must} not found (check blind?)"))
    print(f"exports_check: {sum(len(p) for p in groups.values())} libraries, {failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
