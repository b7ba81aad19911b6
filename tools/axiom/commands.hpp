// The sub-commands of the axiom command line, one file each (cmd_<name>.cpp).
// Each takes the arguments after the sub-command name and returns the process exit code:
// 0 success, 1 a check or authentication failed, 2 usage or I/O error.
#pragma once

#include <string_view>
#include <utility>
#include <vector>

namespace axiom::cli {

int cmd_sum(int argc, char** argv);     // hash files, sha256sum format; --check
int cmd_mac(int argc, char** argv);     // MAC of a file or stdin
int cmd_list(int argc, char** argv);    // algorithms and the kernel each uses
int cmd_cpu(int argc, char** argv);     // CPU features and kernels
int cmd_rand(int argc, char** argv);    // random bytes from the OS CSPRNG
int cmd_bench(int argc, char** argv);   // benchmark of our kernels (the bench registry)
int cmd_cipher(int argc, char** argv);  // raw encryption/decryption (like openssl enc -K -iv)
int cmd_keygen(int argc, char** argv);  // a new random key file for enc/dec
int cmd_enc(int argc, char** argv);     // encrypt a file in authenticated chunks
int cmd_dec(int argc, char** argv);     // decrypt and authenticate such a file

// every_algorithm lists the rows of 'axiom list' (cmd_list.cpp): each algorithm of the command
// line and the kernels it uses on this CPU, joined by '+'. 'axiom cpu' derives its "used by"
// column from it.
std::vector<std::pair<std::string_view, std::string_view>> every_algorithm();

}  // namespace axiom::cli
