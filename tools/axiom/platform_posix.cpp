// The command line on POSIX systems (Linux first): platform.hpp and AtomicOutput (output.hpp).
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <clocale>
#include <csignal>
#include <cstring>
#include <optional>
#include <string_view>
#include <thread>

#include "axiom/random.hpp"
#include "io.hpp"
#include "output.hpp"
#include "platform.hpp"

namespace axiom::cli {

namespace os {

char** start(int, char** argv) {
  // The character set only, to quote file names as coreutils does in this locale; messages
  // and number formats stay in the C locale.
  std::setlocale(LC_CTYPE, "");
  // Past a file size limit (ulimit -f), write(2) then fails with EFBIG, reported like any
  // write error, instead of SIGXFSZ killing the process before it can clean up.
  std::signal(SIGXFSZ, SIG_IGN);
  return argv;
}

int open_read(const std::string& name) {
  const int fd = ::open(name.c_str(), O_RDONLY | O_CLOEXEC);
  // A hint only: the kernel may read ahead more aggressively; failure changes nothing.
  if (fd >= 0) (void)posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
  return fd;
}

int open_new(const std::string& name) {
  return ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
}

std::FILE* fopen_read(const std::string& name) { return std::fopen(name.c_str(), "r"); }

void remove_file(const std::string& name) { ::unlink(name.c_str()); }

long read(int fd, void* data, std::size_t size) {
  for (;;) {
    const ssize_t n = ::read(fd, data, size);
    if (n >= 0 || errno != EINTR) return static_cast<long>(n);
  }
}

long write(int fd, const void* data, std::size_t size) {
  for (;;) {
    const ssize_t n = ::write(fd, data, size);
    if (n >= 0 || errno != EINTR) return static_cast<long>(n);
  }
}

bool sync(int fd) { return ::fsync(fd) == 0; }

bool close(int fd) { return ::close(fd) == 0; }

bool is_terminal(int fd) { return ::isatty(fd) != 0; }

std::uint64_t regular_size(int fd) {
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return 0;
  return static_cast<std::uint64_t>(st.st_size);
}

bool regular_file_size(const std::string& name, std::uint64_t& size) {
  struct stat st {};
  if (::stat(name.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return false;
  size = static_cast<std::uint64_t>(st.st_size);
  return true;
}

bool read_secret_line(const char* prompt, std::string& line) {
  const int tty = ::open("/dev/tty", O_RDWR | O_CLOEXEC);
  if (tty < 0) return false;
  termios saved{};
  const bool have_termios = tcgetattr(tty, &saved) == 0;
  (void)!::write(tty, prompt, std::strlen(prompt));
  if (have_termios) {
    termios quiet = saved;
    quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
    tcsetattr(tty, TCSAFLUSH, &quiet);
  }
  line.clear();
  char c;
  while (::read(tty, &c, 1) == 1 && c != '\n') line.push_back(c);
  if (have_termios) tcsetattr(tty, TCSAFLUSH, &saved);
  (void)!::write(tty, "\n", 1);
  ::close(tty);
  return true;
}

unsigned usable_cpus() {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
    return static_cast<unsigned>(CPU_COUNT(&set));
  return std::max(1u, std::thread::hardware_concurrency());
}

}  // namespace os

namespace {

// The temporary name in use, for the signal handler: set and cleared with the signals
// blocked, so the handler sees either no name or a complete one.
volatile sig_atomic_t pending = 0;
int pending_dirfd = -1;
char pending_name[16];
char interrupted[160];
std::size_t interrupted_size = 0;

// The signals whose default action ends the process and that a handler can catch (SIGXFSZ is
// ignored by main, so a write past `ulimit -f` fails with EFBIG instead).
constexpr std::array fatal_signals = {SIGHUP,  SIGINT,  SIGQUIT,   SIGILL,  SIGTRAP, SIGABRT,
                                      SIGBUS,  SIGFPE,  SIGUSR1,   SIGSEGV, SIGUSR2, SIGPIPE,
                                      SIGALRM, SIGTERM, SIGSTKFLT, SIGXCPU, SIGXFSZ, SIGVTALRM,
                                      SIGPROF, SIGIO,   SIGPWR,    SIGSYS};

template <class F>
void for_each_fatal_signal(F f) {
  for (const int s : fatal_signals) f(s);
  for (int s = SIGRTMIN; s <= SIGRTMAX; ++s) f(s);
}

void remove_pending_and_die(int sig) {
  if (pending != 0) ::unlinkat(pending_dirfd, pending_name, 0);
  (void)!::write(os::stderr_fd, interrupted, interrupted_size);
  ::signal(sig, SIG_DFL);
  ::raise(sig);  // delivered when the handler returns: the process dies of it (128 + sig)
}

// install_handlers makes every fatal signal that still has its default action remove the
// temporary name first (one that is ignored, e.g. SIGHUP under nohup, stays ignored; one a
// sanitizer handles stays with it).
void install_handlers() {
  const std::string text = message_prefix() + "interrupted: no output written\n";
  interrupted_size = std::min(text.size(), sizeof interrupted);
  std::memcpy(interrupted, text.data(), interrupted_size);
  for_each_fatal_signal([](int s) {
    struct sigaction old {};
    if (::sigaction(s, nullptr, &old) != 0 || old.sa_handler != SIG_DFL) return;
    struct sigaction sa {};
    sa.sa_handler = remove_pending_and_die;
    sigemptyset(&sa.sa_mask);
    ::sigaction(s, &sa, nullptr);
  });
}

// SignalGuard blocks the fatal signals in this thread while it lives.
class SignalGuard {
 public:
  SignalGuard() {
    sigset_t set;
    sigemptyset(&set);
    for_each_fatal_signal([&](int s) { sigaddset(&set, s); });
    pthread_sigmask(SIG_BLOCK, &set, &saved_);
  }
  ~SignalGuard() { pthread_sigmask(SIG_SETMASK, &saved_, nullptr); }
  SignalGuard(const SignalGuard&) = delete;
  SignalGuard& operator=(const SignalGuard&) = delete;

 private:
  sigset_t saved_;
};

// set_pending / clear_pending: with the signals blocked (a SignalGuard in scope).
void set_pending(int dirfd, const std::string& name) {
  pending_dirfd = dirfd;
  std::memcpy(pending_name, name.c_str(), name.size() + 1);
  pending = 1;
}

void clear_pending() { pending = 0; }

// temporary_name: ".axiom-" and six random letters or digits, 13 bytes whatever OUT's length.
std::string temporary_name() {
  static constexpr char letters[] =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  std::array<std::uint8_t, 6> r{};
  fill_random(r);
  std::string name = ".axiom-";
  for (const std::uint8_t b : r) name += letters[b % (sizeof letters - 1)];
  return name;
}

bool same_file(const struct stat& a, const struct stat& b) {
  return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

std::string directory_of(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

std::string base_of(const std::string& path) { return path.substr(path.rfind('/') + 1); }

std::string fd_path(int fd) { return "/proc/self/fd/" + std::to_string(fd); }

struct Fd {
  int fd;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

// AtomicOutput's file on POSIX (output.hpp says what it does).
class AtomicOutput::File {
 public:
  File(std::string name, unsigned mode) : name_(std::move(name)), mode_(mode) {}
  bool open(int input_fd);
  int write(std::span<const std::uint8_t> data);
  bool commit();
  void fail(int err);
  void abandon();
  bool to_terminal() const;

 private:
  bool create_in(int dirfd, std::string base, const struct stat* replaced);
  bool link_and_rename();
  bool report(int err);  // prints, abandons, returns false

  static constexpr std::uint64_t writeback_step = 8 << 20;
  std::string name_;
  unsigned mode_;
  int fd_ = -1;
  bool direct_ = false;                  // a device, FIFO or socket (or "-"), written in place
  bool unnamed_ = false;                 // fd_ is an O_TMPFILE
  int dirfd_ = -1;                       // the directory of the new file (O_PATH)
  std::string base_;                     // OUT's name in it
  std::string temporary_;                // the temporary name in dirfd_, while there is one
  std::optional<struct stat> replaced_;  // the file OUT replaces
  std::uint64_t written_ = 0;            // bytes written to the new file
  std::uint64_t flushed_ = 0;            // of which the disk write was started
};

bool AtomicOutput::File::open(int input_fd) {
  struct stat in {};
  const bool input_regular = ::fstat(input_fd, &in) == 0 && S_ISREG(in.st_mode);
  const auto is_input = [&](const struct stat& st) { return input_regular && same_file(st, in); };
  const std::string shown = quote_name(name_);
  if (name_ == "-") {
    fd_ = os::stdout_fd;
    direct_ = true;
    struct stat st {};
    if (::fstat(fd_, &st) == 0 && is_input(st)) {
      error("standard output: input file is output file");
      return false;
    }
    return true;
  }
  const Fd found{::open(name_.c_str(), O_PATH | O_CLOEXEC)};
  if (found.fd < 0) {
    if (errno != ENOENT || name_.empty()) return report(errno);
    if (name_.back() == '/') {
      error(shown + ": not a file name (it ends in '/')");
      return false;
    }
    struct stat link {};
    if (::lstat(name_.c_str(), &link) == 0 && S_ISLNK(link.st_mode)) {
      error(shown + ": a symbolic link to nothing (name the file to write instead)");
      return false;
    }
    const int dirfd = ::open(directory_of(name_).c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (dirfd < 0) return report(errno);
    return create_in(dirfd, base_of(name_), nullptr);
  }
  struct stat st {};
  if (::fstat(found.fd, &st) != 0) return report(errno);
  if (S_ISDIR(st.st_mode)) {
    error(shown + ": is a directory (OUT must name a file)");
    return false;
  }
  if (is_input(st)) {
    error(shown + ": input file is output file");
    return false;
  }
  if (!S_ISREG(st.st_mode)) {
    // Opened by name again (a device's open may have effects, which an O_PATH descriptor
    // does not have) and checked to be the same file, so nothing swapped in is written.
    fd_ = ::open(name_.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (fd_ < 0) return report(errno);
    direct_ = true;
    struct stat now {};
    if (::fstat(fd_, &now) != 0 || !same_file(now, st)) {
      error(shown + ": changed while it was being opened");
      abandon();
      return false;
    }
    return true;
  }
  // A regular file: the directory entry that names it, which is OUT itself or, for a
  // symbolic link, the target /proc shows; checked to be the file found.
  std::string path = name_;
  for (int attempt = 0; attempt < 2; ++attempt) {
    const int dirfd = ::open(directory_of(path).c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (dirfd < 0) return report(errno);
    struct stat entry {};
    if (::fstatat(dirfd, base_of(path).c_str(), &entry, AT_SYMLINK_NOFOLLOW) == 0) {
      if (same_file(entry, st)) return create_in(dirfd, base_of(path), &st);
      if (S_ISLNK(entry.st_mode) && attempt == 0) {
        ::close(dirfd);
        std::array<char, 4096> target{};
        const ssize_t n = ::readlink(fd_path(found.fd).c_str(), target.data(), target.size() - 1);
        if (n <= 0 || target[0] != '/') {
          error(shown + ": cannot find the file this symbolic link names (is /proc mounted?)");
          return false;
        }
        path.assign(target.data(), static_cast<std::size_t>(n));
        continue;
      }
    }
    ::close(dirfd);
    break;
  }
  error(shown + ": changed while it was being opened");
  return false;
}

bool AtomicOutput::File::create_in(int dirfd, std::string base, const struct stat* replaced) {
  dirfd_ = dirfd;
  base_ = std::move(base);
  if (replaced != nullptr) replaced_ = *replaced;
  install_handlers();
  fd_ = ::openat(dirfd_, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
  if (fd_ >= 0) {
    if (::access(fd_path(fd_).c_str(), F_OK) == 0) {
      unnamed_ = true;
      return true;
    }
    ::close(fd_);  // no /proc to link it by
  } else if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL) {
    return report(errno);
  }
  SignalGuard guard;
  for (int attempt = 0; attempt < 100; ++attempt) {
    const std::string name = temporary_name();
    fd_ = ::openat(dirfd_, name.c_str(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0600);
    if (fd_ >= 0) {
      temporary_ = name;
      set_pending(dirfd_, temporary_);
      return true;
    }
    if (errno != EEXIST) break;
  }
  return report(errno);
}

int AtomicOutput::File::write(std::span<const std::uint8_t> data) {
  if (!write_all(fd_, data)) return errno;
  if (direct_) return 0;
  // Start the disk write of each 8 MiB written, so that commit's fsync finds little left to
  // do: writeback overlaps the work instead of following it. A hint: fsync reports errors.
  written_ += data.size();
  if (written_ - flushed_ >= writeback_step) {
    (void)::sync_file_range(fd_, static_cast<off_t>(flushed_),
                            static_cast<off_t>(written_ - flushed_), SYNC_FILE_RANGE_WRITE);
    flushed_ = written_;
  }
  return 0;
}

bool AtomicOutput::File::commit() {
  if (fd_ == os::stdout_fd) return true;
  if (direct_) {
    const int r = ::close(fd_);
    fd_ = -1;
    return r == 0 || report(errno);
  }
  mode_t mode = 0;
  if (replaced_) {
    // The owner where permitted (root; or the group alone, for a member of it), then the
    // mode: a chown can clear the set-user-ID bit.
    if (::fchown(fd_, replaced_->st_uid, replaced_->st_gid) != 0)
      (void)!::fchown(fd_, static_cast<uid_t>(-1), replaced_->st_gid);
    mode = replaced_->st_mode & 07777;
  } else {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    mode = static_cast<mode_t>(mode_) & ~mask;
  }
  if (::fchmod(fd_, mode) != 0 || ::fsync(fd_) != 0) return report(errno);
  if (unnamed_ && !replaced_) {
    // A new name: linked in directly, unless a file of that name appeared meanwhile.
    if (::linkat(AT_FDCWD, fd_path(fd_).c_str(), dirfd_, base_.c_str(), AT_SYMLINK_FOLLOW) != 0) {
      if (errno != EEXIST) return report(errno);
      if (!link_and_rename()) return false;
    }
  } else if (!link_and_rename()) {
    return false;
  }
  const int r = ::close(fd_);
  fd_ = -1;
  if (r != 0) return report(errno);
  abandon();  // closes the directory
  return true;
}

// link_and_rename gives an unnamed file a temporary name (a named one has it already) and
// renames that over OUT.
bool AtomicOutput::File::link_and_rename() {
  SignalGuard guard;
  for (int attempt = 0; unnamed_ && temporary_.empty(); ++attempt) {
    const std::string name = temporary_name();
    if (::linkat(AT_FDCWD, fd_path(fd_).c_str(), dirfd_, name.c_str(), AT_SYMLINK_FOLLOW) == 0) {
      temporary_ = name;
      set_pending(dirfd_, temporary_);
    } else if (errno != EEXIST || attempt == 100) {
      return report(errno);
    }
  }
  if (::renameat(dirfd_, temporary_.c_str(), dirfd_, base_.c_str()) != 0) return report(errno);
  clear_pending();
  temporary_.clear();
  return true;
}

void AtomicOutput::File::fail(int err) {
  if (name_ == "-")
    write_error(err);
  else
    file_error(name_, err);
  abandon();
}

bool AtomicOutput::File::report(int err) {
  fail(err);
  return false;
}

void AtomicOutput::File::abandon() {
  if (fd_ > os::stderr_fd) ::close(fd_);  // an unnamed file goes with its last descriptor
  fd_ = -1;
  if (!temporary_.empty()) {
    SignalGuard guard;
    ::unlinkat(dirfd_, temporary_.c_str(), 0);
    clear_pending();
    temporary_.clear();
  }
  if (dirfd_ >= 0) ::close(dirfd_);
  dirfd_ = -1;
}

bool AtomicOutput::File::to_terminal() const {
  return name_ == "-" && ::isatty(os::stdout_fd) != 0;
}

AtomicOutput::AtomicOutput(std::string name, unsigned mode)
    : file_(std::make_unique<File>(std::move(name), mode)) {}
AtomicOutput::~AtomicOutput() { file_->abandon(); }
bool AtomicOutput::open(int input_fd) { return file_->open(input_fd); }
int AtomicOutput::write(std::span<const std::uint8_t> data) { return file_->write(data); }
bool AtomicOutput::commit() { return file_->commit(); }
void AtomicOutput::fail(int err) { file_->fail(err); }
void AtomicOutput::abandon() { file_->abandon(); }
bool AtomicOutput::to_terminal() const { return file_->to_terminal(); }

}  // namespace axiom::cli
