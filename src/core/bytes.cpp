#include "axiom/bytes.hpp"

#include <cstring>

namespace axiom {

void secure_wipe(void* p, std::size_t n) noexcept {
  if (n == 0) return;
  std::memset(p, 0, n);
  // The asm takes p as an input and clobbers memory, so the compiler must assume the zeros
  // are read and cannot drop the memset as a dead store.
  __asm__ __volatile__("" : : "r"(p) : "memory");
}

void secure_wipe(std::span<std::uint8_t> buf) noexcept { secure_wipe(buf.data(), buf.size()); }

bool ct_equal(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b) noexcept {
  if (a.size() != b.size()) return false;  // lengths are public
  unsigned diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned>(a[i] ^ b[i]);
  // Hide diff from the optimizer so it cannot turn the loop into an early-exit compare.
  __asm__("" : "+r"(diff));
  return ((diff - 1u) >> 8) & 1u;
}

std::string to_hex(std::span<const std::uint8_t> bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string s(bytes.size() * 2, '\0');
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    s[2 * i] = digits[bytes[i] >> 4];
    s[2 * i + 1] = digits[bytes[i] & 15];
  }
  return s;
}

namespace {
int hex_value(char c) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}
}  // namespace

Status hex_decode(std::span<std::uint8_t> out, std::string_view hex) noexcept {
  if (hex.size() % 2 != 0) {
    secure_wipe(out);
    return Error::invalid_hex;
  }
  if (out.size() != hex.size() / 2) {
    secure_wipe(out);
    return Error::output_size_mismatch;
  }
  for (std::size_t i = 0; i < out.size(); ++i) {
    int hi = hex_value(hex[2 * i]), lo = hex_value(hex[2 * i + 1]);
    if (hi < 0 || lo < 0) {
      secure_wipe(out);
      return Error::invalid_hex;
    }
    out[i] = static_cast<std::uint8_t>(hi << 4 | lo);
  }
  return {};
}

Result<std::vector<std::uint8_t>> from_hex(std::string_view hex) {
  if (hex.size() % 2 != 0) return Error::invalid_hex;
  std::vector<std::uint8_t> out(hex.size() / 2);
  if (Status s = hex_decode(out, hex); !s) return s.error();
  return out;
}

}  // namespace axiom
