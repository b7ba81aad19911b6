// The algorithms the command line knows, behind a small type-erased streaming interface, so
// that a new hash or MAC is one line in algorithms.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

namespace axiom::cli {

// Digester is a hash or keyed MAC in progress: update() any number of times, then finish()
// once with an output of exactly the algorithm's size.
class Digester {
 public:
  virtual ~Digester() = default;
  virtual void update(std::span<const std::uint8_t> data) = 0;
  virtual void finish(std::span<std::uint8_t> out) = 0;
};

struct HashAlgorithm {
  std::string_view name;  // as on the command line: "sha256"
  std::string_view tag;   // as in BSD-style "SHA256 (file) = ..." lines and sha256sum's warnings
  std::size_t digest_size;
  std::unique_ptr<Digester> (*make)();
  std::string_view (*kernel)();  // the kernel a new object uses on this CPU
  // update_many appends data[i] to *digesters[i] for every i, digesters made by make(): where
  // the hash has a multi-message call, they go through the kernel together (faster than one by
  // one; SHA-256 takes up to sixteen at once).
  void (*update_many)(std::span<Digester* const> digesters,
                      std::span<const std::span<const std::uint8_t>> data);
};

struct MacAlgorithm {
  std::string_view name;  // "hmac-sha256"
  std::size_t tag_size;
  std::unique_ptr<Digester> (*make)(std::span<const std::uint8_t> key);
  std::string_view (*kernel)();
  std::size_t key_size = 0;  // 0: a key of any length (HMAC)
};

std::span<const HashAlgorithm> hash_algorithms();
std::span<const MacAlgorithm> mac_algorithms();

// find_hash and find_mac return the algorithm of that name (letters in either case), or nullptr.
const HashAlgorithm* find_hash(std::string_view name);
const MacAlgorithm* find_mac(std::string_view name);

}  // namespace axiom::cli
