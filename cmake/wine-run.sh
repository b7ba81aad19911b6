#!/bin/bash
# wine-run.sh PREFIX PROGRAM [ARGS...]: run a Windows program under Wine in the private Wine
# prefix PREFIX (created on first use), as ctest's CMAKE_CROSSCOMPILING_EMULATOR.
# wine-run.sh PREFIX --init: only create the prefix (the build does it when it configures).
# - One persistent wineserver per prefix, started with its stdio on /dev/null: Wine's helper
#   processes would otherwise inherit the test's stderr and ctest would wait for them to close it.
# - An unhandled SIGINT makes a Windows program exit 0 under Wine; an interrupted run must not
#   look like a pass, so the wrapper exits 130 then.
# - A failure of the wrapper's own setup says so and exits 125: a test must not mistake it for
#   the program's own failure status.
set -u
prefix=$1
shift
wine=/usr/lib/wine/wine64
server=/usr/lib/wine/wineserver
export WINEPREFIX="$prefix" WINEDEBUG="${WINEDEBUG:--all}" WINEDLLOVERRIDES="mscoree,mshtml="
setup_failed() {
  echo "wine-run.sh: $1 failed (status $2)" >&2
  exit 125
}
mkdir -p "$prefix" || setup_failed "mkdir $prefix" $?
(
  flock 9 || setup_failed flock $?
  # The persistent server must keep no inherited descriptor open but the lock (9), such as
  # the pipe through which ninja waits for a reconfiguring cmake, which would never end.
  for fd in /dev/fd/*; do
    n=${fd##*/}
    if [ "$n" -gt 2 ] 2>/dev/null && [ "$n" != 9 ]; then eval "exec $n>&-"; fi
  done
  # -p60: the server stays up 60 s after its last client; starting one while one runs fails,
  # which is what we want.
  started=0
  "$server" -p60 </dev/null >/dev/null 2>&1 9>&- && started=1
  # A new server's first program starts Wine's system processes (services.exe, explorer.exe,
  # ...), which inherit its stdio and live as long as the server: started by the test itself,
  # they would hold ctest's pipes open for the server's 60 s. wineboot starts them here instead.
  # A failed wineboot is logged beside the prefix, not fatal: the program then starts the
  # processes itself, and its own output must stay as it is.
  if [ ! -f "$prefix/system.reg" ]; then
    "$wine" wineboot -i </dev/null >/dev/null 2>&1 9>&- || setup_failed "wineboot -i" $?
  elif [ "$started" = 1 ]; then
    booted=0
    "$wine" wineboot </dev/null >/dev/null 2>&1 9>&- || booted=$?
    [ "$booted" = 0 ] || echo "$(date -u) wineboot failed (status $booted)" >>"$prefix.log"
  fi
) 9>"$prefix.lock" || exit $?
[ "${1:-}" != --init ] || exit 0
interrupted=0
trap 'interrupted=1' INT TERM
status=0
"$wine" "$@" || status=$?
[ "$interrupted" = 0 ] || exit 130
exit "$status"
