// The command line on Windows: platform.hpp and AtomicOutput (output.hpp). Names are UTF-8 in
// the program and UTF-16 at the system's wide-character calls, so any file name works whatever
// the ANSI code page; descriptors are the C runtime's, in binary mode.
#include <fcntl.h>
#include <io.h>
#include <sys/stat.h>
#include <windows.h>
// windows.h first: shellapi.h needs its types.
#include <shellapi.h>

#include <array>
#include <cerrno>
#include <clocale>
#include <cstring>
#include <mutex>
#include <string_view>
#include <vector>

#include "axiom/random.hpp"
#include "io.hpp"
#include "output.hpp"
#include "platform.hpp"

namespace axiom::cli {

namespace {

std::wstring wide(std::string_view utf8) {
  if (utf8.empty()) return {};
  const int size = static_cast<int>(utf8.size());
  const int n = MultiByteToWideChar(CP_UTF8, 0, utf8.data(), size, nullptr, 0);
  std::wstring out(static_cast<std::size_t>(n), L'\0');
  MultiByteToWideChar(CP_UTF8, 0, utf8.data(), size, out.data(), n);
  return out;
}

std::string utf8(std::wstring_view text) {
  if (text.empty()) return {};
  const int size = static_cast<int>(text.size());
  const int n = WideCharToMultiByte(CP_UTF8, 0, text.data(), size, nullptr, 0, nullptr, nullptr);
  std::string out(static_cast<std::size_t>(n), '\0');
  WideCharToMultiByte(CP_UTF8, 0, text.data(), size, out.data(), n, nullptr, nullptr);
  return out;
}

// errno_of maps the Windows errors a file operation commonly meets to errno values, so that
// messages read as on other systems ("No such file or directory").
int errno_of(DWORD error) {
  switch (error) {
    case ERROR_FILE_NOT_FOUND:
    case ERROR_PATH_NOT_FOUND:
    case ERROR_INVALID_NAME:
    case ERROR_BAD_NETPATH:
      return ENOENT;
    case ERROR_ACCESS_DENIED:
    case ERROR_SHARING_VIOLATION:
    case ERROR_LOCK_VIOLATION:
      return EACCES;
    case ERROR_FILE_EXISTS:
    case ERROR_ALREADY_EXISTS:
      return EEXIST;
    case ERROR_DISK_FULL:
    case ERROR_HANDLE_DISK_FULL:
      return ENOSPC;
    case ERROR_DIRECTORY:
      return EISDIR;
    default:
      return EIO;
  }
}

bool is_directory(const std::wstring& name) {
  const DWORD attributes = GetFileAttributesW(name.c_str());
  return attributes != INVALID_FILE_ATTRIBUTES && (attributes & FILE_ATTRIBUTE_DIRECTORY) != 0;
}

}  // namespace

namespace os {

char** start(int, char**) {
  // The arguments again from the UTF-16 command line: argv holds them in the ANSI code page,
  // where a name outside it is lost.
  static std::vector<std::string> arguments;
  static std::vector<char*> pointers;
  int count = 0;
  if (LPWSTR* words = CommandLineToArgvW(GetCommandLineW(), &count)) {
    for (int i = 0; i < count; ++i) arguments.push_back(utf8(words[i]));
    LocalFree(words);
  }
  for (std::string& a : arguments) pointers.push_back(a.data());
  pointers.push_back(nullptr);
  // Bytes in and out as they are: no CR LF translation, no end of file at ^Z.
  _setmode(stdin_fd, _O_BINARY);
  _setmode(stdout_fd, _O_BINARY);
  _setmode(stderr_fd, _O_BINARY);
  // UTF-8 names reach a console as characters; the progress line's escape sequences work.
  SetConsoleOutputCP(CP_UTF8);
  const HANDLE err = GetStdHandle(STD_ERROR_HANDLE);
  if (DWORD mode = 0; GetConsoleMode(err, &mode))
    SetConsoleMode(err, mode | ENABLE_VIRTUAL_TERMINAL_PROCESSING);
  return pointers.data();
}

int open_read(const std::string& name) {
  if (is_directory(wide(name))) {
    errno = EISDIR;
    return -1;
  }
  return _wopen(wide(name).c_str(), _O_RDONLY | _O_BINARY | _O_NOINHERIT | _O_SEQUENTIAL);
}

int open_new(const std::string& name) {
  return _wopen(wide(name).c_str(), _O_WRONLY | _O_CREAT | _O_EXCL | _O_BINARY | _O_NOINHERIT,
                _S_IREAD | _S_IWRITE);
}

std::FILE* fopen_read(const std::string& name) { return _wfopen(wide(name).c_str(), L"rb"); }

void remove_file(const std::string& name) { DeleteFileW(wide(name).c_str()); }

// The C runtime reads and writes at most UINT_MAX bytes a call.
long read(int fd, void* data, std::size_t size) {
  const unsigned n = size > 1u << 30 ? 1u << 30 : static_cast<unsigned>(size);
  return _read(fd, data, n);
}

long write(int fd, const void* data, std::size_t size) {
  const unsigned n = size > 1u << 30 ? 1u << 30 : static_cast<unsigned>(size);
  return _write(fd, data, n);
}

bool sync(int fd) { return _commit(fd) == 0; }

bool close(int fd) { return _close(fd) == 0; }

bool is_terminal(int fd) { return _isatty(fd) != 0; }

std::uint64_t regular_size(int fd) {
  struct _stat64 st {};
  if (_fstat64(fd, &st) != 0 || (st.st_mode & _S_IFMT) != _S_IFREG) return 0;
  return static_cast<std::uint64_t>(st.st_size);
}

bool regular_file_size(const std::string& name, std::uint64_t& size) {
  struct _stat64 st {};
  if (_wstat64(wide(name).c_str(), &st) != 0 || (st.st_mode & _S_IFMT) != _S_IFREG) return false;
  size = static_cast<std::uint64_t>(st.st_size);
  return true;
}

bool read_secret_line(const char* prompt, std::string& line) {
  const HANDLE in = CreateFileW(L"CONIN$", GENERIC_READ | GENERIC_WRITE, FILE_SHARE_READ, nullptr,
                                OPEN_EXISTING, 0, nullptr);
  const HANDLE out =
      CreateFileW(L"CONOUT$", GENERIC_WRITE, FILE_SHARE_WRITE, nullptr, OPEN_EXISTING, 0, nullptr);
  DWORD saved = 0;
  if (in == INVALID_HANDLE_VALUE || out == INVALID_HANDLE_VALUE || !GetConsoleMode(in, &saved)) {
    if (in != INVALID_HANDLE_VALUE) CloseHandle(in);
    if (out != INVALID_HANDLE_VALUE) CloseHandle(out);
    return false;
  }
  const std::wstring shown = wide(prompt);
  DWORD n = 0;
  WriteConsoleW(out, shown.data(), static_cast<DWORD>(shown.size()), &n, nullptr);
  SetConsoleMode(in, (saved | ENABLE_LINE_INPUT | ENABLE_PROCESSED_INPUT) & ~ENABLE_ECHO_INPUT);
  std::wstring typed;
  for (wchar_t c; ReadConsoleW(in, &c, 1, &n, nullptr) && n == 1 && c != L'\n';)
    if (c != L'\r') typed.push_back(c);
  SetConsoleMode(in, saved);
  WriteConsoleW(out, L"\r\n", 2, &n, nullptr);
  line = utf8(typed);
  SecureZeroMemory(typed.data(), typed.size() * sizeof(wchar_t));
  CloseHandle(in);
  CloseHandle(out);
  return true;
}

unsigned usable_cpus() {
  DWORD_PTR process = 0, system = 0;
  unsigned n = 0;
  if (GetProcessAffinityMask(GetCurrentProcess(), &process, &system))
    for (; process != 0; process &= process - 1) ++n;
  return n > 0 ? n : 1;
}

}  // namespace os

namespace {

// The temporary file in use, for the console control handler, which runs on a thread of its
// own: guarded by the mutex, which the handler keeps until the process has ended.
std::mutex pending_mutex;
std::wstring pending_name;
std::string interrupted_text;

BOOL WINAPI remove_pending_and_exit(DWORD event) {
  if (event != CTRL_C_EVENT && event != CTRL_BREAK_EVENT && event != CTRL_CLOSE_EVENT) return FALSE;
  pending_mutex.lock();
  if (!pending_name.empty()) DeleteFileW(pending_name.c_str());
  (void)!_write(os::stderr_fd, interrupted_text.data(),
                static_cast<unsigned>(interrupted_text.size()));
  ExitProcess(STATUS_CONTROL_C_EXIT);
  return TRUE;
}

void install_handler() {
  const std::lock_guard<std::mutex> lock(pending_mutex);
  if (!interrupted_text.empty()) return;
  interrupted_text = message_prefix() + "interrupted: no output written\n";
  SetConsoleCtrlHandler(remove_pending_and_exit, TRUE);
}

// temporary_name: ".axiom-" and six random letters or digits.
std::wstring temporary_name() {
  static constexpr wchar_t letters[] = L"abcdefghijklmnopqrstuvwxyz0123456789";
  std::array<std::uint8_t, 6> r{};
  fill_random(r);
  std::wstring name = L".axiom-";
  for (const std::uint8_t b : r) name += letters[b % (std::size(letters) - 1)];
  return name;
}

// same_file: the two handles name one file (volume and file index, as Windows identifies it).
bool same_file(HANDLE a, HANDLE b) {
  BY_HANDLE_FILE_INFORMATION x{}, y{};
  return GetFileInformationByHandle(a, &x) && GetFileInformationByHandle(b, &y) &&
         x.dwVolumeSerialNumber == y.dwVolumeSerialNumber && x.nFileIndexHigh == y.nFileIndexHigh &&
         x.nFileIndexLow == y.nFileIndexLow;
}

bool is_disk_file(HANDLE h) { return GetFileType(h) == FILE_TYPE_DISK; }

}  // namespace

// AtomicOutput's file on Windows (output.hpp says what it does).
class AtomicOutput::File {
 public:
  explicit File(std::string name) : name_(std::move(name)) {}

  bool open(int input_fd) {
    const HANDLE input = reinterpret_cast<HANDLE>(_get_osfhandle(input_fd));
    const bool input_disk = input != INVALID_HANDLE_VALUE && is_disk_file(input);
    const auto is_input = [&](HANDLE h) { return input_disk && same_file(h, input); };
    if (name_ == "-") {
      fd_ = os::stdout_fd;
      const HANDLE out = reinterpret_cast<HANDLE>(_get_osfhandle(fd_));
      if (out != INVALID_HANDLE_VALUE && is_disk_file(out) && is_input(out)) {
        error("standard output: input file is output file");
        return false;
      }
      return true;
    }
    const std::string shown = quote_name(name_);
    const std::wstring out = wide(name_);
    if (name_.empty() || name_.back() == '/' || name_.back() == '\\') {
      if (!name_.empty() && !is_directory(out)) {
        error(shown + ": not a file name (it ends in '/')");
        return false;
      }
    }
    if (is_directory(out)) {
      error(shown + ": is a directory (OUT must name a file)");
      return false;
    }
    const HANDLE found =
        CreateFileW(out.c_str(), 0, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                    OPEN_EXISTING, 0, nullptr);
    if (found != INVALID_HANDLE_VALUE) {
      const bool disk = is_disk_file(found), input_too = is_input(found);
      CloseHandle(found);
      if (input_too) {
        error(shown + ": input file is output file");
        return false;
      }
      if (!disk) {  // a console, the null device, a pipe: written in place
        fd_ = _wopen(out.c_str(), _O_WRONLY | _O_BINARY | _O_NOINHERIT);
        if (fd_ < 0) return report(errno);
        direct_ = true;
        return true;
      }
    } else if (const DWORD e = GetLastError(); e != ERROR_FILE_NOT_FOUND) {
      return report(errno_of(e));
    }
    const std::size_t slash = name_.find_last_of("/\\");
    const std::wstring directory =
        slash == std::string::npos ? L"" : wide(name_.substr(0, slash + 1));
    install_handler();
    for (int attempt = 0; attempt < 100; ++attempt) {
      const std::wstring name = directory + temporary_name();
      // Created and recorded under the mutex, so the control handler sees it or nothing.
      const std::lock_guard<std::mutex> lock(pending_mutex);
      // FILE_SHARE_DELETE: the control handler can delete it while this thread writes.
      const HANDLE h = CreateFileW(name.c_str(), GENERIC_WRITE, FILE_SHARE_DELETE, nullptr,
                                   CREATE_NEW, FILE_ATTRIBUTE_NORMAL, nullptr);
      if (h == INVALID_HANDLE_VALUE) {
        if (const DWORD e = GetLastError(); e != ERROR_FILE_EXISTS) return report(errno_of(e));
        continue;
      }
      fd_ = _open_osfhandle(reinterpret_cast<intptr_t>(h), _O_WRONLY | _O_BINARY);
      if (fd_ < 0) {
        CloseHandle(h);
        DeleteFileW(name.c_str());
        return report(EIO);
      }
      pending_name = temporary_ = name;
      return true;
    }
    return report(EEXIST);
  }

  int write(std::span<const std::uint8_t> data) { return write_all(fd_, data) ? 0 : errno; }

  bool commit() {
    if (fd_ == os::stdout_fd) return true;
    if (direct_) {
      const bool closed = os::close(fd_);
      fd_ = -1;
      return closed || report(errno);
    }
    if (!FlushFileBuffers(reinterpret_cast<HANDLE>(_get_osfhandle(fd_))))
      return report(errno_of(GetLastError()));
    const bool closed = os::close(fd_);
    fd_ = -1;
    if (!closed) return report(errno);
    const std::lock_guard<std::mutex> lock(pending_mutex);
    if (!MoveFileExW(temporary_.c_str(), wide(name_).c_str(),
                     MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH)) {
      const int e = errno_of(GetLastError());
      DeleteFileW(temporary_.c_str());
      temporary_.clear();
      pending_name.clear();
      file_error(name_, e);
      return false;
    }
    temporary_.clear();
    pending_name.clear();
    return true;
  }

  void fail(int err) {
    if (name_ == "-")
      write_error(err);
    else
      file_error(name_, err);
    abandon();
  }

  void abandon() {
    if (fd_ > os::stderr_fd) os::close(fd_);
    fd_ = -1;
    if (!temporary_.empty()) {
      const std::lock_guard<std::mutex> lock(pending_mutex);
      DeleteFileW(temporary_.c_str());
      temporary_.clear();
      pending_name.clear();
    }
  }

  bool to_terminal() const { return name_ == "-" && os::is_terminal(os::stdout_fd); }

 private:
  bool report(int err) {
    fail(err);
    return false;
  }

  std::string name_;
  int fd_ = -1;
  bool direct_ = false;     // a console, device or pipe (or "-"), written in place
  std::wstring temporary_;  // the new file beside OUT, while there is one
};

AtomicOutput::AtomicOutput(std::string name, unsigned)
    : file_(std::make_unique<File>(std::move(name))) {}
AtomicOutput::~AtomicOutput() { file_->abandon(); }
bool AtomicOutput::open(int input_fd) { return file_->open(input_fd); }
int AtomicOutput::write(std::span<const std::uint8_t> data) { return file_->write(data); }
bool AtomicOutput::commit() { return file_->commit(); }
void AtomicOutput::fail(int err) { file_->fail(err); }
void AtomicOutput::abandon() { file_->abandon(); }
bool AtomicOutput::to_terminal() const { return file_->to_terminal(); }

}  // namespace axiom::cli
