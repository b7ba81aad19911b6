// bytes.hpp: wiping, constant-time comparison and hex for byte strings.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "axiom/result.hpp"

namespace axiom {

// secure_wipe overwrites buf with zeros in a way the compiler cannot remove. Thread-safe.
void secure_wipe(std::span<std::uint8_t> buf) noexcept;
void secure_wipe(void* p, std::size_t n) noexcept;

// ct_equal returns whether a and b hold the same bytes. Its time depends only on the lengths,
// never on the contents; inputs of different length compare unequal.
bool ct_equal(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b) noexcept;

// to_hex returns the lowercase hex text of bytes (2 characters per byte). It allocates.
std::string to_hex(std::span<const std::uint8_t> bytes);

// hex_decode writes the bytes of hex (even length, upper or lower case, no separators) to out,
// which must hold exactly hex.size() / 2 bytes. Errors: invalid_hex, output_size_mismatch; on
// failure out is zeroed.
Status hex_decode(std::span<std::uint8_t> out, std::string_view hex) noexcept;

// from_hex returns the bytes of hex, or Error::invalid_hex. It allocates.
Result<std::vector<std::uint8_t>> from_hex(std::string_view hex);

// as_bytes views the characters of text as bytes (no copy), for hashing strings.
inline std::span<const std::uint8_t> as_bytes(std::string_view text) noexcept {
  return {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()};
}

}  // namespace axiom
