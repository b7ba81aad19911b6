// axiom keygen / enc / dec: files through an AEAD (ChaCha20-Poly1305 by default) in fixed-size
// chunks (DESIGN.md section 7), in constant memory.
//
// Format (all integers big-endian):
//   header, 40 bytes: "AXIOMENC" | version 1 | algorithm (see file_aeads) | key kind
//     (0 = key file, 1 = passphrase) | log2(chunk size) | PBKDF2 iterations (u32, 0 for a key
//     file) | salt (16) | nonce prefix (7) | 0
//   then records: the ciphertext of one chunk || its 16-byte tag. Every chunk but the last holds
//   exactly chunk-size bytes; the last holds fewer (possibly none), so a full record is never
//   the last one.
// The file key is HKDF-SHA256(key file's key, salt, "axiom enc v1") or PBKDF2-HMAC-SHA256(
// passphrase, salt, iterations), 32 bytes, of which an AEAD with a shorter key (SM4-GCM) takes
// the first ones. Chunk i is sealed with the nonce prefix || i (u32) || last (1 for the last
// chunk, else 0), 12 bytes (an AEAD with 16-byte nonces, MGM, takes four zero bytes and then
// these), and the header as AAD: truncation, reordering, a changed header or byte, a wrong key
// all fail authentication.
#include <getopt.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <condition_variable>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <system_error>
#include <thread>
#include <tuple>
#include <vector>

#include "axiom/bytes.hpp"
#include "axiom/chacha20_poly1305.hpp"
#include "axiom/gcm.hpp"
#include "axiom/hkdf.hpp"
#include "axiom/hmac.hpp"
#include "axiom/kuznyechik.hpp"
#include "axiom/mgm.hpp"
#include "axiom/pbkdf2.hpp"
#include "axiom/random.hpp"
#include "axiom/sha256.hpp"
#include "axiom/sm4.hpp"
#include "commands.hpp"
#include "io.hpp"
#include "platform.hpp"
#include "output.hpp"
#include "progress.hpp"

namespace axiom::cli {

namespace {

constexpr std::uint8_t magic[8] = {'A', 'X', 'I', 'O', 'M', 'E', 'N', 'C'};
constexpr std::uint8_t format_version = 1;
constexpr std::uint8_t key_kind_file = 0, key_kind_passphrase = 1;
constexpr std::size_t header_size = 40;
constexpr unsigned default_chunk_log2 = 16;  // 64 KiB
constexpr unsigned min_chunk_log2 = 10, max_chunk_log2 = 24;
constexpr std::uint32_t default_iterations = 600000;
constexpr std::size_t tag_size = 16;

using Key = std::array<std::uint8_t, 32>;
using Nonce = std::array<std::uint8_t, 12>;
using Bytes = std::span<const std::uint8_t>;

// ChunkAead seals or opens one chunk: 12-byte nonce, 16-byte tag after the ciphertext.
class ChunkAead {
 public:
  virtual ~ChunkAead() = default;
  virtual Status seal(std::span<std::uint8_t> out, const Nonce& nonce, Bytes in,
                      Bytes aad) const = 0;
  virtual Status open(std::span<std::uint8_t> out, const Nonce& nonce, Bytes in,
                      Bytes aad) const = 0;
};

// The AEAD classes order their arguments in one of two ways.
enum class Args { in_then_aad, aad_then_in };

template <class A, Args order>
class ChunkAeadOf final : public ChunkAead {
  static_assert(A::key_size <= std::tuple_size_v<Key> && A::tag_size == tag_size &&
                (A::nonce_size == 12 || A::nonce_size == 16));

 public:
  explicit ChunkAeadOf(const Key& key) : aead_(std::span(key).template first<A::key_size>()) {}
  Status seal(std::span<std::uint8_t> out, const Nonce& nonce, Bytes in, Bytes aad) const override {
    const auto n = widen(nonce);
    if constexpr (order == Args::in_then_aad)
      return aead_.seal(out, n, in, aad);
    else
      return aead_.seal(out, n, aad, in);
  }
  Status open(std::span<std::uint8_t> out, const Nonce& nonce, Bytes in, Bytes aad) const override {
    const auto n = widen(nonce);
    if constexpr (order == Args::in_then_aad)
      return aead_.open(out, n, in, aad);
    else
      return aead_.open(out, n, aad, in);
  }

 private:
  // widen: the AEAD's nonce, the chunk nonce after zero bytes where it is longer.
  static std::array<std::uint8_t, A::nonce_size> widen(const Nonce& nonce) {
    std::array<std::uint8_t, A::nonce_size> n{};
    std::copy(nonce.begin(), nonce.end(), n.end() - nonce.size());
    return n;
  }
  A aead_;
};

template <class A, Args order>
std::unique_ptr<ChunkAead> make_aead(const Key& key) {
  return std::make_unique<ChunkAeadOf<A, order>>(key);
}

// The AEADs a file may use, by the id in its header (never reuse an id): a new one (a key of
// at most 32 bytes, a 12- or 16-byte nonce, a 16-byte tag) is one line here.
struct FileAead {
  std::uint8_t id;
  std::string_view name, alias;
  std::unique_ptr<ChunkAead> (*make)(const Key& key);
};
constexpr FileAead file_aeads[] = {
    {1, "chacha20-poly1305", "", make_aead<ChaCha20Poly1305, Args::in_then_aad>},
    {2, "aes-256-gcm", "aes256-gcm", make_aead<AesGcm256, Args::aad_then_in>},
    {3, "sm4-gcm", "", make_aead<Sm4Gcm, Args::aad_then_in>},
    {4, "kuznyechik-mgm", "", make_aead<KuznyechikMgm, Args::aad_then_in>},
};

const FileAead* find_aead(std::string_view name) {
  for (const FileAead& a : file_aeads)
    if (same_name(a.name, name) || (!a.alias.empty() && same_name(a.alias, name))) return &a;
  return nullptr;
}

const FileAead* find_aead(std::uint8_t id) {
  for (const FileAead& a : file_aeads)
    if (a.id == id) return &a;
  return nullptr;
}

std::string aead_names() {
  std::string names;
  for (const FileAead& a : file_aeads) names += (names.empty() ? "" : ", ") + std::string(a.name);
  return names;
}

struct Header {
  const FileAead* aead = &file_aeads[0];
  std::uint8_t key_kind = key_kind_file;
  unsigned chunk_log2 = default_chunk_log2;
  std::uint32_t iterations = 0;
  std::array<std::uint8_t, 16> salt{};
  std::array<std::uint8_t, 7> prefix{};

  std::array<std::uint8_t, header_size> encode() const {
    std::array<std::uint8_t, header_size> h{};
    std::memcpy(h.data(), magic, 8);
    h[8] = format_version;
    h[9] = aead->id;
    h[10] = key_kind;
    h[11] = static_cast<std::uint8_t>(chunk_log2);
    for (int i = 0; i < 4; ++i)
      h[12 + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(iterations >> (24 - 8 * i));
    std::memcpy(h.data() + 16, salt.data(), 16);
    std::memcpy(h.data() + 32, prefix.data(), 7);
    return h;
  }

  // decode returns an empty string or what is wrong with the header.
  std::string decode(const std::array<std::uint8_t, header_size>& h) {
    if (std::memcmp(h.data(), magic, 8) != 0) return "not an axiom enc file";
    if (h[8] != format_version) return "unsupported format version " + std::to_string(h[8]);
    aead = find_aead(h[9]);
    if (aead == nullptr) return "unsupported algorithm " + std::to_string(h[9]);
    key_kind = h[10];
    chunk_log2 = h[11];
    iterations = 0;
    for (int i = 0; i < 4; ++i) iterations = iterations << 8 | h[12 + static_cast<std::size_t>(i)];
    std::memcpy(salt.data(), h.data() + 16, 16);
    std::memcpy(prefix.data(), h.data() + 32, 7);
    if (key_kind != key_kind_file && key_kind != key_kind_passphrase) return "invalid key kind";
    if (chunk_log2 < min_chunk_log2 || chunk_log2 > max_chunk_log2) return "invalid chunk size";
    if (key_kind == key_kind_passphrase && iterations == 0) return "invalid PBKDF2 iteration count";
    if (key_kind == key_kind_file && iterations != 0) return "invalid header";
    if (h[39] != 0) return "invalid header";
    return {};
  }
};

Nonce chunk_nonce(const Header& h, std::uint32_t index, bool last) {
  Nonce n{};
  std::memcpy(n.data(), h.prefix.data(), 7);
  for (int i = 0; i < 4; ++i)
    n[7 + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(index >> (24 - 8 * i));
  n[11] = last ? 1 : 0;
  return n;
}

// read_full reads up to n bytes, fewer only at end of input; returns the count or -errno.
long read_full(int fd, std::uint8_t* p, std::size_t n) {
  std::size_t got = 0;
  while (got < n) {
    const long r = os::read(fd, p + got, n - got);
    if (r < 0) return -errno;
    if (r == 0) break;
    got += static_cast<std::size_t>(r);
  }
  return static_cast<long>(got);
}

// ChunkPipeline moves the chunks through a ring of slots in file order, each slot a batch of
// records, in three stages working at once: a reader thread fills a slot, the calling thread
// seals or opens its records in place, a writer thread writes them out. So the copies from
// the page cache and into the output (and the output's writeback) run while the AEAD works
// instead of adding to its time. Record k of a slot sits at k * (chunk + tag) both ways, so
// encrypted records go out in one write per slot. Where no thread can be started, the same
// stages run one after the other on one slot.
class ChunkPipeline {
 public:
  ChunkPipeline(bool encrypt, const Header& header, Bytes aad, const ChunkAead& aead, int in_fd,
                AtomicOutput& out, Progress& progress)
      : encrypt_(encrypt),
        header_(header),
        aad_(aad),
        aead_(aead),
        in_fd_(in_fd),
        out_(out),
        progress_(progress),
        chunk_(std::size_t{1} << header.chunk_log2),
        record_(chunk_ + tag_size),
        batch_(std::max<std::size_t>(1, batch_bytes / chunk_)) {
    for (Slot& s : slots_) {
      s.data = ReadBuffer(batch_ * record_);
      s.got.resize(batch_);
    }
  }
  ~ChunkPipeline() {
    for (Slot& s : slots_) secure_wipe(s.data);
  }
  ChunkPipeline(const ChunkPipeline&) = delete;
  ChunkPipeline& operator=(const ChunkPipeline&) = delete;

  // run processes the whole input; the outcome is in the three fields below.
  void run() {
    try {
      run_threaded();
    } catch (const std::system_error&) {  // no reader thread: one stage after another
      for (Slot& s = slots_[0];;) {
        read_slot(s);
        process_slot(s);
        write_error = write_slot(s);
        if (write_error != 0 || s.last) break;
      }
    }
  }

  int read_error = 0;   // errno of reading the input
  int write_error = 0;  // errno of writing the output
  std::string failure;  // an authentication or format failure (exit 1)

 private:
  static constexpr std::size_t batch_bytes = 1 << 20;
  enum class State { free, read, processed };
  struct Slot {
    ReadBuffer data;
    std::vector<std::size_t> got;  // bytes read per record
    std::size_t count = 0;         // records read; after processing, records to write
    bool last = false;             // the input ends here, or processing stopped here
    int read_error = 0;
    State state = State::free;
  };

  void read_slot(Slot& s) {
    s.count = 0;
    s.last = false;
    const std::size_t want = encrypt_ ? chunk_ : record_;
    while (s.count < batch_ && !s.last) {
      const long n = read_full(in_fd_, s.data.data() + s.count * record_, want);
      if (n < 0) {
        s.read_error = static_cast<int>(-n);
        s.last = true;
        return;
      }
      s.got[s.count++] = static_cast<std::size_t>(n);
      s.last = static_cast<std::size_t>(n) < want;  // a full chunk is never the last one
    }
  }

  // process_slot seals or opens the records in place; a failure keeps only those before it.
  void process_slot(Slot& s) {
    if (s.read_error != 0) {
      read_error = s.read_error;
      s.count = 0;
      return;
    }
    std::uint64_t read = 0;
    for (std::size_t k = 0; k < s.count; ++k) read += s.got[k];
    progress_.advance(read);
    for (std::size_t k = 0; k < s.count; ++k) {
      const std::size_t got = s.got[k];
      std::uint8_t* p = s.data.data() + k * record_;
      const auto nonce =
          chunk_nonce(header_, static_cast<std::uint32_t>(index_), s.last && k + 1 == s.count);
      if (index_ > UINT32_MAX) {
        failure = "too many chunks";
      } else if (encrypt_) {
        if (!aead_.seal(std::span(p, got + tag_size), nonce, Bytes(p, got), aad_).ok())
          failure = "internal error";
      } else if (got < tag_size) {
        failure = "truncated file";
      } else if (!aead_.open(std::span(p, got - tag_size), nonce, Bytes(p, got), aad_).ok()) {
        failure =
            "authentication failed (wrong key or passphrase, or a damaged, truncated or reordered "
            "file)";
      }
      if (!failure.empty()) {
        s.count = k;
        s.last = true;
        return;
      }
      ++index_;
    }
  }

  // write_slot writes the records' outputs, adjacent ones in one write; returns 0 or errno.
  int write_slot(const Slot& s) {
    std::size_t begin = 0, end = 0;
    for (std::size_t k = 0; k <= s.count; ++k) {
      const std::size_t at = k * record_;
      if (k == s.count || at != end) {
        if (end > begin)
          if (const int e = out_.write(std::span(s.data).subspan(begin, end - begin)); e != 0)
            return e;
        begin = at;
      }
      if (k < s.count) end = at + (encrypt_ ? s.got[k] + tag_size : s.got[k] - tag_size);
    }
    return 0;
  }

  void run_threaded() {
    std::mutex mutex;
    std::condition_variable changed;
    bool stop_reading = false;
    auto wait_for = [&](auto ready) {
      std::unique_lock<std::mutex> lock(mutex);
      changed.wait(lock, ready);
    };
    auto set = [&](Slot& s, State state) {
      {
        const std::lock_guard<std::mutex> lock(mutex);
        s.state = state;
      }
      changed.notify_all();
    };
    std::thread reader([&] {
      for (std::size_t i = 0;; ++i) {
        Slot& s = slots_[i % slots_.size()];
        bool stop = false;
        wait_for([&] { return (stop = stop_reading) || s.state == State::free; });
        if (stop) return;
        read_slot(s);
        const bool last = s.last;  // s belongs to the next stage once handed over
        set(s, State::read);
        if (last) return;
      }
    });
    // Without a writer thread (none to be had) the calling thread writes each slot itself.
    std::thread writer;
    try {
      writer = std::thread([&] {
        for (std::size_t i = 0;; ++i) {
          Slot& s = slots_[i % slots_.size()];
          wait_for([&] { return s.state == State::processed; });
          const int e = write_slot(s);
          const bool last = s.last;
          {
            const std::lock_guard<std::mutex> lock(mutex);
            write_error = e;
            s.state = State::free;
          }
          changed.notify_all();
          if (e != 0 || last) return;
        }
      });
    } catch (const std::system_error&) {
    }
    for (std::size_t i = 0;; ++i) {
      Slot& s = slots_[i % slots_.size()];
      bool write_failed = false;
      wait_for([&] { return (write_failed = write_error != 0) || s.state == State::read; });
      if (write_failed) break;
      process_slot(s);
      const bool last = s.last;
      if (writer.joinable()) {
        set(s, State::processed);
      } else {
        write_error = write_slot(s);
        set(s, State::free);
      }
      if (last) break;
    }
    // A reader blocked in read(2) on a pipe returns when more input comes or the pipe closes.
    {
      const std::lock_guard<std::mutex> lock(mutex);
      stop_reading = true;
    }
    changed.notify_all();
    reader.join();
    if (writer.joinable()) writer.join();
  }

  const bool encrypt_;
  const Header& header_;
  const Bytes aad_;
  const ChunkAead& aead_;
  const int in_fd_;
  AtomicOutput& out_;
  Progress& progress_;  // used by the thread that processes
  const std::size_t chunk_, record_, batch_;
  std::array<Slot, 3> slots_;
  std::uint64_t index_ = 0;  // of the next chunk
};

// The key in a key file: 64 hex digits (axiom keygen), surrounding white space allowed.
bool read_key_file(const std::string& name, Key& key) {
  const int fd = name == "-" ? os::stdin_fd : os::open_read(name);
  if (fd < 0) {
    file_error(name, errno);
    return false;
  }
  std::array<std::uint8_t, 256> buf{};
  const long n = read_full(fd, buf.data(), buf.size());
  if (fd != os::stdin_fd) os::close(fd);
  if (n < 0) {
    file_error(name, static_cast<int>(-n));
    return false;
  }
  std::string text(reinterpret_cast<const char*>(buf.data()), static_cast<std::size_t>(n));
  secure_wipe(buf);
  const auto first = text.find_first_not_of(" \t\r\n"), last = text.find_last_not_of(" \t\r\n");
  const std::string_view hex = first == std::string::npos
                                   ? std::string_view{}
                                   : std::string_view(text).substr(first, last - first + 1);
  const bool ok = hex.size() == 64 && hex_decode(key, hex).ok();
  secure_wipe(text.data(), text.size());
  if (!ok)
    error(quote_name(name) + ": not a key file (expected 64 hex digits, as 'axiom keygen' writes)");
  return ok;
}

// A passphrase from the first line of a file, or typed on the terminal without echo.
bool read_passphrase(const char* file, bool confirm, std::string& out) {
  if (file != nullptr) {
    const int fd = std::strcmp(file, "-") == 0 ? os::stdin_fd : os::open_read(file);
    if (fd < 0) {
      file_error(file, errno);
      return false;
    }
    std::array<std::uint8_t, 4096> buf{};
    const long n = read_full(fd, buf.data(), buf.size());
    if (fd != os::stdin_fd) os::close(fd);
    if (n < 0) {
      file_error(file, static_cast<int>(-n));
      return false;
    }
    out.assign(reinterpret_cast<const char*>(buf.data()), static_cast<std::size_t>(n));
    secure_wipe(buf);
    out.resize(std::min(out.find('\n'), out.size()));
    if (!out.empty() && out.back() == '\r') out.pop_back();
  } else {
    for (int round = 0; round < (confirm ? 2 : 1); ++round) {
      std::string line;
      if (!os::read_secret_line(round == 0 ? "Passphrase: " : "Again: ", line)) {
        error("no terminal to ask for a passphrase (use --passphrase-file F)");
        return false;
      }
      if (round == 0) {
        out = std::move(line);
      } else if (line != out) {
        secure_wipe(line.data(), line.size());
        error("the passphrases differ");
        return false;
      }
      secure_wipe(line.data(), line.size());
    }
  }
  if (out.empty()) {
    error("empty passphrase");
    return false;
  }
  return true;
}

constexpr const char* keygen_usage =
    "Usage: axiom keygen [FILE]\n"
    "Write a new random 32-byte key as 64 hex digits to FILE (created with mode 0600; an\n"
    "existing file is never overwritten), or to standard output when FILE is - or absent.\n"
    "Use it with 'axiom enc -k FILE' and 'axiom dec -k FILE'.\n";

constexpr const char* enc_usage =
    "Usage: axiom enc (-k KEYFILE | -p | --passphrase-file F) [-a ALG] [--progress] IN OUT\n"
    "       axiom dec (-k KEYFILE | -p | --passphrase-file F) [--max-iterations N] [--progress]\n"
    "                 IN OUT\n"
    "Encrypt (enc) or decrypt (dec) IN to OUT with an AEAD in 64 KiB chunks, each authenticated\n"
    "with its index and a last-chunk flag, so a truncated, reordered or modified file, or a\n"
    "wrong key, fails. IN or OUT may be - for standard input or output.\n"
    "\n"
    "OUT is never IN (the same file, also through another name or standard output: refused).\n"
    "A file OUT is written as a new, unnamed file in OUT's directory (that of the file a\n"
    "symbolic link names), synced, given the mode and, where permitted, the owner of the file\n"
    "it replaces, and linked in as OUT only at the end: a failed or killed run leaves no OUT,\n"
    "an existing OUT as it was and no temporary file. An existing FIFO or device (such as\n"
    "/dev/null) is written in place, as is standard output; there, chunks already\n"
    "authenticated have been written when a later one fails.\n"
    "\n"
    "  -k, --key-file F          the key from F (axiom keygen)\n"
    "  -p, --passphrase          ask for a passphrase on the terminal (PBKDF2-HMAC-SHA256 with\n"
    "                            a random salt and 600000 iterations, stored in the header)\n"
    "      --passphrase-file F   the passphrase is the first line of F\n"
    "  -a, --algorithm ALG       enc only: chacha20-poly1305 (the default), aes-256-gcm,\n"
    "                            sm4-gcm or kuznyechik-mgm; dec reads it from the file\n"
    "      --max-iterations N    dec only: accept a file whose header asks for up to N PBKDF2\n"
    "                            iterations (default 600000, what enc writes): the count is\n"
    "                            read before anything is authenticated\n"
    "      --progress            show the progress on standard error even when it is not a\n"
    "                            terminal (on a terminal it shows after a second of work)\n"
    "  -h, --help                print this help\n"
    "\n"
    "Exit status: 0 success; 1 authentication failed (wrong key or passphrase, or a damaged,\n"
    "truncated or reordered file, or not an axiom enc file); 2 usage error, unreadable key,\n"
    "too many iterations, or an I/O error (e.g. OUT's directory not writable, disk full, file\n"
    "size limit). Killed by a signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT, ...), it says\n"
    "\"interrupted\" and dies of that signal (status 128+N in a shell), leaving no new file.\n";

int run(bool encrypt, int argc, char** argv) {
  const char* command = encrypt ? "enc" : "dec";
  enum { opt_max_iterations = 256, opt_progress };
  static const option long_options[] = {
      {"key-file", required_argument, nullptr, 'k'},
      {"passphrase", no_argument, nullptr, 'p'},
      {"passphrase-file", required_argument, nullptr, 'P'},
      {"algorithm", required_argument, nullptr, 'a'},
      {"max-iterations", required_argument, nullptr, opt_max_iterations},
      {"progress", no_argument, nullptr, opt_progress},
      {"help", no_argument, nullptr, 'h'},
      {nullptr, 0, nullptr, 0},
  };
  const char *key_file = nullptr, *pass_file = nullptr;
  bool ask = false, show_progress = false;
  std::string alg = "chacha20-poly1305";
  std::uint64_t iteration_limit = default_iterations;
  opterr = 0;
  for (int c; (c = getopt_long(argc, argv, ":k:pa:h", long_options, nullptr)) != -1;) {
    switch (c) {
      case 'k':
        key_file = optarg;
        break;
      case 'p':
        ask = true;
        break;
      case 'P':
        pass_file = optarg;
        break;
      case 'a':
        if (!encrypt)
          return usage_error(command, "-a is for enc: dec reads the algorithm from the file");
        alg = optarg;
        break;
      case opt_max_iterations: {
        if (encrypt) return usage_error(command, "--max-iterations is for dec: enc writes 600000");
        char* end = nullptr;
        errno = 0;
        iteration_limit = std::strtoull(optarg, &end, 10);
        if (errno != 0 || end == optarg || *end != '\0' || *optarg == '-' || iteration_limit == 0 ||
            iteration_limit > UINT32_MAX)
          return usage_error(
              command, std::string("invalid --max-iterations '") + optarg + "' (1 to 4294967295)");
        break;
      }
      case opt_progress:
        show_progress = true;
        break;
      case 'h':
        std::fputs(enc_usage, stdout);
        return finish_stdout(exit_ok);
      default:
        return option_error(command, argv, c);
    }
  }
  if ((key_file != nullptr) + (pass_file != nullptr) + ask != 1)
    return usage_error(command, "give one of -k KEYFILE, -p and --passphrase-file F");
  const FileAead* aead_choice = find_aead(alg);
  if (aead_choice == nullptr)
    return usage_error(command, "unknown algorithm '" + alg + "' (known: " + aead_names() + ")");
  if (argc - optind != 2) return usage_error(command, "IN and OUT are required");
  const std::string in_name = argv[optind];
  AtomicOutput out(argv[optind + 1], 0600);

  Input in;
  if (const int e = in.open(in_name); e != 0) {
    file_error(in_name, e);
    return exit_usage;
  }
  const int in_fd = in.fd();

  Header header;
  std::array<std::uint8_t, header_size> header_bytes{};
  if (encrypt) {
    header.aead = aead_choice;
    header.key_kind = key_file ? key_kind_file : key_kind_passphrase;
    header.iterations = key_file ? 0 : default_iterations;
    fill_random(header.salt);
    fill_random(header.prefix);
    header_bytes = header.encode();
  } else {
    const long n = read_full(in_fd, header_bytes.data(), header_size);
    if (n < 0) {
      file_error(in_name, static_cast<int>(-n));
      return exit_usage;
    }
    std::string problem = static_cast<std::size_t>(n) < header_size
                              ? "not an axiom enc file (too short)"
                              : header.decode(header_bytes);
    if (!problem.empty()) {
      error(input_label(in_name) + ": " + problem);
      return exit_failed;
    }
    if ((header.key_kind == key_kind_passphrase) != (key_file == nullptr)) {
      error(input_label(in_name) + ": encrypted with " +
            (header.key_kind == key_kind_passphrase ? "a passphrase: use -p or --passphrase-file"
                                                    : "a key file: use -k KEYFILE"));
      return exit_usage;
    }
    // The count comes from a header not yet authenticated: without a limit a crafted file
    // would make dec spend minutes of CPU before failing.
    if (header.iterations > iteration_limit) {
      error(input_label(in_name) + ": asks for " + std::to_string(header.iterations) +
            " PBKDF2 iterations, more than the limit of " + std::to_string(iteration_limit) +
            " (axiom enc writes " + std::to_string(default_iterations) +
            "); if the file is expected, give --max-iterations " +
            std::to_string(header.iterations));
      return exit_usage;
    }
  }
  // OUT before the key: a refused OUT costs no passphrase prompt and no key derivation.
  if (!out.open(in_fd)) return exit_usage;

  Key file_key{};
  if (key_file != nullptr) {
    Key master{};
    if (!read_key_file(key_file, master)) return exit_usage;
    const Status s = Hkdf<Sha256>::derive(file_key, master, header.salt, as_bytes("axiom enc v1"));
    secure_wipe(master);
    if (!s.ok()) return exit_usage;
  } else {
    std::string pass;
    if (!read_passphrase(pass_file, encrypt && ask, pass)) return exit_usage;
    const Status s =
        Pbkdf2<Hmac<Sha256>>::derive(file_key, as_bytes(pass), header.salt, header.iterations);
    secure_wipe(pass.data(), pass.size());
    if (!s.ok()) return exit_usage;
  }
  const std::unique_ptr<ChunkAead> aead = header.aead->make(file_key);
  secure_wipe(file_key);

  if (encrypt) {
    if (const int e = out.write(header_bytes); e != 0) {
      out.fail(e);
      return exit_usage;
    }
  }
  Progress progress(input_label(in_name), in.regular_size(), show_progress, !out.to_terminal());
  ChunkPipeline pipeline(encrypt, header, header_bytes, *aead, in_fd, out, progress);
  pipeline.run();
  progress.clear();
  if (pipeline.read_error != 0) {
    out.abandon();
    file_error(in_name, pipeline.read_error);
    return exit_usage;
  }
  if (!pipeline.failure.empty()) {
    out.abandon();
    error(input_label(in_name) + ": " + pipeline.failure);
    return exit_failed;
  }
  if (pipeline.write_error != 0) {
    out.fail(pipeline.write_error);
    return exit_usage;
  }
  return out.commit() ? exit_ok : exit_usage;
}

}  // namespace

int cmd_keygen(int argc, char** argv) {
  const std::string_view arg = argc > 1 ? argv[1] : "-";
  if (arg == "-h" || arg == "--help") {
    std::fputs(keygen_usage, stdout);
    return finish_stdout(exit_ok);
  }
  if (argc > 2) return usage_error("keygen", "at most one FILE");
  Key key{};
  fill_random(key);
  std::string text = to_hex(key) + "\n";
  secure_wipe(key);
  int fd = 1;
  if (arg != "-") {
    fd = os::open_new(std::string(arg));
    if (fd < 0) {
      const int e = errno;
      secure_wipe(text.data(), text.size());
      file_error(arg, e);
      return exit_usage;
    }
  }
  bool ok = write_all(fd, as_bytes(text));
  int e = errno;
  if (fd != 1) {
    ok = os::sync(fd) && ok;
    if (!ok) e = errno;
    ok = os::close(fd) && ok;
  }
  secure_wipe(text.data(), text.size());
  if (!ok) {
    if (fd != 1) os::remove_file(std::string(arg));
    if (fd == 1)
      write_error(e);
    else
      file_error(arg, e);
    return exit_usage;
  }
  return exit_ok;
}

int cmd_enc(int argc, char** argv) { return run(true, argc, argv); }
int cmd_dec(int argc, char** argv) { return run(false, argc, argv); }

}  // namespace axiom::cli
