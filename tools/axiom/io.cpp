#include "io.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <cwchar>
#include <cwctype>
#include <vector>

namespace axiom::cli {

namespace {

bool printable(unsigned char c) { return c >= 0x20 && c < 0x7f; }

// Characters a shell gives a meaning to anywhere in a word (gnulib's list, plus ':' which
// coreutils' diagnostics quote too).
bool shell_special(char c) { return std::strchr("!\"$&()*;<=>[^`|? \\':", c) != nullptr; }

// special_here adds the characters that matter only at the start or when alone.
bool special_here(char c, std::size_t i, std::size_t size) {
  if ((c == '#' || c == '~') && i == 0) return true;
  return (c == '{' || c == '}') && size == 1;
}

// printable_bytes marks the bytes of name that belong to printable characters of the locale's
// character set (LC_CTYPE): in a UTF-8 locale "é" is shown as it is, in the C locale as
// octal escapes, as coreutils does. Invalid sequences are unprintable, one byte at a time.
std::vector<char> printable_bytes(std::string_view name) {
  std::vector<char> shown(name.size(), 0);
  std::mbstate_t state{};
  for (std::size_t i = 0; i < name.size();) {
    const auto u = static_cast<unsigned char>(name[i]);
    if (u < 0x80) {
      shown[i++] = printable(u);
      continue;
    }
    wchar_t wc = 0;
    const std::size_t n = std::mbrtowc(&wc, name.data() + i, name.size() - i, &state);
    if (n == 0 || n > name.size() - i) {  // invalid or incomplete: (size_t)-1 or -2
      state = std::mbstate_t{};
      ++i;
      continue;
    }
    const char yes = std::iswprint(static_cast<std::wint_t>(wc)) != 0;
    for (std::size_t k = 0; k < n; ++k) shown[i + k] = yes;
    i += n;
  }
  return shown;
}

// compatible says whether c may stand inside "..." unchanged with the same meaning as inside
// '...', which lets a name holding a single quote be shown as "it's".
bool compatible(char c, bool shown, std::size_t i, std::size_t size) {
  if (!shown) return false;
  if (c == ' ' || c == '\'' || c == ':' || special_here(c, i, size)) return true;
  if (c == '#' || c == '~' || c == '{' || c == '}') return false;
  return !shell_special(c);
}

char named_escape(unsigned char c) {
  switch (c) {
    case '\a': return 'a';
    case '\b': return 'b';
    case '\t': return 't';
    case '\n': return 'n';
    case '\v': return 'v';
    case '\f': return 'f';
    case '\r': return 'r';
    default: return 0;
  }
}

}  // namespace

std::string quote_name(std::string_view name) {
  const std::vector<char> shown = printable_bytes(name);
  bool needs = name.empty();
  bool all_compatible = true;
  bool single_quote = false;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    if (!shown[i] || shell_special(c) || special_here(c, i, name.size())) needs = true;
    all_compatible = all_compatible && compatible(c, shown[i] != 0, i, name.size());
    single_quote = single_quote || c == '\'';
  }
  if (!needs) return std::string(name);
  std::string out;
  if (single_quote && all_compatible) {
    out += '"';
    out += name;
    out += '"';
    return out;
  }
  // '...' with '\'' for a quote and $'\ooo' pieces for unprintable bytes.
  out += '\'';
  bool in_dollar = false;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    const auto u = static_cast<unsigned char>(c);
    if (!shown[i]) {
      if (!in_dollar) out += "'$'";
      in_dollar = true;
      out += '\\';
      if (const char e = named_escape(u)) {
        out += e;
      } else {
        const char octal[4] = {static_cast<char>('0' + (u >> 6)),
                               static_cast<char>('0' + ((u >> 3) & 7)),
                               static_cast<char>('0' + (u & 7)), 0};
        out += octal;
      }
    } else if (c == '\'') {
      out += "'\\''";
      in_dollar = false;
    } else {
      if (in_dollar) out += "''";
      in_dollar = false;
      out += c;
    }
  }
  out += '\'';
  return out;
}

bool needs_escape(std::string_view name) {
  return name.find_first_of("\\\n\r") != std::string_view::npos;
}

std::string escape_name(std::string_view name) {
  std::string out;
  out.reserve(name.size());
  for (const char c : name) {
    if (c == '\\')
      out += "\\\\";
    else if (c == '\n')
      out += "\\n";
    else if (c == '\r')
      out += "\\r";
    else
      out += c;
  }
  return out;
}

bool unescape_name(std::string_view name, std::string& out) {
  out.clear();
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (name[i] != '\\') {
      out += name[i];
      continue;
    }
    if (++i == name.size()) return false;
    switch (name[i]) {
      case '\\': out += '\\'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      default: return false;
    }
  }
  return true;
}

void error(std::string_view message) {
  std::fflush(stdout);
  std::fprintf(stderr, "axiom: %.*s\n", static_cast<int>(message.size()), message.data());
}

void file_error(std::string_view name, int err) {
  error(quote_name(name) + ": " + std::strerror(err));
}

int usage_error(std::string_view command, std::string_view message) {
  std::fflush(stdout);
  const int n = static_cast<int>(command.size());
  std::fprintf(stderr, "axiom %.*s: %.*s\nTry 'axiom %.*s --help' for more information.\n", n,
               command.data(), static_cast<int>(message.size()), message.data(), n, command.data());
  return exit_usage;
}

int option_error(std::string_view command, char** argv, int c) {
  // optind has moved past the offending word; optopt holds a bad short option, or 0.
  const std::string word = argv[optind - 1];
  if (c == ':') return usage_error(command, "option requires an argument: " + word);
  if (optopt != 0 && word.rfind("--", 0) != 0)
    return usage_error(command,
                       std::string("invalid option -- '") + static_cast<char>(optopt) + "'");
  return usage_error(command, "unrecognized option '" + word + "'");
}

int Input::open(const std::string& name) {
  if (name == "-") {
    fd_ = STDIN_FILENO;
    return 0;
  }
  fd_ = ::open(name.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd_ < 0) return errno;
  owned_ = true;
  // A hint only: the kernel may read ahead more aggressively; failure changes nothing.
  (void)posix_fadvise(fd_, 0, 0, POSIX_FADV_SEQUENTIAL);
  return 0;
}

Input::~Input() {
  if (owned_) ::close(fd_);
}

std::uint64_t Input::regular_size() const {
  struct stat st {};
  if (::fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode)) return 0;
  return static_cast<std::uint64_t>(st.st_size);
}

Progress::Progress(std::string label, std::uint64_t total) : name_(std::move(label)) {
  if (total >= std::uint64_t{64} << 20 && ::isatty(STDERR_FILENO)) total_ = total;
}

Progress::~Progress() {
  if (shown_ >= 0) std::fputs("\r\033[K", stderr);  // erase the line
}

void Progress::clear() {
  if (shown_ >= 0) std::fputs("\r\033[K", stderr);
  shown_ = -1;
}

void Progress::advance(std::size_t n) {
  if (total_ == 0) return;
  done_ += n;
  const int percent = static_cast<int>(done_ >= total_ ? 100 : done_ * 100 / total_);
  if (percent == shown_) return;
  shown_ = percent;
  std::fprintf(stderr, "\raxiom: %s: %d%%", name_.c_str(), percent);
}

int Input::read_block(std::span<std::uint8_t> buffer, std::size_t& got) {
  got = 0;
  while (got < buffer.size()) {
    const ssize_t n = ::read(fd_, buffer.data() + got, buffer.size() - got);
    if (n == 0) return 0;
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    got += static_cast<std::size_t>(n);
  }
  return 0;
}

int Input::read_all(std::span<std::uint8_t> buffer,
                    const std::function<void(std::span<const std::uint8_t>)>& sink) {
  for (;;) {
    const ssize_t n = ::read(fd_, buffer.data(), buffer.size());
    if (n == 0) return 0;
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    sink(buffer.first(static_cast<std::size_t>(n)));
  }
}

bool write_all(int fd, std::span<const std::uint8_t> data) {
  while (!data.empty()) {
    const ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data = data.subspan(static_cast<std::size_t>(n));
  }
  return true;
}

namespace {

// The temporary file of the AtomicOutput in progress, for the signal handler: set and cleared
// with the signals blocked, so the handler sees either no name or a complete one.
const char* volatile pending_tmp = nullptr;
constexpr int cleanup_signals[] = {SIGINT, SIGTERM, SIGHUP};

void remove_pending_and_die(int sig) {
  if (const char* tmp = pending_tmp) ::unlink(tmp);
  static const char message[] = "axiom: interrupted: no output written\n";
  (void)!::write(STDERR_FILENO, message, sizeof message - 1);
  ::signal(sig, SIG_DFL);
  ::raise(sig);  // dies of the signal, as the caller expects (exit status 128 + sig in a shell)
}

// SignalGuard blocks the cleanup signals while it lives.
class SignalGuard {
 public:
  SignalGuard() {
    sigset_t set;
    sigemptyset(&set);
    for (const int s : cleanup_signals) sigaddset(&set, s);
    pthread_sigmask(SIG_BLOCK, &set, &saved_);
  }
  ~SignalGuard() { pthread_sigmask(SIG_SETMASK, &saved_, nullptr); }
  SignalGuard(const SignalGuard&) = delete;
  SignalGuard& operator=(const SignalGuard&) = delete;

 private:
  sigset_t saved_;
};

}  // namespace

int AtomicOutput::open() {
  if (name_ == "-") {
    fd_ = STDOUT_FILENO;
    return 0;
  }
  // An existing OUT that is not a regular file (/dev/null, a FIFO, a terminal) is written
  // directly: renaming a temporary file over it would replace the device node.
  struct stat st {};
  if (::stat(name_.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
    fd_ = ::open(name_.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd_ < 0) return errno;
    direct_ = true;
    return 0;
  }
  SignalGuard guard;
  for (const int s : cleanup_signals) {
    struct sigaction old {};
    ::sigaction(s, nullptr, &old);
    if (old.sa_handler == SIG_IGN) continue;  // e.g. SIGHUP under nohup: keep ignoring it
    struct sigaction sa {};
    sa.sa_handler = remove_pending_and_die;
    sigemptyset(&sa.sa_mask);
    ::sigaction(s, &sa, nullptr);
  }
  tmp_ = name_ + ".axiom-XXXXXX";
  fd_ = ::mkstemp(tmp_.data());
  if (fd_ < 0) {
    const int err = errno;
    tmp_.clear();
    return err;
  }
  pending_tmp = tmp_.c_str();
  return 0;
}

int AtomicOutput::write(std::span<const std::uint8_t> data) {
  if (!write_all(fd_, data)) return errno;
  if (tmp_.empty()) return 0;
  // Start the disk write of each 8 MiB written, so that commit's fsync finds little left to
  // do: writeback overlaps the work instead of following it. A hint: fsync reports errors.
  written_ += data.size();
  if (written_ - flushed_ >= writeback_step) {
    (void)::sync_file_range(fd_, static_cast<off_t>(flushed_), static_cast<off_t>(written_ - flushed_),
                            SYNC_FILE_RANGE_WRITE);
    flushed_ = written_;
  }
  return 0;
}

int AtomicOutput::commit() {
  if (fd_ == STDOUT_FILENO) return 0;
  if (direct_) {
    const int r = ::close(fd_);
    fd_ = -1;
    return r == 0 ? 0 : errno;
  }
  const mode_t mask = ::umask(0);
  ::umask(mask);
  if (::fchmod(fd_, static_cast<mode_t>(mode_) & ~mask) != 0 || ::fsync(fd_) != 0) return errno;
  const int r = ::close(fd_);
  fd_ = -1;
  if (r != 0) return errno;
  SignalGuard guard;
  if (::rename(tmp_.c_str(), name_.c_str()) != 0) return errno;
  pending_tmp = nullptr;
  tmp_.clear();
  return 0;
}

void AtomicOutput::abandon() {
  if (fd_ > STDOUT_FILENO) ::close(fd_);
  fd_ = -1;
  if (tmp_.empty()) return;
  SignalGuard guard;
  ::unlink(tmp_.c_str());
  pending_tmp = nullptr;
  tmp_.clear();
}

int finish_stdout(int code) {
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    const int err = errno;
    error(std::string("write error: ") + std::strerror(err));
    return exit_usage;
  }
  return code;
}

bool parse_count(std::string_view text, std::uint64_t limit, std::uint64_t& n) {
  std::uint64_t unit = 1;
  if (!text.empty() && (text.back() == 'K' || text.back() == 'k')) unit = 1024;
  if (!text.empty() && (text.back() == 'M' || text.back() == 'm')) unit = 1024 * 1024;
  if (unit != 1) text.remove_suffix(1);
  if (text.empty() || text.size() > 10) return false;  // ten digits cannot overflow below
  n = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return false;
    n = n * 10 + static_cast<std::uint64_t>(c - '0');
  }
  n *= unit;
  return n <= limit;
}

}  // namespace axiom::cli
