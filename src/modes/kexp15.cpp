// KExp15 / KImp15 (R 1323565.1.017-2018 section 5) over the modes of modes.hpp: OMAC of
// iv || key, then CTR over key || mac.
#include "axiom/kexp15.hpp"

#include "axiom/bytes.hpp"
#include "axiom/modes.hpp"
#include "core/verdict.hpp"
#include "core/wipe.hpp"
#include "modes/mode_util.hpp"

namespace axiom {

namespace {
template <class C>
void key_mac(std::uint8_t tag[C::block_size], std::span<const std::uint8_t> key, const C& mac_key,
             std::span<const std::uint8_t, C::block_size / 2> iv) noexcept {
  Cmac<C> mac(mac_key);
  mac.update(iv);
  mac.update(key);
  mac.finish(std::span<std::uint8_t, C::block_size>(tag, C::block_size));
}
}  // namespace

template <class C>
Status kexp15(std::span<std::uint8_t> out, std::span<const std::uint8_t> key, const C& mac_key,
              const C& enc_key, std::span<const std::uint8_t, C::block_size / 2> iv) noexcept {
  constexpr std::size_t n = C::block_size;
  if (out.size() != key.size() + n) return Error::output_size_mismatch;
  if (!detail::overlap_ok(out.data(), key.data(), key.size())) return Error::overlapping_buffers;
  std::uint8_t tag[n];
  key_mac<C>(tag, key, mac_key, iv);
  Ctr<C> ctr = Ctr<C>::gost(enc_key, iv);
  (void)ctr.apply(out.first(key.size()), key);
  (void)ctr.apply(out.subspan(key.size()), std::span<const std::uint8_t>(tag, n));
  detail::wipe(tag);
  return {};
}

template <class C>
Status kimp15(std::span<std::uint8_t> key, std::span<const std::uint8_t> in, const C& mac_key,
              const C& enc_key, std::span<const std::uint8_t, C::block_size / 2> iv) noexcept {
  constexpr std::size_t n = C::block_size;
  if (in.size() < n) return Error::invalid_argument;
  if (key.size() != in.size() - n) return Error::output_size_mismatch;
  if (!detail::overlap_ok(key.data(), in.data(), key.size())) return Error::overlapping_buffers;
  std::uint8_t got[n], want[n];
  Ctr<C> ctr = Ctr<C>::gost(enc_key, iv);
  for (std::size_t i = 0; i < n; ++i) got[i] = in[key.size() + i];  // before key may overwrite in
  (void)ctr.apply(key, in.first(key.size()));
  (void)ctr.apply(std::span<std::uint8_t>(got, n), std::span<const std::uint8_t>(got, n));
  key_mac<C>(want, key, mac_key, iv);
  const bool same =
      ct_equal(std::span<const std::uint8_t>(got, n), std::span<const std::uint8_t>(want, n));
  detail::wipe(got);
  detail::wipe(want);
  return detail::release_if_authentic(key, same);
}

template Status kexp15<Magma>(std::span<std::uint8_t>, std::span<const std::uint8_t>, const Magma&,
                              const Magma&, std::span<const std::uint8_t, 4>) noexcept;
template Status kexp15<Kuznyechik>(std::span<std::uint8_t>, std::span<const std::uint8_t>,
                                   const Kuznyechik&, const Kuznyechik&,
                                   std::span<const std::uint8_t, 8>) noexcept;
template Status kimp15<Magma>(std::span<std::uint8_t>, std::span<const std::uint8_t>, const Magma&,
                              const Magma&, std::span<const std::uint8_t, 4>) noexcept;
template Status kimp15<Kuznyechik>(std::span<std::uint8_t>, std::span<const std::uint8_t>,
                                   const Kuznyechik&, const Kuznyechik&,
                                   std::span<const std::uint8_t, 8>) noexcept;

}  // namespace axiom
