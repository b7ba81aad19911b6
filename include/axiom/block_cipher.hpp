// block_cipher.hpp: what the modes (modes.hpp, gcm.hpp) need from a 128-bit block cipher.
#pragma once

#include <cstddef>
#include <cstdint>

namespace axiom {

namespace detail {
struct Block128Ops;

// BlockCipherRef is a keyed 128-bit block cipher as the modes see it: the kernel's bulk
// functions and the key schedule they read. It borrows the cipher object it came from.
struct BlockCipherRef {
  const Block128Ops* ops;
  const void* schedule;
};
}  // namespace detail

}  // namespace axiom
