// aead_stream.hpp: the buffering, order and limit rules of a streamed AEAD message, written
// once for MGM and GCM. A mode supplies three operations on whole blocks:
//   hash(p, n)              n blocks of AAD or ciphertext (or one padded block) into the MAC
//   crypt(out, in, n, seal) n blocks of text: the counter-mode cipher, and the ciphertext
//                           hashed (before it is overwritten, when opening in place)
//   key_stream(ks)          ks = the next counter block's key stream (for an unfinished block)
// and these functions feed them AAD and text at any split: the whole-block runs of a call go
// to the mode (its kernels) directly, only the bytes of an unfinished block are copied.
#pragma once

#include <cstring>
#include <span>

#include "axiom/aead_stream.hpp"
#include "axiom/block_cipher.hpp"
#include "axiom/result.hpp"

namespace axiom::detail {

enum AeadPhase : std::uint8_t { phase_idle = 0, phase_aad, phase_text, phase_finished };

// stream_begin starts a message (its AAD first).
template <std::size_t N>
void stream_begin(AeadStreamState<N>& s, bool seal) noexcept {
  std::memset(&s, 0, sizeof s);
  s.seal = seal;
  s.phase = phase_aad;
}

// stream_aad: AAD bytes, before any text. Error::invalid_argument after text or outside a
// message; message_too_long past max_aad bytes in all (nothing taken).
template <std::size_t N, class Mode>
Status stream_aad(AeadStreamState<N>& s, Mode& m, std::span<const std::uint8_t> in,
                  std::uint64_t max_aad) noexcept {
  if (s.phase != phase_aad) return Error::invalid_argument;
  if (in.size() > max_aad - s.aad_len) return Error::message_too_long;
  const std::uint8_t* p = in.data();
  std::size_t n = in.size();
  const std::size_t r = s.aad_len % N;
  s.aad_len += n;
  if (r != 0) {
    const std::size_t t = n < N - r ? n : N - r;
    std::memcpy(s.part + r, p, t);
    p += t, n -= t;
    if (r + t < N) return {};
    m.hash(s.part, 1);
  }
  if (n >= N) m.hash(p, n / N);
  if (n % N != 0) std::memcpy(s.part, p + n / N * N, n % N);
  return {};
}

// flush hashes the unfinished block of the current phase, padded with zeros.
template <std::size_t N, class Mode>
void stream_flush(AeadStreamState<N>& s, Mode& m) noexcept {
  const std::size_t r = (s.phase == phase_aad ? s.aad_len : s.text_len) % N;
  if (r == 0) return;
  std::memset(s.part + r, 0, N - r);
  m.hash(s.part, 1);
}

// unfinished: n bytes of text within one unfinished block at offset r of the key stream; the
// ciphertext is kept for the hash (read before out is written: out may be in).
template <std::size_t N>
void stream_unfinished(AeadStreamState<N>& s, std::size_t r, std::uint8_t* out,
                       const std::uint8_t* in, std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint8_t c = in[i], x = static_cast<std::uint8_t>(c ^ s.ks[r + i]);
    out[i] = x;
    s.part[r + i] = s.seal ? x : c;
  }
}

// stream_update: text at any split, out.size() == in.size() (out exactly in, or apart).
// Error::invalid_argument outside a message; message_too_long past max_text bytes in all.
template <std::size_t N, class Mode>
Status stream_update(AeadStreamState<N>& s, Mode& m, std::span<std::uint8_t> out,
                     std::span<const std::uint8_t> in, std::uint64_t max_text) noexcept {
  if (s.phase != phase_aad && s.phase != phase_text) return Error::invalid_argument;
  if (out.size() != in.size()) return Error::output_size_mismatch;
  if (in.size() > max_text - s.text_len) return Error::message_too_long;
  if (!overlap_ok(out.data(), in.data(), in.size())) return Error::overlapping_buffers;
  if (s.phase == phase_aad) {
    stream_flush(s, m);
    s.phase = phase_text;
  }
  const std::uint8_t* p = in.data();
  std::uint8_t* o = out.data();
  std::size_t n = in.size();
  const std::size_t r = s.text_len % N;
  s.text_len += n;
  if (r != 0) {
    const std::size_t t = n < N - r ? n : N - r;
    stream_unfinished(s, r, o, p, t);
    p += t, o += t, n -= t;
    if (r + t < N) return {};
    m.hash(s.part, 1);
  }
  if (n >= N) m.crypt(o, p, n / N, s.seal);
  if (n % N != 0) {
    const std::size_t whole = n / N * N;
    m.key_stream(s.ks);
    stream_unfinished(s, 0, o + whole, p + whole, n % N);
  }
  return {};
}

// stream_end: the last unfinished block hashed; the message is finished (the mode then hashes
// its lengths block and makes the tag). Error::invalid_argument outside a message or when the
// message goes the other way (seal: finish_seal, open: finish_open).
template <std::size_t N, class Mode>
Status stream_end(AeadStreamState<N>& s, Mode& m, bool seal) noexcept {
  if ((s.phase != phase_aad && s.phase != phase_text) || s.seal != seal)
    return Error::invalid_argument;
  stream_flush(s, m);
  s.phase = phase_finished;
  return {};
}

}  // namespace axiom::detail
