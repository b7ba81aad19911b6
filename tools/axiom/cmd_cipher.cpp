// axiom cipher: raw encryption and decryption like `openssl enc -K -iv` (no header, no salt),
// for interoperability and testing. AEADs give ciphertext || tag.
#include <getopt.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "axiom/bytes.hpp"
#include "ciphers.hpp"
#include "commands.hpp"
#include "io.hpp"
#include "output.hpp"
#include "progress.hpp"

namespace axiom::cli {

namespace {

constexpr const char* usage_text =
    "Usage: axiom cipher -a ALG (-e|-d) -K HEX [--iv HEX] [--aad HEX] [--tag-len N] [--nopad]\n"
    "                    [--xts-standard ieee|gb] [--progress] [IN [OUT]]\n"
    "Encrypt (-e) or decrypt (-d) IN (standard input when IN is - or absent) to OUT (standard\n"
    "output when OUT is - or absent) with a raw key and IV, like 'openssl enc -K HEX -iv HEX':\n"
    "no header, no salt, no key derivation. AEADs write ciphertext || tag; decryption with a\n"
    "wrong tag writes nothing. A file OUT is written as a new file that replaces OUT only at\n"
    "the end: a failed or interrupted run leaves no OUT and an existing OUT untouched (see\n"
    "'axiom enc --help' for the details). For files, use 'axiom enc' instead.\n"
    "\n"
    "  -a, --algorithm ALG  chacha20 (--iv: 16 bytes, the 32-bit little-endian block counter\n"
    "                       then the 12-byte nonce, as OpenSSL takes it), chacha20-poly1305\n"
    "                       (12-byte nonce), xchacha20-poly1305 (24-byte nonce), or a block\n"
    "                       cipher and a mode, named as OpenSSL and the GOST engine name them\n"
    "                       ('axiom list' shows them all; names in either case):\n"
    "                       CIPHER-{ecb,cbc,cfb,cfb8,ofb,ctr} for every cipher (--iv: one\n"
    "                       block, none for ECB); for a GOST R 34.12-2015 cipher (kuznyechik)\n"
    "                       CBC, CFB and OFB also take GOST R 34.13-2015's register of z\n"
    "                       blocks (z = 1 to 8), CTR and CIPHER-ctr-acpkm an IV of half a\n"
    "                       block as the GOST engine (ACPKM: a new key every 4096 bytes), and\n"
    "                       CIPHER-mgm a nonce of one block whose first bit is 0; the other\n"
    "                       ciphers of 16-byte blocks have\n"
    "                       CIPHER-gcm (a nonce of any length, 12 bytes usual) and CIPHER-ccm\n"
    "                       (a nonce of 7 to 13 bytes, 12 usual); CIPHER-xts for 16-byte\n"
    "                       blocks and 128- or 256-bit keys (--iv: the 16-byte tweak; the key\n"
    "                       is Key1 || Key2, two different halves; the whole input, 16 bytes\n"
    "                       to 16 MiB, is one data unit, as OpenSSL's EVP takes it)\n"
    "  -e, --encrypt        encrypt\n"
    "  -d, --decrypt        decrypt (and check the tag of an AEAD)\n"
    "  -K, --key HEX        the key as hex digits, of the cipher's key size (32 bytes for\n"
    "                       ChaCha20, 16 for aes-128, ...; twice that for XTS); note that\n"
    "                       other users of this machine may see a command line\n"
    "      --iv HEX         the IV or nonce as hex digits; never reuse one with the same key\n"
    "      --aad HEX        AEADs: additional authenticated data (default none)\n"
    "      --tag-len N      AEADs: tag length in bytes (16 for the ChaCha20 AEADs, 12 to 16\n"
    "                       for GCM, an even number from 4 to 16 for CCM, 4 to a block for\n"
    "                       MGM)\n"
    "      --nopad          ECB and CBC only: no PKCS#7 padding\n"
    "      --xts-standard S XTS only: the tweak order, ieee (IEEE 1619, the default) or gb\n"
    "                       (GB/T 17964-2021, OpenSSL's sm4-xts default)\n"
    "      --progress       show the progress on standard error even when it is not a\n"
    "                       terminal (on a terminal it shows after a second of work)\n"
    "  -h, --help           print this help\n"
    "\n"
    "Exit status: 0 success; 1 authentication failed (wrong key, IV, AAD or tag, or a modified\n"
    "message); 2 usage error, invalid key or IV, or an I/O error. Killed by a signal, it\n"
    "leaves no output file and dies of that signal (status 128+N in a shell).\n";

std::string sizes_text(Sizes s) {
  if (s.min == s.max) return std::to_string(s.min);
  std::string text = std::to_string(s.min) + " to " + std::to_string(s.max);
  return s.step == 2 && s.min % 2 == 0 ? "an even number from " + text : text;
}

}  // namespace

int cmd_cipher(int argc, char** argv) {
  enum { opt_iv = 256, opt_aad, opt_tag_len, opt_nopad, opt_xts_standard, opt_progress };
  static const option long_options[] = {
      {"algorithm", required_argument, nullptr, 'a'},
      {"encrypt", no_argument, nullptr, 'e'},
      {"decrypt", no_argument, nullptr, 'd'},
      {"key", required_argument, nullptr, 'K'},
      {"iv", required_argument, nullptr, opt_iv},
      {"aad", required_argument, nullptr, opt_aad},
      {"tag-len", required_argument, nullptr, opt_tag_len},
      {"nopad", no_argument, nullptr, opt_nopad},
      {"xts-standard", required_argument, nullptr, opt_xts_standard},
      {"progress", no_argument, nullptr, opt_progress},
      {"help", no_argument, nullptr, 'h'},
      {nullptr, 0, nullptr, 0},
  };
  std::string alg_name;
  const char *key_hex = nullptr, *iv_hex = nullptr, *aad_hex = nullptr, *tag_len_text = nullptr;
  int direction = 0;  // 1 encrypt, -1 decrypt
  bool nopad = false, show_progress = false;
  std::string xts_standard;
  opterr = 0;
  for (int c; (c = getopt_long(argc, argv, ":a:edK:h", long_options, nullptr)) != -1;) {
    switch (c) {
      case 'a':
        alg_name = optarg;
        break;
      case 'e':
      case 'd':
        if (direction != 0) return usage_error("cipher", "give one of -e and -d");
        direction = c == 'e' ? 1 : -1;
        break;
      case 'K':
        key_hex = optarg;
        break;
      case opt_iv:
        iv_hex = optarg;
        break;
      case opt_aad:
        aad_hex = optarg;
        break;
      case opt_tag_len:
        tag_len_text = optarg;
        break;
      case opt_nopad:
        nopad = true;
        break;
      case opt_xts_standard:
        xts_standard = optarg;
        break;
      case opt_progress:
        show_progress = true;
        break;
      case 'h':
        std::fputs(usage_text, stdout);
        return finish_stdout(exit_ok);
      default:
        return option_error("cipher", argv, c);
    }
  }
  if (alg_name.empty()) return usage_error("cipher", "an algorithm is required (-a ALG)");
  const CipherAlgorithm* alg = find_cipher(alg_name);
  if (alg == nullptr)
    return usage_error("cipher", "unknown algorithm '" + alg_name + "' (see 'axiom list')");
  alg_name = alg->name;
  if (direction == 0) return usage_error("cipher", "give -e (encrypt) or -d (decrypt)");
  if (key_hex == nullptr) return usage_error("cipher", "a key is required (-K HEX)");
  const bool is_aead = alg->make == nullptr;
  if (!is_aead && (aad_hex != nullptr || tag_len_text != nullptr))
    return usage_error("cipher", "--aad and --tag-len are for AEADs; " + alg_name + " is not one");
  const bool is_xts = alg_name.ends_with("-xts");
  if (!xts_standard.empty() && !is_xts)
    return usage_error("cipher",
                       "--xts-standard is for the XTS modes; " + alg_name + " is not one");
  if (!xts_standard.empty() && xts_standard != "ieee" && xts_standard != "gb")
    return usage_error("cipher", "invalid --xts-standard '" + xts_standard + "' (ieee or gb)");
  if (nopad && is_aead)
    return usage_error("cipher", "--nopad is for ECB and CBC; " + alg_name + " has no padding");
  if (alg->iv.max != 0 && iv_hex == nullptr)
    return usage_error("cipher", alg_name + " needs --iv HEX (" + std::string(alg->iv_text) + ")");
  if (alg->iv.max == 0 && iv_hex != nullptr)
    return usage_error("cipher", alg_name + " takes no IV");
  std::size_t tag_len = alg->tag_size;
  if (tag_len_text != nullptr) {
    char* end = nullptr;
    errno = 0;
    const unsigned long v = std::strtoul(tag_len_text, &end, 10);
    if (errno != 0 || end == tag_len_text || *end != '\0' || *tag_len_text == '-' ||
        !alg->tags.allows(v))
      return usage_error("cipher", "invalid --tag-len '" + std::string(tag_len_text) + "' for " +
                                       alg_name + " (" + sizes_text(alg->tags) + ")");
    tag_len = v;
  }
  if (argc - optind > 2) return usage_error("cipher", "at most IN and OUT");
  const std::string in_name = optind < argc ? argv[optind] : "-";
  AtomicOutput out(optind + 1 < argc ? argv[optind + 1] : "-", 0666);

  std::vector<std::uint8_t> key, iv, aad;
  if (!parse_hex("key", key_hex, key)) return exit_usage;
  if (key.size() != alg->key_size) {
    secure_wipe(key);
    error("invalid key: " + alg_name + " takes " + std::to_string(alg->key_size) + " bytes (" +
          std::to_string(2 * alg->key_size) + " hex digits)");
    return exit_usage;
  }
  if (is_xts &&
      ct_equal(std::span(key).first(key.size() / 2), std::span(key).subspan(key.size() / 2))) {
    secure_wipe(key);
    error("invalid key: the two halves of an XTS key must differ (IEEE 1619-2018)");
    return exit_usage;
  }
  const std::string invalid_iv = "invalid IV: " + alg_name + " takes " + std::string(alg->iv_text);
  if (iv_hex != nullptr && !parse_hex("IV", iv_hex, iv)) {
    secure_wipe(key);
    return exit_usage;
  }
  if (iv_hex != nullptr && !alg->iv.allows(iv.size())) {
    secure_wipe(key);
    error(invalid_iv);
    return exit_usage;
  }
  if (aad_hex != nullptr && !parse_hex("AAD", aad_hex, aad)) {
    secure_wipe(key);
    return exit_usage;
  }

  Input in;
  ReadBuffer buffer(Input::buffer_size);
  int err = in.open(in_name);
  if (err != 0) {
    secure_wipe(key);
    file_error(in_name, err);
    return exit_usage;
  }
  if (!out.open(in.fd())) {
    secure_wipe(key);
    return exit_usage;
  }
  Progress progress(input_label(in_name), in.regular_size(), show_progress, !out.to_terminal());
  Status status;
  int write_err = 0;
  std::vector<std::uint8_t> result;
  if (is_aead) {
    // The whole message first: nothing may be written before the tag is checked.
    std::vector<std::uint8_t> message;
    err = in.read_all(buffer, [&](std::span<const std::uint8_t> b) {
      message.insert(message.end(), b.begin(), b.end());
      progress.advance(b.size());
    });
    if (err == 0) {
      status = direction > 0 ? alg->aead.seal(key, iv, aad, tag_len, message, result)
                             : alg->aead.open(key, iv, aad, tag_len, message, result);
      if (status.ok()) write_err = out.write(result);
    }
    secure_wipe(message);
  } else {
    const auto crypter = alg->make(key, iv, direction > 0);
    if (nopad && !crypter->disable_padding()) {
      secure_wipe(key);
      return usage_error("cipher", "--nopad is for ECB and CBC; " + alg_name + " has no padding");
    }
    if (xts_standard == "gb") (void)crypter->use_gb_tweak();
    err = in.read_all(buffer, [&](std::span<const std::uint8_t> b) {
      if (!status.ok() || write_err != 0) return;
      result.clear();
      status = crypter->update(b, result);
      if (status.ok()) write_err = out.write(result);
      progress.advance(b.size());
    });
    if (err == 0 && status.ok() && write_err == 0) {
      result.clear();
      status = crypter->finish(result);
      if (status.ok()) write_err = out.write(result);
    }
  }
  secure_wipe(key);
  secure_wipe(result);
  progress.clear();
  if (err != 0) {
    out.abandon();
    file_error(in_name, err);
    return exit_usage;
  }
  if (!status.ok()) {
    out.abandon();
    const std::string input = input_label(in_name);
    switch (status.error()) {
      case Error::authentication_failed:
        error(input + ": authentication failed (wrong key, IV, AAD or tag, or a modified message)");
        return exit_failed;
      case Error::invalid_padding:
        error(input + ": bad decrypt (invalid padding: wrong key or IV, or a modified message)");
        return exit_failed;
      case Error::invalid_nonce_size:
        error(invalid_iv);
        break;
      case Error::message_too_long:
        if (is_xts)
          error("XTS takes at most 16 MiB of input (one data unit of at most 2^20 blocks)");
        else if (alg_name.ends_with("-ccm"))
          error("input too long for CCM with a " + std::to_string(iv.size()) +
                "-byte nonce (at most 2^(8*" + std::to_string(15 - iv.size()) +
                ") - 1 bytes; a shorter nonce allows longer messages)");
        else
          error(std::string(status.text()));
        break;
      case Error::invalid_argument:
        if (is_xts)
          error("XTS needs at least 16 bytes of input (one data unit of 16 bytes to 16 MiB)");
        else if (nopad)
          error("with --nopad the input must be a whole number of 16-byte blocks");
        else
          error(std::string(status.text()));
        break;
      default:
        error(std::string(status.text()));
        break;
    }
    return exit_usage;
  }
  if (write_err != 0) {
    out.fail(write_err);
    return exit_usage;
  }
  if (!out.commit()) return exit_usage;
  return finish_stdout(exit_ok);
}

}  // namespace axiom::cli
