// The ciphers of `axiom cipher` (raw mode, DESIGN.md section 7), as a table: a new cipher or
// mode is one entry in ciphers.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "axiom/result.hpp"

namespace axiom::cli {

// Crypter encrypts or decrypts a stream in pieces of any size: update() appends the output
// for the input so far, finish() appends the rest (padding, for block modes).
class Crypter {
 public:
  virtual ~Crypter() = default;
  virtual Status update(std::span<const std::uint8_t> in, std::vector<std::uint8_t>& out) = 0;
  virtual Status finish(std::vector<std::uint8_t>& out) = 0;
  // disable_padding turns off PKCS#7 padding (--nopad); false for a cipher that has none.
  virtual bool disable_padding() { return false; }
  // use_gb_tweak selects GB/T 17964-2021's tweak order (--xts-standard gb); false for a cipher
  // that is not XTS.
  virtual bool use_gb_tweak() { return false; }
};

// Aead is one message through an AEAD: the whole input at once, so that a wrong tag releases
// nothing. seal writes in.size() + tag_size bytes (ciphertext || tag); open writes
// in.size() - tag_size bytes, or fails (authentication_failed) and writes nothing usable.
struct AeadCalls {
  Status (*seal)(std::span<const std::uint8_t> key, std::span<const std::uint8_t> iv,
                 std::span<const std::uint8_t> aad, std::size_t tag_size,
                 std::span<const std::uint8_t> in, std::vector<std::uint8_t>& out);
  Status (*open)(std::span<const std::uint8_t> key, std::span<const std::uint8_t> iv,
                 std::span<const std::uint8_t> aad, std::size_t tag_size,
                 std::span<const std::uint8_t> in, std::vector<std::uint8_t>& out);
};

// Sizes is a range of lengths in bytes: min to max in steps of step.
struct Sizes {
  std::size_t min = 0, max = 0, step = 1;
  bool allows(std::size_t n) const { return n >= min && n <= max && (n - min) % step == 0; }
};

struct CipherAlgorithm {
  std::string_view name;  // as OpenSSL names it: "chacha20", "aes-128-cfb8"
  std::size_t key_size;
  Sizes iv;                  // the IV or nonce lengths the library takes ({0, 0}: no IV)
  std::string_view iv_text;  // what the IV is, for messages: "16 bytes: counter (LE) || nonce"
  // Stream ciphers and block modes: make() keys a Crypter (iv.allows(iv.size())).
  std::unique_ptr<Crypter> (*make)(std::span<const std::uint8_t> key,
                                   std::span<const std::uint8_t> iv, bool encrypt) = nullptr;
  // AEADs (make is null): the calls, the default tag size and the sizes allowed.
  AeadCalls aead{};
  std::size_t tag_size = 0;
  Sizes tags{};
  std::string_view (*kernel)() = nullptr;  // the kernel(s) used on this CPU, '+' between them
};

std::span<const CipherAlgorithm> cipher_algorithms();

// find_cipher returns the cipher of that name (letters in either case), or nullptr.
const CipherAlgorithm* find_cipher(std::string_view name);

}  // namespace axiom::cli
