// The C++ API from a program built with -fno-exceptions -fno-rtti: every header through the
// umbrella, and the header templates (HMAC, HKDF, PBKDF2, the modes, GCM) instantiated here,
// in this translation unit, so code that needed exceptions or RTTI would not compile. A few
// known answers show the calls work; the exit status is the number of wrong ones.
#include <cstdio>
#include <cstring>

#include "axiom/axiom.hpp"

#if defined(__cpp_exceptions) || defined(__GXX_RTTI)
#error "build this test with -fno-exceptions -fno-rtti"
#endif

namespace {

int wrong = 0;

void expect_hex(std::span<const std::uint8_t> got, const char* want, const char* what) {
  if (axiom::to_hex(got) != want) {
    std::printf("%s: got %s\n", what, axiom::to_hex(got).c_str());
    ++wrong;
  }
}

}  // namespace

int main() {
  using namespace axiom;
  expect_hex(Sha256::hash(as_bytes("abc")),
             "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", "sha256");
  expect_hex(Hmac<Sha256>::mac(as_bytes("Jefe"), as_bytes("what do ya want for nothing?")),
             "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843", "hmac-sha256");
  std::uint8_t okm[42], ikm[22];
  std::memset(ikm, 0x0b, sizeof ikm);
  if (!Hkdf<Sha256>::derive(okm, ikm, {}, {}).ok()) ++wrong;
  expect_hex(okm,
             "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8",
             "hkdf-sha256");
  std::uint8_t dk[16];
  if (!Pbkdf2<Hmac<Sha256>>::derive(dk, as_bytes("passwd"), as_bytes("salt"), 1).ok()) ++wrong;
  expect_hex(dk, "55ac046e56e3089fec1691c22544b605", "pbkdf2");

  std::uint8_t key[16] = {}, iv[16] = {}, block[16] = {}, out[32];
  Ecb<Aes128> ecb(key);
  if (!ecb.encrypt(std::span(out, 16), block).ok()) ++wrong;
  expect_hex(std::span(out, 16), "66e94bd4ef8a2c3b884cfa59ca342b2e", "aes-128-ecb");
  Ctr<Aes128> ctr(key, iv);
  if (!ctr.apply(std::span(out, 16), block).ok()) ++wrong;
  expect_hex(std::span(out, 16), "66e94bd4ef8a2c3b884cfa59ca342b2e", "aes-128-ctr");
  Cmac<Aes128> cmac(key);
  if (!Cbc<Aes128>(key, iv).encrypt(std::span(out, 16), block).ok()) ++wrong;
  expect_hex(std::span(out, 16), "66e94bd4ef8a2c3b884cfa59ca342b2e", "aes-128-cbc");
  std::uint8_t nonce[12] = {};
  const AesGcm128 gcm(key);
  if (!gcm.seal(out, nonce, {}, block).ok()) ++wrong;
  expect_hex(out, "0388dace60b6a392f328c2b971b2fe78ab6e47d42cec13bdf53a67b21257bddf",
             "aes-128-gcm");
  std::uint8_t tag[16];
  cmac.finish(tag);  // of the empty message
  expect_hex(tag, "4387c14b46ef7e176dceefa862d72ff9", "aes-128-cmac");
  std::printf("no_exceptions: %s\n", wrong ? "FAILED" : "all checks passed");
  return wrong;
}
