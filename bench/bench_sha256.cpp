// bench_sha256: SHA-256 and HMAC-SHA256, our kernels (from the bench registry, the same code
// `axiom bench` times) against the peer libraries found at build time.
// Names: <algo>/<op>/<impl>/<bytes>. Counters: cpb (TSC ticks per byte, serialized reads
// around the whole timed loop) and MBps (wall clock), plus Google Benchmark's bytes_per_second.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "bench_aes.hpp"
#include "bench_sm4.hpp"
#include "peers/peers.hpp"
#include "registry/registry.hpp"

namespace {

using axiom::bench::Subject;

void run_subject(benchmark::State& state, const Subject* s, std::size_t size,
                 const std::string& error) {
  if (!error.empty()) {
    state.SkipWithError(error.c_str());
    return;
  }
  const std::vector<std::uint8_t> key =
      axiom::bench::random_bytes(axiom::bench::key_size, 1);
  const std::vector<std::uint8_t> msg = axiom::bench::random_bytes(size, 2 + size);
  std::vector<std::uint8_t> out(s->output_size(size));
  const axiom::bench::MessageFn fn = s->prepare(key);  // keying stays outside the timing

  const auto t0 = std::chrono::steady_clock::now();
  const std::uint64_t c0 = axiom::bench::cycles_begin();
  for (auto _ : state) {
    fn(msg, out.data());
    benchmark::ClobberMemory();  // the output counts as used
  }
  const std::uint64_t c1 = axiom::bench::cycles_end();
  const auto t1 = std::chrono::steady_clock::now();

  const double bytes = static_cast<double>(state.iterations()) * static_cast<double>(size);
  const double seconds = std::chrono::duration<double>(t1 - t0).count();
  state.SetBytesProcessed(static_cast<std::int64_t>(bytes));
  state.counters["cpb"] = static_cast<double>(c1 - c0) / bytes;
  state.counters["MBps"] = bytes / seconds / 1e6;
  state.SetLabel(s->ours ? "axiom" : "peer");
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;

  // Registered benchmarks keep pointers into this list until the end of main.
  std::vector<Subject> all = axiom::bench::subjects();
#ifdef AXIOM_BENCH_PEER_OPENSSL
  axiom::bench::peers::add_openssl(all);
#endif
#ifdef AXIOM_BENCH_PEER_LIBGCRYPT
  axiom::bench::peers::add_libgcrypt(all);
#endif
#ifdef AXIOM_BENCH_PEER_BOTAN
  axiom::bench::peers::add_botan(all);
#endif
#ifdef AXIOM_BENCH_PEER_CRYPTOPP
  axiom::bench::peers::add_cryptopp(all);
#endif
#ifdef AXIOM_BENCH_PEER_LIBSODIUM
  axiom::bench::peers::add_libsodium(all);
#endif
#ifdef AXIOM_BENCH_PEER_NETTLE
  axiom::bench::peers::add_nettle(all);
#endif
#ifdef AXIOM_BENCH_PEER_GNUTLS
  axiom::bench::peers::add_gnutls(all);
#endif
#ifdef AXIOM_BENCH_PEER_GOST_ENGINE
  axiom::bench::peers::add_gost_engine(all);
#endif
#ifdef AXIOM_BENCH_PEER_RHASH
  axiom::bench::peers::add_rhash(all);
#endif
  axiom::bench::peers::add_chacha20_peers(all);

  axiom::bench::peers::add_aes_peers(all);
  axiom::bench::peers::add_sm4_peers(all);

  for (const Subject& s : all) {
    if (!s.runnable) {
      std::fprintf(stderr, "bench: %s skipped: this CPU lacks a feature it needs\n",
                   s.name().c_str());
      continue;
    }
    for (const std::size_t size : axiom::bench::default_sizes) {
      // Every subject's answer is checked against axiom's portable kernel once, before any
      // timing: a benchmark of a wrong answer is worthless.
      std::string error = axiom::bench::verify(s, size);
      const std::string name = s.name() + "/" + std::to_string(size);
      // Not UseRealTime(): it would append "/real_time" to the name; MBps is wall clock anyway.
      benchmark::RegisterBenchmark(name.c_str(), run_subject, &s, size, std::move(error));
    }
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
