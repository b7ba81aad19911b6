#include "algorithms.hpp"

#include <array>
#include <deque>
#include <string>
#include <vector>

#include "axiom/axiom.hpp"
#include "core/block_ciphers.hpp"
#include "io.hpp"

namespace axiom::cli {

namespace {

// HashDigester adapts any axiom hash H (update / finish / kernel_name) to Digester.
template <class H>
class HashDigester final : public Digester {
 public:
  void update(std::span<const std::uint8_t> data) override { h_.update(data); }
  void finish(std::span<std::uint8_t> out) override { h_.finish(out.first<H::digest_size>()); }

  // update_many: all digesters come from the same table entry, so all are HashDigester<H>.
  static void update_many(std::span<Digester* const> digesters,
                          std::span<const std::span<const std::uint8_t>> data) {
    std::vector<H*> hashers;
    for (Digester* d : digesters) hashers.push_back(&static_cast<HashDigester*>(d)->h_);
    if constexpr (requires { H::update_many(std::span<H* const>(hashers), data); }) {
      (void)H::update_many(hashers, data);  // sizes match by construction
    } else {
      for (std::size_t i = 0; i < hashers.size(); ++i) hashers[i]->update(data[i]);
    }
  }

 private:
  H h_;
};

template <class H>
class HmacDigester final : public Digester {
 public:
  explicit HmacDigester(std::span<const std::uint8_t> key) : m_(key) {}
  void update(std::span<const std::uint8_t> data) override { m_.update(data); }
  void finish(std::span<std::uint8_t> out) override { m_.finish(out.first<Hmac<H>::tag_size>()); }

 private:
  Hmac<H> m_;
};

// CmacDigester: CMAC over the block cipher C; the key has C::key_size bytes (cmd_mac checks).
template <class C>
class CmacDigester final : public Digester {
 public:
  explicit CmacDigester(std::span<const std::uint8_t> key) : m_(key.first<C::key_size>()) {}
  void update(std::span<const std::uint8_t> data) override { m_.update(data); }
  void finish(std::span<std::uint8_t> out) override { m_.finish(out.first<C::block_size>()); }

 private:
  Cmac<C> m_;
};

template <class H>
std::string_view kernel_of() {
  return H().kernel_name();
}

template <class H>
constexpr HashAlgorithm hash_entry(std::string_view tag) {
  return {H::name,
          tag,
          H::digest_size,
          []() -> std::unique_ptr<Digester> { return std::make_unique<HashDigester<H>>(); },
          &kernel_of<H>,
          &HashDigester<H>::update_many};
}

template <class H>
constexpr MacAlgorithm hmac_entry(std::string_view name) {
  return {name, Hmac<H>::tag_size,
          [](std::span<const std::uint8_t> key) -> std::unique_ptr<Digester> {
            return std::make_unique<HmacDigester<H>>(key);
          },
          &kernel_of<H>};
}

template <class C>
constexpr MacAlgorithm cmac_entry(std::string_view name) {
  return {name, C::block_size,
          [](std::span<const std::uint8_t> key) -> std::unique_ptr<Digester> {
            return std::make_unique<CmacDigester<C>>(key);
          },
          [] { return C(std::array<std::uint8_t, C::key_size>{}).kernel_name(); }, C::key_size};
}

const HashAlgorithm hashes[] = {
    hash_entry<Sha256>("SHA256"),
    hash_entry<Streebog256>("STREEBOG256"),
    hash_entry<Streebog512>("STREEBOG512"),
};

// The MACs: HMAC over each hash, and for each block cipher of core/block_ciphers.h its CMAC,
// named cmac-<cipher>, or for a GOST cipher GOST R 34.13-2015's MAC (the same OMAC1), named
// <cipher>-mac as the GOST engine names it.
const std::vector<MacAlgorithm>& macs() {
  static const std::deque<std::string> names = [] {
    std::deque<std::string> n;
    detail::for_each_type<detail::BlockCiphers>([&]<class C>() {
      n.push_back(detail::is_gost<C> ? detail::cipher_name<C>() + "-mac"
                                     : std::string("cmac-").append(detail::cipher_name<C>()));
    });
    return n;
  }();
  static const std::vector<MacAlgorithm> list = [] {
    std::vector<MacAlgorithm> v = {
        hmac_entry<Sha256>("hmac-sha256"),
        hmac_entry<Streebog256>("hmac-streebog256"),
        hmac_entry<Streebog512>("hmac-streebog512"),
    };
    std::size_t i = 0;
    detail::for_each_type<detail::BlockCiphers>(
        [&]<class C>() { v.push_back(cmac_entry<C>(names[i++])); });
    return v;
  }();
  return list;
}

}  // namespace

std::span<const HashAlgorithm> hash_algorithms() { return hashes; }
std::span<const MacAlgorithm> mac_algorithms() { return macs(); }

const HashAlgorithm* find_hash(std::string_view name) {
  for (const HashAlgorithm& a : hashes)
    if (same_name(a.name, name)) return &a;
  return nullptr;
}

const MacAlgorithm* find_mac(std::string_view name) {
  for (const MacAlgorithm& a : macs())
    if (same_name(a.name, name)) return &a;
  return nullptr;
}

}  // namespace axiom::cli
