// AtomicOutput: how enc, dec and cipher write OUT, so that a run that fails or is killed
// changes nothing but OUT, and OUT only when it succeeds (README "Files and signals").
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>

namespace axiom::cli {

// AtomicOutput writes OUT. On POSIX systems (platform_posix.cpp):
//  - "-" is standard output, written as the data comes.
//  - OUT is found as open(2) finds it, through symbolic links (so the kernel's
//    protected_symlinks rules apply). A directory is refused; so is the input itself (same
//    device and inode, also when OUT is "-": `cmd f - >> f`), as cat refuses it.
//  - A FIFO, character or block device or socket is written in place: the file opened is
//    checked to be the one examined, so a name swapped in between is refused, never written.
//  - A regular file, or a name that does not exist yet, gets a new file in the directory
//    that holds it (the link's target's directory for a link), written as an unnamed
//    O_TMPFILE, synced, given the replaced file's mode and, where permitted, owner (or mode
//    & ~umask for a new file) and only then linked in: directly for a new name, else through
//    a short temporary name (".axiom-XXXXXX", whatever OUT's length) renamed over OUT.
//    Until then nothing has a name, so no signal, not even SIGKILL, can leave a partial
//    file. Where O_TMPFILE is not supported (some file systems, no /proc to link it by) the
//    new file is that temporary name from the start.
//  - Every catchable signal whose default action ends the process (SIGINT, SIGTERM, SIGHUP,
//    SIGQUIT, SIGUSR1, SIGALRM, ... and the real-time ones), unless it is ignored or already
//    handled, removes any temporary name, says "interrupted: no output written" and ends the
//    process by the same signal. The signals are blocked while a temporary name is made,
//    renamed or removed, so none leaves one behind.
// On Windows (platform_windows.cpp) names are UTF-8, OUT is a console, the null device or a
// pipe written in place, or a regular file (or a new name) replaced by a temporary file
// ".axiom-XXXXXX" written beside it, flushed (FlushFileBuffers) and moved over OUT with
// MoveFileExW(MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH); a console control handler
// (Ctrl-C, Ctrl-Break, closing the console) deletes the temporary file before the process ends.
// The new file gets the directory's default permissions, not the replaced file's.
// One per process at a time; open, commit and abandon from the thread that made it.
class AtomicOutput {
 public:
  // mode: the permissions of a new OUT (less the umask; POSIX only).
  AtomicOutput(std::string name, unsigned mode);
  ~AtomicOutput();
  AtomicOutput(const AtomicOutput&) = delete;
  AtomicOutput& operator=(const AtomicOutput&) = delete;

  // open finds OUT and prepares the file to write; input_fd is the input's descriptor. On
  // an error it prints the message and returns false.
  bool open(int input_fd);
  // write returns 0 or an errno (ENOSPC, EFBIG, EIO, ...).
  int write(std::span<const std::uint8_t> data);
  // commit finishes OUT (see above); on an error it prints the message, abandons what was
  // written and returns false.
  bool commit();
  // fail prints err as the error of writing OUT ("OUT: ..." or "write error: ...") and
  // abandons what was written.
  void fail(int err);
  // abandon drops the new file (nothing after a commit).
  void abandon();
  // to_terminal: OUT is standard output and that is a terminal.
  bool to_terminal() const;

 private:
  class File;  // the platform's
  std::unique_ptr<File> file_;
};

}  // namespace axiom::cli
