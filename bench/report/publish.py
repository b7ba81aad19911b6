#!/usr/bin/env python3
"""publish.py BUILD_DIR: put the latest benchmark into the README.

Copies BUILD_DIR/chart_*.svg to docs/bench/ and replaces the README's text between
<!-- bench:begin --> and <!-- bench:end --> with BUILD_DIR/report.md and links to the charts.
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
    charts = []
    for svg in sorted(glob.glob(os.path.join(build, "chart_*.svg"))):
        shutil.copy(svg, docs)
        charts.append(os.path.basename(svg))
    with open(os.path.join(build, "report.md")) as f:
        report = f.read().strip().splitlines()
    # The report's title becomes a sub-heading under the README's own "Benchmark" heading.
    report = ["##" + line if line.startswith("#") else line for line in report]
    images = [f"![{c}](docs/bench/{c})" for c in charts]
    readme_path = os.path.join(root, "README.md")
    with open(readme_path) as f:
        readme = f.read()
    head, rest = readme.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    body = "\n".join(report + [""] + images)
    with open(readme_path, "w") as f:
        f.write(f"{head}{BEGIN}\n{body}\n{END}{tail}")
    print(f"publish: README.md and docs/bench/ updated from {build} ({len(charts)} chart(s))")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: publish.py BUILD_DIR")
    main(sys.argv[1])
