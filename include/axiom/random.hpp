// random.hpp: bytes from the operating system's CSPRNG.
#pragma once

#include <cstdint>
#include <span>

namespace axiom {

// fill_random fills out with bytes from the OS CSPRNG (getrandom on Linux), retrying on short
// reads and EINTR. It never returns partial output: if the OS generator fails, the process
// aborts, since no caller can continue safely without randomness. Thread-safe.
void fill_random(std::span<std::uint8_t> out) noexcept;

}  // namespace axiom
