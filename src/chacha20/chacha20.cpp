#include "axiom/chacha20.hpp"

#include <bit>
#include <cstring>

#include "chacha20/chacha20_kernel.hpp"
#include "chacha20/chacha20_rounds.hpp"
#include "core/endian.hpp"
#include "core/isa.hpp"
#include "core/wipe.hpp"

#if AXIOM_X86_64
#include <emmintrin.h>
#endif

namespace axiom {

namespace detail {

namespace {
constexpr const ChaCha20Kernel* kernel_list[] = {
#if AXIOM_X86_64
    &chacha20_avx512,
    &chacha20_avx2,
#endif
#if AXIOM_AARCH64
    &chacha20_neon,
#endif
    &chacha20_portable,
};
}  // namespace

std::span<const ChaCha20Kernel* const> chacha20_kernels() noexcept { return kernel_list; }

const ChaCha20Kernel& chacha20_select(cpu::Features f) noexcept {
  return select_kernel<ChaCha20Kernel>(kernel_list, f);
}

const ChaCha20Kernel& chacha20_default() noexcept {
  static const ChaCha20Kernel& k = chacha20_select(cpu::detected());
  return k;
}

}  // namespace detail

namespace {

using detail::chacha_rounds;
using detail::load_le32;
using detail::store_le32;

// "expand 32-byte k"
constexpr std::uint32_t sigma[4] = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574};

void set_key(std::uint32_t input[16], const std::uint8_t* key) noexcept {
  for (int i = 0; i < 4; ++i) input[i] = sigma[i];
  // One inline copy on little-endian machines: GCC turned the loop into a call to memcpy.
  if constexpr (std::endian::native == std::endian::little)
    std::memcpy(input + 4, key, 32);
  else
    for (int i = 0; i < 8; ++i) input[4 + i] = load_le32(key + 4 * i);
}

// set_row3 sets words 12-15, the counter and the nonce. On x86-64 with one 16-byte store
// (SSE2, the baseline): a kernel that loads the row whole right after a new object stored it
// gets it forwarded from that store, where separate word stores would make it wait for them to
// reach the cache.
void set_row3(std::uint32_t input[16], std::uint32_t counter, const std::uint8_t* nonce) noexcept {
#if AXIOM_X86_64
  const __m128i lo =
      _mm_cvtsi64_si128(static_cast<long long>(counter | std::uint64_t{load_le32(nonce)} << 32));
  const __m128i hi = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(nonce + 4));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(input + 12), _mm_unpacklo_epi64(lo, hi));
#else
  input[12] = counter;
  for (int i = 0; i < 3; ++i) input[13 + i] = load_le32(nonce + 4 * i);
#endif
}

// Buffers partially overlap when they share bytes but do not start at the same address.
bool partial_overlap(const std::uint8_t* a, const std::uint8_t* b, std::size_t n) noexcept {
  const auto x = reinterpret_cast<std::uintptr_t>(a), y = reinterpret_cast<std::uintptr_t>(b);
  return n != 0 && x != y && x < y + n && y < x + n;
}

}  // namespace

ChaCha20::ChaCha20(std::span<const std::uint8_t, key_size> key,
                   std::span<const std::uint8_t, nonce_size> nonce, std::uint32_t counter) noexcept
    : ChaCha20(key, nonce, counter, detail::chacha20_default()) {}

ChaCha20::ChaCha20(std::span<const std::uint8_t, key_size> key,
                   std::span<const std::uint8_t, nonce_size> nonce, std::uint32_t counter,
                   const detail::ChaCha20Kernel& kernel) noexcept
    : kernel_(&kernel), blocks_left_((std::uint64_t{1} << 32) - counter), buffered_(0) {
  set_key(input_, key.data());
  set_row3(input_, counter, nonce.data());
}

// buffer_ holds keystream only while buffered_ != 0 (crypt_partial wipes it when it uses up
// its last byte, seek when it drops it), so a new object need not clear it and a message of
// whole blocks never touches it.
ChaCha20::~ChaCha20() {
  detail::wipe(input_);
  if (buffered_ != 0) detail::wipe(buffer_);
}

void ChaCha20::seek(std::uint32_t counter) noexcept {
  input_[12] = counter;
  blocks_left_ = (std::uint64_t{1} << 32) - counter;
  if (buffered_ != 0) detail::wipe(buffer_);
  buffered_ = 0;
}

Status ChaCha20::crypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) noexcept {
  const std::size_t n = in.size();
  if (out.size() != n) return Error::output_size_mismatch;
  if (partial_overlap(out.data(), in.data(), n)) return Error::overlapping_buffers;
  if (buffered_ != 0 || n % block_size != 0) return crypt_partial(out.data(), in.data(), n);
  // Whole blocks and no keystream left over: the short path of a message of whole blocks.
  const std::size_t nblocks = n / block_size;
  if (nblocks > blocks_left_) return Error::message_too_long;
  if (nblocks != 0) kernel_->xor_blocks(input_, out.data(), in.data(), nblocks);
  input_[12] += static_cast<std::uint32_t>(nblocks);  // wraps to 0 only at the very end
  blocks_left_ -= nblocks;
  return Status{};
}

Status ChaCha20::crypt_partial(std::uint8_t* dst, const std::uint8_t* src, std::size_t n) noexcept {
  if (n > buffered_ && (n - buffered_ + block_size - 1) / block_size > blocks_left_)
    return Error::message_too_long;
  // Bytes of keystream left from the previous call.
  const std::size_t take = n < buffered_ ? n : buffered_;
  const std::uint8_t* ks = buffer_ + block_size - buffered_;
  for (std::size_t i = 0; i < take; ++i) dst[i] = static_cast<std::uint8_t>(src[i] ^ ks[i]);
  buffered_ -= take;
  if (take != 0 && buffered_ == 0) detail::wipe(buffer_);
  src += take;
  dst += take;
  n -= take;
  if (n >= block_size) {
    const std::size_t nblocks = n / block_size;
    kernel_->xor_blocks(input_, dst, src, nblocks);
    input_[12] += static_cast<std::uint32_t>(nblocks);  // wraps to 0 only at the very end
    blocks_left_ -= nblocks;
    src += nblocks * block_size;
    dst += nblocks * block_size;
    n %= block_size;
  }
  if (n != 0) {
    std::memset(buffer_, 0, block_size);
    kernel_->xor_blocks(input_, buffer_, buffer_, 1);
    input_[12] += 1;
    blocks_left_ -= 1;
    for (std::size_t i = 0; i < n; ++i) dst[i] = static_cast<std::uint8_t>(src[i] ^ buffer_[i]);
    // The unused keystream stays at the end of the buffer; the used part is wiped.
    for (std::size_t i = 0; i < n; ++i) buffer_[i] = 0;
    buffered_ = block_size - n;
  }
  return Status{};
}

Status ChaCha20::crypt(std::span<std::uint8_t> out, std::span<const std::uint8_t, key_size> key,
                       std::span<const std::uint8_t, nonce_size> nonce, std::uint32_t counter,
                       std::span<const std::uint8_t> in) noexcept {
  ChaCha20 c(key, nonce, counter);
  return c.crypt(out, in);
}

std::string_view ChaCha20::kernel_name() const noexcept { return kernel_->info.name; }

void hchacha20(std::span<std::uint8_t, 32> out, std::span<const std::uint8_t, 32> key,
               std::span<const std::uint8_t, 16> input) noexcept {
  std::uint32_t x[16];
  set_key(x, key.data());
  for (int i = 0; i < 4; ++i) x[12 + i] = load_le32(input.data() + 4 * i);
  chacha_rounds(x);
  // The subkey is words 0-3 and 12-15, without the feed-forward.
  for (int i = 0; i < 4; ++i) {
    store_le32(out.data() + 4 * i, x[i]);
    store_le32(out.data() + 16 + 4 * i, x[12 + i]);
  }
  detail::wipe(x);
}

namespace {
// The XChaCha20 subkey and 12-byte nonce for a 24-byte nonce. The caller wipes subkey.
void xchacha_setup(std::uint8_t subkey[32], std::uint8_t nonce12[12],
                   std::span<const std::uint8_t, 32> key,
                   std::span<const std::uint8_t, 24> nonce) noexcept {
  hchacha20(std::span<std::uint8_t, 32>(subkey, 32), key, nonce.first<16>());
  std::memset(nonce12, 0, 4);
  std::memcpy(nonce12 + 4, nonce.data() + 16, 8);
}
}  // namespace

XChaCha20::XChaCha20(std::span<const std::uint8_t, key_size> key,
                     std::span<const std::uint8_t, nonce_size> nonce,
                     std::uint32_t counter) noexcept
    : XChaCha20(key, nonce, counter, detail::chacha20_default()) {}

XChaCha20::XChaCha20(std::span<const std::uint8_t, key_size> key,
                     std::span<const std::uint8_t, nonce_size> nonce, std::uint32_t counter,
                     const detail::ChaCha20Kernel& kernel) noexcept
    : cipher_([&]() noexcept {
        std::uint8_t subkey[32], nonce12[12];
        xchacha_setup(subkey, nonce12, key, nonce);
        ChaCha20 c(std::span<const std::uint8_t, 32>(subkey, 32),
                   std::span<const std::uint8_t, 12>(nonce12, 12), counter, kernel);
        detail::wipe(subkey);
        return c;
      }()) {}

}  // namespace axiom
