// axiom mac: the tag of one file or standard input under a hex key.
#include <getopt.h>

#include <cstdio>
#include <string>
#include <vector>

#include "algorithms.hpp"
#include "axiom/bytes.hpp"
#include "commands.hpp"
#include "io.hpp"
#include "progress.hpp"

namespace axiom::cli {

namespace {

constexpr const char* usage_text =
    "Usage: axiom mac [-a ALG] -K HEX [--progress] [FILE|-]\n"
    "Print the MAC of FILE (standard input when FILE is - or absent) under the key HEX as one\n"
    "line of lowercase hex, with no file name (as 'openssl mac' prints it).\n"
    "\n"
    "  -a, --algorithm ALG  the MAC (default hmac-sha256; names in either case); 'axiom list'\n"
    "                       shows them all\n"
    "  -K, --key HEX        the key as hex digits, any length for HMAC (even empty), the\n"
    "                       cipher's key size for cmac-CIPHER and the GOST ciphers' CIPHER-mac\n"
    "                       (16 bytes for cmac-aes-128, 32 for kuznyechik-mac, ...); note that\n"
    "                       other users of this machine may see a command line\n"
    "      --progress       show the progress on standard error even when it is not a\n"
    "                       terminal (on a terminal it shows after a second of work)\n"
    "  -h, --help           print this help\n"
    "\n"
    "Exit status: 0 success; 2 usage error, invalid key or unreadable input.\n";

}  // namespace

int cmd_mac(int argc, char** argv) {
  enum { opt_progress = 256 };
  static const option long_options[] = {
      {"algorithm", required_argument, nullptr, 'a'},
      {"key", required_argument, nullptr, 'K'},
      {"progress", no_argument, nullptr, opt_progress},
      {"help", no_argument, nullptr, 'h'},
      {nullptr, 0, nullptr, 0},
  };
  std::string alg_name = "hmac-sha256";
  const char* key_hex = nullptr;
  bool show_progress = false;
  opterr = 0;
  for (int c; (c = getopt_long(argc, argv, ":a:K:h", long_options, nullptr)) != -1;) {
    switch (c) {
      case 'a':
        alg_name = optarg;
        break;
      case 'K':
        key_hex = optarg;
        break;
      case opt_progress:
        show_progress = true;
        break;
      case 'h':
        std::fputs(usage_text, stdout);
        return finish_stdout(exit_ok);
      default:
        return option_error("mac", argv, c);
    }
  }
  const MacAlgorithm* alg = find_mac(alg_name);
  if (alg == nullptr)
    return usage_error("mac", "unknown algorithm '" + alg_name + "' (see 'axiom list')");
  if (key_hex == nullptr) return usage_error("mac", "a key is required (-K HEX)");
  if (argc - optind > 1) return usage_error("mac", "at most one FILE");
  const std::string name = optind < argc ? argv[optind] : "-";

  std::vector<std::uint8_t> key;
  if (!parse_hex("key", key_hex, key)) return exit_usage;
  if (alg->key_size != 0 && key.size() != alg->key_size) {
    secure_wipe(key);
    error("invalid key: " + std::string(alg->name) + " takes " + std::to_string(alg->key_size) +
          " bytes (" + std::to_string(2 * alg->key_size) + " hex digits)");
    return exit_usage;
  }
  const auto m = alg->make(key);
  secure_wipe(key);

  Input in;
  ReadBuffer buffer(Input::buffer_size);
  int err = in.open(name);
  if (err == 0) {
    Progress progress(input_label(name), in.regular_size(), show_progress);
    err = in.read_all(buffer, [&](std::span<const std::uint8_t> b) {
      m->update(b);
      progress.advance(b.size());
    });
  }
  if (err != 0) {
    file_error(name, err);
    return exit_usage;
  }
  std::vector<std::uint8_t> tag(alg->tag_size);
  m->finish(tag);
  std::printf("%s\n", to_hex(tag).c_str());
  return finish_stdout(exit_ok);
}

}  // namespace axiom::cli
