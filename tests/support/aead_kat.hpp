// Known-answer checks shared by the AEADs over 128-bit block ciphers (AES-GCM, SM4-GCM, SM4-CCM):
// one vector file case at a time, on an object keyed with the case's key.
#pragma once

#include <gtest/gtest.h>

#include "axiom/bytes.hpp"
#include "support/vectors.hpp"

namespace axiom::test {

// seal_open_kat: seal gives Ciphertext || Tag (the tag's length from the case), open gives the
// plaintext back, and a changed ciphertext byte or tag byte fails with a zeroed output.
template <class Aead>
void seal_open_kat(const Aead& aead, const VectorCase& c, const Bytes& nonce) {
  const Bytes aad = c.bytes("AAD"), pt = c.bytes("Plaintext"), tag = c.bytes("Tag");
  Bytes out(pt.size() + tag.size());
  ASSERT_TRUE(aead.seal(out, nonce, aad, pt, tag.size()).ok()) << c.where();
  EXPECT_EQ(to_hex(out), c.text("Ciphertext") + c.text("Tag")) << c.where();
  Bytes back(pt.size());
  ASSERT_TRUE(aead.open(back, nonce, aad, out, tag.size()).ok()) << c.where();
  EXPECT_EQ(back, pt) << c.where();
  for (const std::size_t i :
       {std::size_t{3} % out.size(), out.size() - 1}) {  // in the ciphertext, in the tag
    Bytes bad = out;
    bad[i] ^= 0x40;
    EXPECT_EQ(aead.open(back, nonce, aad, bad, tag.size()).error(), Error::authentication_failed)
        << c.where();
    EXPECT_EQ(back, Bytes(back.size(), 0)) << c.where();
  }
}

// wycheproof_aead_case: a valid case opens to Msg and seals to Ciphertext and Tag; an invalid
// one fails to open and leaves a zeroed output. Wycheproof's IV is the nonce.
template <class Aead>
void wycheproof_aead_case(const Aead& aead, const VectorCase& c, bool expect_valid) {
  const Bytes iv = c.bytes("IV"), aad = c.bytes("AAD"), msg = c.bytes("Msg"),
              ct = c.bytes("Ciphertext"), tag = c.bytes("Tag");
  Bytes out(ct.size(), 0xaa);
  const Status s = aead.open_detached(out, tag, iv, aad, ct);
  if (expect_valid) {
    ASSERT_TRUE(s.ok()) << c.where() << " " << s.text();
    EXPECT_EQ(out, msg) << c.where();
    Bytes sealed(msg.size()), t(tag.size());
    ASSERT_TRUE(aead.seal_detached(sealed, t, iv, aad, msg).ok()) << c.where();
    EXPECT_EQ(sealed, ct) << c.where();
    EXPECT_EQ(t, tag) << c.where();
  } else {
    EXPECT_FALSE(s.ok()) << c.where();
    EXPECT_EQ(out, Bytes(out.size(), 0)) << c.where();
  }
}

}  // namespace axiom::test
