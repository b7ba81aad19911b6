// in_pairs.hpp: the shape shared by the hashes' update_many and hash_many: messages taken two
// at a time through a two-message kernel path, an odd last one alone.
#pragma once

#include <cstdint>
#include <span>

#include "axiom/result.hpp"

namespace axiom::detail {

// update_in_pairs runs pair(*hashers[i], data[i], *hashers[i + 1], data[i + 1]) for each pair
// and update() for an odd last hasher.
template <class H, class Pair>
Status update_in_pairs(std::span<H* const> hashers,
                       std::span<const std::span<const std::uint8_t>> data, Pair pair) noexcept {
  if (hashers.size() != data.size()) return Error::output_size_mismatch;
  std::size_t i = 0;
  for (; i + 1 < hashers.size(); i += 2) pair(*hashers[i], data[i], *hashers[i + 1], data[i + 1]);
  if (i < hashers.size()) hashers[i]->update(data[i]);
  return {};
}

// hash_in_pairs writes H(messages[i]) to out[i], two fresh hashers at a time through pair.
template <class H, class Pair>
Status hash_in_pairs(std::span<typename H::Digest> out,
                     std::span<const std::span<const std::uint8_t>> messages, Pair pair) noexcept {
  if (out.size() != messages.size()) return Error::output_size_mismatch;
  std::size_t i = 0;
  for (; i + 1 < messages.size(); i += 2) {
    H a, b;
    pair(a, messages[i], b, messages[i + 1]);
    a.finish(out[i]);
    b.finish(out[i + 1]);
  }
  if (i < messages.size()) H::hash(out[i], messages[i]);
  return {};
}

}  // namespace axiom::detail
