#include "ciphers.hpp"

#include <array>
#include <string>

#include "axiom/chacha20.hpp"
#include "axiom/chacha20_poly1305.hpp"
#include "axiom/poly1305.hpp"

namespace axiom::cli {

namespace {

// ChaCha20 with OpenSSL's 16-byte IV: the 32-bit little-endian block counter, then the nonce.
class ChaCha20Crypter final : public Crypter {
 public:
  ChaCha20Crypter(std::span<const std::uint8_t> key, std::span<const std::uint8_t> iv)
      : c_(key.first<32>(), iv.subspan<4, 12>(),
           std::uint32_t{iv[0]} | std::uint32_t{iv[1]} << 8 | std::uint32_t{iv[2]} << 16 |
               std::uint32_t{iv[3]} << 24) {}
  Status update(std::span<const std::uint8_t> in, std::vector<std::uint8_t>& out) override {
    const std::size_t at = out.size();
    out.resize(at + in.size());
    const Status s = c_.crypt(std::span(out).subspan(at), in);
    if (!s.ok()) out.resize(at);
    return s;
  }
  Status finish(std::vector<std::uint8_t>&) override { return Status{}; }

 private:
  ChaCha20 c_;
};

std::unique_ptr<Crypter> make_chacha20(std::span<const std::uint8_t> key,
                                       std::span<const std::uint8_t> iv, bool) {
  return std::make_unique<ChaCha20Crypter>(key, iv);
}

// The AEADs of this family have 16-byte tags only.
template <class A>
Status aead_seal(std::span<const std::uint8_t> key, std::span<const std::uint8_t> iv,
                 std::span<const std::uint8_t> aad, std::size_t, std::span<const std::uint8_t> in,
                 std::vector<std::uint8_t>& out) {
  out.resize(in.size() + A::tag_size);
  return A(key.first<A::key_size>()).seal(out, iv.first<A::nonce_size>(), in, aad);
}

template <class A>
Status aead_open(std::span<const std::uint8_t> key, std::span<const std::uint8_t> iv,
                 std::span<const std::uint8_t> aad, std::size_t, std::span<const std::uint8_t> in,
                 std::vector<std::uint8_t>& out) {
  if (in.size() < A::tag_size) return Error::authentication_failed;
  out.resize(in.size() - A::tag_size);
  return A(key.first<A::key_size>()).open(out, iv.first<A::nonce_size>(), in, aad);
}

std::string_view chacha20_kernel() {
  static const std::string name(
      ChaCha20(std::array<std::uint8_t, 32>{}, std::array<std::uint8_t, 12>{}).kernel_name());
  return name;
}

std::string_view chacha20_poly1305_kernel() {
  static const std::string name =
      std::string(chacha20_kernel()) + "+" +
      std::string(Poly1305(std::array<std::uint8_t, 32>{}).kernel_name());
  return name;
}

const CipherAlgorithm ciphers[] = {
    {"chacha20", 32, 16, "16 bytes: block counter (32-bit little-endian) || 12-byte nonce",
     make_chacha20, {}, 0, 0, 0, chacha20_kernel},
    {"chacha20-poly1305", 32, 12, "12-byte nonce", nullptr,
     {aead_seal<ChaCha20Poly1305>, aead_open<ChaCha20Poly1305>}, 16, 16, 16,
     chacha20_poly1305_kernel},
    {"xchacha20-poly1305", 32, 24, "24-byte nonce", nullptr,
     {aead_seal<XChaCha20Poly1305>, aead_open<XChaCha20Poly1305>}, 16, 16, 16,
     chacha20_poly1305_kernel},
};

}  // namespace

std::span<const CipherAlgorithm> cipher_algorithms() { return ciphers; }

const CipherAlgorithm* find_cipher(std::string_view name) {
  for (const CipherAlgorithm& c : ciphers)
    if (c.name == name) return &c;
  return nullptr;
}

}  // namespace axiom::cli
