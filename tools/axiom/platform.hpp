// What the axiom command line needs from the operating system, in one place: POSIX in
// platform_posix.cpp, Windows in platform_windows.cpp (with AtomicOutput, output.hpp, each).
// File names are UTF-8 on both (Windows converts them to UTF-16 for its wide-character calls);
// file descriptors are the C library's (binary mode on Windows).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

namespace axiom::cli::os {

inline constexpr int stdin_fd = 0;
inline constexpr int stdout_fd = 1;
inline constexpr int stderr_fd = 2;

// start is main's first call: the locale for quoting names, standard streams in binary mode
// (Windows) and SIGXFSZ ignored, so that a write past `ulimit -f` fails with EFBIG (POSIX).
// It returns the arguments in UTF-8 (on Windows from the UTF-16 command line, whatever the
// code page), valid until the process ends.
char** start(int argc, char** argv);

// open_read opens a file for reading: its descriptor, or -1 with errno set.
int open_read(const std::string& name);
// open_new creates a file for writing that must not exist yet (EEXIST), readable by its owner
// only where the system has such permissions: its descriptor, or -1 with errno set.
int open_new(const std::string& name);
// fopen_read opens a file for reading as a stream (binary: CR LF stays as it is), or nullptr.
std::FILE* fopen_read(const std::string& name);
// remove_file deletes a file (errors ignored: used only to drop what a failed run wrote).
void remove_file(const std::string& name);

// read returns the bytes read (0 at end of file) or -1 with errno set, retrying on EINTR.
long read(int fd, void* data, std::size_t size);
// write returns the bytes written or -1 with errno set, retrying on EINTR.
long write(int fd, const void* data, std::size_t size);
// sync makes what was written to fd durable (fsync); false with errno set on failure.
bool sync(int fd);
// close returns false with errno set on failure.
bool close(int fd);

// is_terminal says whether fd is a terminal (a console on Windows).
bool is_terminal(int fd);
// regular_size is the size of the regular file open as fd, 0 for anything else.
std::uint64_t regular_size(int fd);
// regular_file_size sets size to the size of the regular file name; false for anything else.
bool regular_file_size(const std::string& name, std::uint64_t& size);

// read_secret_line writes prompt to the terminal and reads one line from it without echo;
// false if the process has no terminal.
bool read_secret_line(const char* prompt, std::string& line);

// usable_cpus is the number of processors this process may run on (at least 1).
unsigned usable_cpus();

}  // namespace axiom::cli::os
