// axiom: the command line. Dispatches to one function per sub-command (commands.hpp).
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <string_view>

#include "axiom/cpu.hpp"
#include "commands.hpp"
#include "io.hpp"
#include "platform.hpp"

namespace {

using axiom::cli::exit_ok;
using axiom::cli::exit_usage;

struct Command {
  std::string_view name;
  int (*run)(int, char**);
  std::string_view summary;
};

constexpr Command commands[] = {
    {"sum", axiom::cli::cmd_sum, "print or check message digests (sha256sum format)"},
    {"mac", axiom::cli::cmd_mac, "print the MAC of a file or standard input"},
    {"cipher", axiom::cli::cmd_cipher, "raw encryption or decryption with a hex key and IV"},
    {"enc", axiom::cli::cmd_enc, "encrypt a file (authenticated chunks; key file or passphrase)"},
    {"dec", axiom::cli::cmd_dec, "decrypt and authenticate a file written by axiom enc"},
    {"keygen", axiom::cli::cmd_keygen, "write a new random key for axiom enc and dec"},
    {"list", axiom::cli::cmd_list, "list the algorithms and the kernel each uses"},
    {"cpu", axiom::cli::cmd_cpu, "show CPU features and the compiled-in kernels"},
    {"rand", axiom::cli::cmd_rand, "write random bytes from the OS CSPRNG"},
    {"bench", axiom::cli::cmd_bench, "benchmark axiom's kernels"},
};

void usage(std::FILE* out) {
  std::fputs(
      "Usage: axiom COMMAND [ARGUMENT]...\n"
      "       axiom help [COMMAND] | axiom COMMAND --help | axiom --version\n"
      "\nCommands:\n",
      out);
  for (const Command& c : commands)
    std::fprintf(out, "  %-6.*s %.*s\n", static_cast<int>(c.name.size()), c.name.data(),
                 static_cast<int>(c.summary.size()), c.summary.data());
  std::fputs(
      "\nEnvironment: AXIOM_CPU=portable, or AXIOM_CPU=-shani,-avx2 (commas or spaces, either\n"
      "case), clears CPU features; a value not understood is an error (exit status 2).\n"
      "Exit status: 0 success; 1 a check or authentication failed; 2 usage or I/O error\n"
      "(axiom sum follows sha256sum: 1 also when a file cannot be read). Killed by a signal,\n"
      "axiom dies of that signal (status 128+N in a shell: 130 for SIGINT) and enc, dec and\n"
      "cipher leave no output file behind. Messages start with 'axiom COMMAND: '.\n",
      out);
}

const Command* find(std::string_view name) {
  for (const Command& c : commands)
    if (c.name == name) return &c;
  return nullptr;
}

int unknown_command(std::string_view name) {
  axiom::cli::error("unknown command '" + std::string(name) + "'\nTry 'axiom --help'.");
  return exit_usage;
}

int run(int argc, char** argv) {
  if (argc < 2) {
    usage(stderr);
    return exit_usage;
  }
  const std::string_view first = argv[1];
  if (first == "-h" || first == "--help" || (first == "help" && argc == 2)) {
    usage(stdout);
    return axiom::cli::finish_stdout(exit_ok);
  }
  if (first == "--version" || first == "-V") {
    std::puts("axiom " AXIOM_VERSION);
    return axiom::cli::finish_stdout(exit_ok);
  }
  if (first == "help") {
    const Command* c = find(argv[2]);
    if (c == nullptr) return unknown_command(argv[2]);
    axiom::cli::set_command(c->name);
    char help[] = "--help";
    char* args[] = {argv[2], help, nullptr};
    return c->run(2, args);
  }
  const Command* c = find(first);
  if (c == nullptr) return unknown_command(first);
  // Kernels are chosen from AXIOM_CPU when first used: a value not understood stops here.
  if (const char* spec = std::getenv("AXIOM_CPU"))
    if (const std::string problem = axiom::cpu::override_error(spec); !problem.empty()) {
      axiom::cli::error(problem);
      return exit_usage;
    }
  axiom::cli::set_command(c->name);
  return c->run(argc - 1, argv + 1);
}

}  // namespace

int main(int argc, char** argv) {
  argv = axiom::cli::os::start(argc, argv);
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    axiom::cli::error(e.what());
  } catch (...) {
    axiom::cli::error("unexpected internal error");
  }
  return exit_usage;
}
