# The two commands of the README, as thin wrappers over CMake presets and ctest:
#   make test    install missing packages, build, run every test (ctest) of the native build,
#                then of the ARM64 cross-build under qemu, then of the Windows build under Wine
#   make bench   install missing packages, build, run the comparative benchmark and its report
#                in a wall-time budget (make bench-quick: fewer repetitions and sizes, under a minute)
.PHONY: test test-native test-aarch64 test-windows bench bench-quick bench-compare bench-publish build asan ct ct-timing clang fuzz clean

# The suites in turn, each its own target.
test:
	$(MAKE) --no-print-directory test-native test-aarch64 test-windows

test-native:
	@scripts/deps.sh test
	cmake --preset release >/dev/null
	cmake --build --preset release
	ctest --preset release

# The Windows x64 build (mingw-w64) and its whole suite under Wine (README "Platforms"); the
# preset runs one test at a time and runs a failed one again (README "Windows" says why).
test-windows:
	@scripts/deps.sh windows
	cmake --preset mingw >/dev/null
	cmake --build --preset mingw
	ctest --preset mingw

# ARM64, cross-built and run under qemu-user: the whole suite with every extension (qemu's "max"
# CPU, where every kernel must run), then the dispatch and API tests as a Cortex-A57 (no SHA3,
# SM3, SM4) for the fallbacks.
test-aarch64:
	@scripts/deps.sh aarch64
	cmake --preset aarch64 >/dev/null
	cmake --build --preset aarch64
	ctest --preset aarch64
	ctest --preset aarch64-a57

build:
	@scripts/deps.sh test
	cmake --preset release >/dev/null
	cmake --build --preset release

asan ct clang:
	@scripts/deps.sh test
	cmake --preset $@ >/dev/null
	cmake --build --preset $@
	ctest --preset $@

# make ct-timing [MEASUREMENTS=N]: the dudect-style timing test of the kernels valgrind cannot
# run (SHA-NI, VAES, VPCLMULQDQ). A tool, not a test: it measures time, so it is not in CI.
MEASUREMENTS ?= 1000000
ct-timing:
	@scripts/deps.sh test
	cmake --preset release >/dev/null
	cmake --build --preset release --target axiom_ct_timing
	build/release/tests/axiom_ct_timing $(MEASUREMENTS)

# make fuzz [SECONDS=N]: every libFuzzer target for N seconds (default 20) from its corpus.
SECONDS ?= 20
fuzz:
	@scripts/deps.sh test
	cmake --preset fuzz -DAXIOM_FUZZ_SECONDS=$(SECONDS) >/dev/null
	cmake --build --preset fuzz --target axiom_fuzz
	ctest --preset fuzz

# Only the benchmark binary and the OpenSSL provider are built. The run keeps
# to a wall-time budget (BUDGET seconds, see bench/run.sh); the last line is the whole target's
# wall time, build included.
# Options (see bench/run.sh): BUDGET=330, LARGE=2G (large buffers only), FILTER=regex, PIN=cpu,
# FIFO=1. make bench-compare BASELINE=file.json: run make bench, then flag every figure of ours
# slower than in BASELINE (the bench.json of an earlier run) beyond the measured noise.
BENCH_ENV = QUICK='$(QUICK)' BUDGET='$(BUDGET)' LARGE='$(LARGE)' FILTER='$(FILTER)' PIN='$(PIN)' FIFO='$(FIFO)'
BENCH_START := $(shell date +%s)
bench bench-quick bench-compare:
	@$(if $(filter bench-compare,$@),test -n "$(BASELINE)" || { echo "usage: make bench-compare BASELINE=file.json" >&2; exit 2; })
	@scripts/deps.sh bench
	cmake --preset bench >/dev/null
	cmake --build --preset bench --target axiom_bench axiom_provider axiom_evp_speed
	$(BENCH_ENV) bench/run.sh build/bench $(if $(filter bench-quick,$@),--quick)
	$(if $(filter bench-compare,$@),python3 bench/report/compare.py $(BASELINE) build/bench/bench.json)
	@t=$$(( $$(date +%s) - $(BENCH_START) )); echo "bench: make $@ took $$((t / 60)) min $$((t % 60)) s (wall time, build included)"

# Copy the latest report and chart into the README and docs/bench/ (then commit them).
bench-publish:
	python3 bench/report/publish.py build/bench

clean:
	rm -rf build
