// axiom rand: random bytes from the operating system's CSPRNG.
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "axiom/bytes.hpp"
#include "axiom/random.hpp"
#include "commands.hpp"
#include "io.hpp"
#include "platform.hpp"

namespace axiom::cli {

namespace {

constexpr const char* usage_text =
    "Usage: axiom rand N [--hex]\n"
    "Write N random bytes from the operating system's CSPRNG (getrandom) to standard output.\n"
    "N may end in K (KiB) or M (MiB); at most 1 GiB (1024M).\n"
    "\n"
    "  --hex       print the bytes as lowercase hex followed by a newline\n"
    "  -h, --help  print this help\n";

constexpr std::uint64_t max_bytes = std::uint64_t{1} << 30;

}  // namespace

int cmd_rand(int argc, char** argv) {
  bool hex = false;
  const char* count = nullptr;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (a == "-h" || a == "--help") {
      std::fputs(usage_text, stdout);
      return finish_stdout(exit_ok);
    }
    if (a == "--hex")
      hex = true;
    else if (a.size() > 1 && a.front() == '-')
      return usage_error("rand", "unrecognized option '" + std::string(a) + "'");
    else if (count != nullptr)
      return usage_error("rand", "one count only");
    else
      count = argv[i];
  }
  if (count == nullptr) return usage_error("rand", "missing byte count N");
  std::uint64_t n = 0;
  if (!parse_count(count, max_bytes, n))
    return usage_error("rand", std::string("invalid byte count '") + count +
                                   "' (a number, optionally with K or M, at most 1024M)");

  std::vector<std::uint8_t> block(64 * 1024);
  for (std::uint64_t left = n; left > 0;) {
    const std::size_t size = left < block.size() ? static_cast<std::size_t>(left) : block.size();
    const std::span<std::uint8_t> part(block.data(), size);
    fill_random(part);
    const std::string text = hex ? to_hex(part) : std::string();
    const bool ok = hex ? write_all(os::stdout_fd, as_bytes(text)) : write_all(os::stdout_fd, part);
    if (!ok) {
      write_error(errno);
      return exit_usage;
    }
    left -= size;
  }
  if (hex && !write_all(os::stdout_fd, as_bytes("\n"))) {
    write_error(errno);
    return exit_usage;
  }
  return exit_ok;
}

}  // namespace axiom::cli
