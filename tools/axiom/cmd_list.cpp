// axiom list: every algorithm of the command line with the kernel it uses on this CPU.
#include <algorithm>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "algorithms.hpp"
#include "ciphers.hpp"
#include "commands.hpp"
#include "io.hpp"

namespace axiom::cli {

std::vector<std::pair<std::string_view, std::string_view>> every_algorithm() {
  std::vector<std::pair<std::string_view, std::string_view>> rows;
  for (const HashAlgorithm& a : hash_algorithms()) rows.emplace_back(a.name, a.kernel());
  for (const MacAlgorithm& a : mac_algorithms()) rows.emplace_back(a.name, a.kernel());
  for (const CipherAlgorithm& a : cipher_algorithms()) rows.emplace_back(a.name, a.kernel());
  return rows;
}

int cmd_list(int argc, char** argv) {
  const std::string_view arg = argc > 1 ? argv[1] : "";
  if (arg == "-h" || arg == "--help") {
    std::fputs(
        "Usage: axiom list\n"
        "Print every algorithm the command line knows and the kernel it uses on this CPU\n"
        "(after AXIOM_CPU), one per line: NAME KERNEL, several kernels joined by '+' (a GCM:\n"
        "the cipher's, GHASH's and the fused one that runs for 12-byte nonces).\n",
        stdout);
    return finish_stdout(exit_ok);
  }
  if (argc > 1) return usage_error("list", "unexpected argument '" + std::string(arg) + "'");

  const auto rows = every_algorithm();
  std::size_t width = 0;
  for (const auto& [name, kernel] : rows) width = std::max(width, name.size());
  for (const auto& [name, kernel] : rows)
    std::printf("%-*.*s  %.*s\n", static_cast<int>(width), static_cast<int>(name.size()),
                name.data(), static_cast<int>(kernel.size()), kernel.data());
  return finish_stdout(exit_ok);
}

}  // namespace axiom::cli
