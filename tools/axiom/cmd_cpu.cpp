// axiom cpu: the CPU features axiom detects and every compiled-in kernel with whether it can
// run here and which algorithms use it.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "axiom/cpu.hpp"
#include "commands.hpp"
#include "core/kernel.hpp"
#include "kernel_registry/kernel_registry.hpp"
#include "io.hpp"

namespace axiom::cli {

namespace {

constexpr const char* usage_text =
    "Usage: axiom cpu [--kernel-flags]\n"
    "Print the CPU features axiom detects (hardware, and effective after AXIOM_CPU), then every\n"
    "compiled-in kernel: the features it needs, whether this CPU can run it (AXIOM_CPU aside),\n"
    "whether it is constant time, and the algorithms that use it (as 'axiom list' shows them).\n"
    "\n"
    "  --kernel-flags  print only the /proc/cpuinfo flags that all compiled-in kernels need\n"
    "                  together, separated by spaces (.ci/run uses it)\n"
    "  -h, --help      print this help\n";

std::string or_dash(std::string s) { return s.empty() ? "-" : s; }

// uses says whether kernel is one of kernels ("aes/vaes_avx2+ghash/vpclmul_avx2+gcm/vaes_avx2").
bool uses(std::string_view kernels, std::string_view kernel) {
  for (;;) {
    const std::size_t plus = kernels.find('+');
    if (kernels.substr(0, plus) == kernel) return true;
    if (plus == std::string_view::npos) return false;
    kernels.remove_prefix(plus + 1);
  }
}

int print_kernel_flags() {
  cpu::Features all;
  for (const detail::KernelInfo* k : detail::all_kernels()) all = all | k->needs;
  std::string flags;
  for (const cpu::FeatureInfo& f : cpu::all_features())
    if (all.has(f.feature)) {
      if (!flags.empty()) flags += ' ';
      flags += f.cpuinfo_flags;
    }
  std::printf("%s\n", flags.c_str());
  return finish_stdout(exit_ok);
}

}  // namespace

int cmd_cpu(int argc, char** argv) {
  const std::string_view arg = argc > 1 ? argv[1] : "";
  if (arg == "-h" || arg == "--help") {
    std::fputs(usage_text, stdout);
    return finish_stdout(exit_ok);
  }
  if (argc == 2 && arg == "--kernel-flags") return print_kernel_flags();
  if (argc > 1) return usage_error("cpu", "unexpected argument '" + std::string(arg) + "'");

  const cpu::Features effective = cpu::detected();
  std::printf("hardware:   %s\n", or_dash(cpu::to_string(cpu::hardware())).c_str());
  if (const char* spec = std::getenv("AXIOM_CPU")) std::printf("AXIOM_CPU:  %s\n", spec);
  std::printf("effective:  %s\n\n", or_dash(cpu::to_string(effective)).c_str());

  struct Row {
    std::string kernel, needs, runnable, constant_time, used_by;
  };
  std::vector<Row> rows = {{"kernel", "needs", "runnable", "constant_time", "used by"}};
  const auto algorithms = every_algorithm();
  for (const detail::KernelInfo* k : detail::all_kernels()) {
    std::string used_by;
    for (const auto& [name, kernels] : algorithms) {
      if (!uses(kernels, k->name)) continue;
      if (!used_by.empty()) used_by += ' ';
      used_by += name;
    }
    rows.push_back({std::string(k->name), or_dash(cpu::to_string(k->needs)),
                    cpu::hardware().has(k->needs) ? "yes" : "no", k->constant_time ? "yes" : "no",
                    or_dash(used_by)});
  }
  std::size_t w[4] = {};
  for (const Row& r : rows) {
    w[0] = std::max(w[0], r.kernel.size());
    w[1] = std::max(w[1], r.needs.size());
    w[2] = std::max(w[2], r.runnable.size());
    w[3] = std::max(w[3], r.constant_time.size());
  }
  for (const Row& r : rows)
    std::printf("%-*s  %-*s  %-*s  %-*s  %s\n", static_cast<int>(w[0]), r.kernel.c_str(),
                static_cast<int>(w[1]), r.needs.c_str(), static_cast<int>(w[2]), r.runnable.c_str(),
                static_cast<int>(w[3]), r.constant_time.c_str(), r.used_by.c_str());
  return finish_stdout(exit_ok);
}

}  // namespace axiom::cli
