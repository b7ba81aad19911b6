// Shared helpers of the axiom command line: error messages, file names as coreutils prints
// them, and reading inputs in large blocks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <new>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace axiom::cli {

// Exit codes of every sub-command.
inline constexpr int exit_ok = 0;
inline constexpr int exit_failed = 1;  // a check or an authentication failed
inline constexpr int exit_usage = 2;   // usage or I/O error

// quote_name quotes a file name for a diagnostic the way coreutils does (gnulib's
// shell-escape style with ':' quoted too, as in the C locale): plain names stay as they are,
// others are put in '...', "..." or $'\n' pieces so the message is unambiguous.
std::string quote_name(std::string_view name);

// needs_escape says whether a name must be escaped on a checksum line (backslash, LF or CR).
bool needs_escape(std::string_view name);
// escape_name writes \\, \n and \r for those characters, as sha256sum does.
std::string escape_name(std::string_view name);
// unescape_name reverses escape_name; false if name holds any other backslash sequence.
bool unescape_name(std::string_view name, std::string& out);

// parse_count reads N, NK or NM (binary units: KiB, MiB) into n; false if text is not such a
// number or it exceeds limit.
bool parse_count(std::string_view text, std::uint64_t limit, std::uint64_t& n);

// Messages. Every diagnostic of a sub-command starts with "axiom CMD: " (CMD as set by
// set_command), one of the whole program with "axiom: "; file names are quoted by
// quote_name, nothing else is.
void set_command(std::string_view name);
// message_prefix is "axiom CMD: " (or "axiom: ").
std::string message_prefix();
// error prints "axiom CMD: MESSAGE" to stderr (after flushing stdout, so both streams stay in
// order when they go to the same place).
void error(std::string_view message);
// file_error prints "axiom CMD: NAME: strerror(err)" with NAME quoted as coreutils does.
void file_error(std::string_view name, int err);
// write_error prints "axiom CMD: write error: strerror(err)", for standard output.
void write_error(int err);

// usage_error prints "axiom CMD: MESSAGE" and a pointer to --help; returns exit_usage.
int usage_error(std::string_view command, std::string_view message);
// option_error reports what getopt_long (with opterr = 0 and a leading ':' in its option
// string) returned for a bad option c; returns exit_usage.
int option_error(std::string_view command, char** argv, int c);

// same_name compares algorithm names as OpenSSL does: ASCII letters in either case.
bool same_name(std::string_view a, std::string_view b);

// parse_hex reads text (hex digits in either case, two per byte) into out; on an error it
// prints "invalid WHAT: ..." saying which character is wrong or that the count is odd (never
// the text itself: it may be a key) and returns false.
bool parse_hex(std::string_view what, std::string_view text, std::vector<std::uint8_t>& out);

// input_label names an input in messages: "standard input" for "-", else quote_name(name).
std::string input_label(std::string_view name);

// ReadBuffer is a byte vector aligned to 64 bytes, for read(2) to fill. A plain vector of
// Input::buffer_size bytes comes from mmap 16 bytes past a page boundary, and Linux copies
// from the page cache into such a destination 3x slower: 0.65 s against 0.19 s of system time
// per GiB read in 256 KiB blocks (Zen 3), a third of the whole time of `axiom sum -a sha256`.
template <class T>
struct CacheLineAllocator {
  using value_type = T;
  static constexpr std::align_val_t alignment{64};
  CacheLineAllocator() = default;
  template <class U>
  CacheLineAllocator(const CacheLineAllocator<U>&) noexcept {}
  T* allocate(std::size_t n) { return static_cast<T*>(::operator new(n * sizeof(T), alignment)); }
  void deallocate(T* p, std::size_t) noexcept { ::operator delete(p, alignment); }
  template <class U>
  bool operator==(const CacheLineAllocator<U>&) const noexcept {
    return true;
  }
};
using ReadBuffer = std::vector<std::uint8_t, CacheLineAllocator<std::uint8_t>>;

// Input reads a file (or standard input for "-") in large blocks with read(2).
class Input {
 public:
  static constexpr std::size_t buffer_size = 256 * 1024;

  // open returns 0 or the errno of open(2). "-" means standard input (never closed).
  int open(const std::string& name);
  ~Input();
  Input() = default;
  Input(const Input&) = delete;
  Input& operator=(const Input&) = delete;

  // fd is the file descriptor read (standard input's for "-").
  int fd() const { return fd_; }

  // regular_size returns the size of a regular file, 0 for anything else (a pipe, a tty).
  std::uint64_t regular_size() const;

  // read_block fills buffer as far as the input goes (several reads on a pipe) and sets got
  // to the bytes read: fewer than buffer.size() only at end of file. Returns 0 or the errno.
  int read_block(std::span<std::uint8_t> buffer, std::size_t& got);

  // read_all passes every block to sink until end of file; returns 0 or the errno of read(2).
  int read_all(std::span<std::uint8_t> buffer,
               const std::function<void(std::span<const std::uint8_t>)>& sink);

 private:
  int fd_ = -1;
  bool owned_ = false;
};

// write_all writes data to a file descriptor, retrying on short writes; false on error.
bool write_all(int fd, std::span<const std::uint8_t> data);

// finish_stdout flushes stdout and reports a write error ("axiom CMD: write error: ...");
// returns code, or exit_usage if stdout could not be written.
int finish_stdout(int code);

}  // namespace axiom::cli
