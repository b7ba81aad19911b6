// aead_stream.hpp: the state every streamed AEAD message keeps the same way (Mgm<C>::Stream,
// Gcm<C>::Stream): the unfinished block of AAD or ciphertext, the key stream of the text's
// unfinished block, the lengths so far and where the message is. Internal: src/core/aead_stream.hpp
// runs it.
#pragma once

#include <cstddef>
#include <cstdint>

namespace axiom::detail {

template <std::size_t N>
struct AeadStreamState {
  std::uint8_t part[N];  // bytes of an unfinished AAD or ciphertext block, not yet hashed
  std::uint8_t ks[N];    // the key stream of the text's unfinished block
  std::uint64_t aad_len, text_len;
  std::uint8_t phase;  // 0 before start, then AAD, text, finished (src/core/aead_stream.hpp)
  bool seal;
};

}  // namespace axiom::detail
