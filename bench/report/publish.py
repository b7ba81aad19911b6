#!/usr/bin/env python3
"""publish.py BUILD_DIR: put the latest benchmark into the README.

Copies BUILD_DIR/chart_*.svg, report.md (every table) and summary.json to docs/bench/, and
replaces the README's text between <!-- bench:begin --> and <!-- bench:end --> with
BUILD_DIR/summary.md (the headline ratios, which links to the charts and the full report).
Run it (make bench-publish) after make bench, and commit the result.
"""
import glob
import os
import shutil
import sys

BEGIN, END = "<!-- bench:begin -->", "<!-- bench:end -->"


def main(build):
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    docs = os.path.join(root, "docs", "bench")
    os.makedirs(docs, exist_ok=True)
    charts = sorted(glob.glob(os.path.join(build, "chart_*.svg")))
    for path in charts + [os.path.join(build, n) for n in ("report.md", "summary.json")]:
        shutil.copy(path, docs)
    with open(os.path.join(build, "summary.md")) as f:
        body = f.read().strip()
    readme_path = os.path.join(root, "README.md")
    with open(readme_path) as f:
        readme = f.read()
    head, rest = readme.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    with open(readme_path, "w") as f:
        f.write(f"{head}{BEGIN}\n{body}\n{END}{tail}")
    print(f"publish: README.md and docs/bench/ updated from {build} ({len(charts)} chart(s))")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: publish.py BUILD_DIR")
    main(sys.argv[1])
