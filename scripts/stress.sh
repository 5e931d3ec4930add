#!/usr/bin/env bash
# Hostile-input checks too slow or too process-level for the unit tests: the render
# fuzzer, memory limits, a million columns, endless input, huge names and lines without
# an end under prlimit --as, process limits (threads, stack), windows started in a row
# under one Xvfb, a file truncated while it is read, signals to a busy command. Each
# check runs the binary and asserts
# its exit status and message; none may trap (SIGILL, SIGSEGV, SIGBUS, SIGABRT).
#
#   scripts/stress.sh [BINARY]        (default: build/bin/sightline)
#   FUZZ_RUNS=100000 scripts/stress.sh
set -uo pipefail
cd "$(dirname "$0")/.."
bin="${1:-build/bin/sightline}"
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
fuzz_runs="${FUZZ_RUNS:-100000}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export SWIFT_BACKTRACE=enable=no LIBGL_ALWAYS_SOFTWARE=1 SDL_VIDEODRIVER=offscreen XDG_CONFIG_HOME="$work/config"
unset DISPLAY WAYLAND_DISPLAY
passed=0
failed=0

pass() { passed=$((passed + 1)); echo "ok   $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1"; [ -f "$work/err" ] && sed 's/^/     | /' "$work/err" | head -5; }

# check NAME EXPECTED_STATUS PATTERN -- COMMAND...: the command's status must be the
# expected one (or any non-trap failure for "fail") and its stderr must match PATTERN.
check() {
  local name=$1 expected=$2 pattern=$3
  shift 4
  "$@" >"$work/out" 2>"$work/err"
  local status=$?
  if [ "$status" -ge 132 ] && [ "$status" -le 139 ]; then
    fail "$name: trapped (status $status)"
  elif [ "$expected" = fail ] && [ "$status" -eq 0 ]; then
    fail "$name: succeeded, a refusal was expected"
  elif [ "$expected" != fail ] && [ "$expected" != any ] && [ "$status" -ne "$expected" ]; then
    fail "$name: status $status, expected $expected"
  elif [ -n "$pattern" ] && ! grep -Eqi -- "$pattern" "$work/err" "$work/out"; then
    fail "$name: no message matching /$pattern/"
  else
    pass "$name (status $status)"
  fi
}

echo "== render fuzzer: $fuzz_runs cases"
if "$bin" fuzz-render --runs "$fuzz_runs" --seed 20261123 >"$work/fuzz" 2>"$work/err"; then
  pass "fuzz-render: $(tail -1 "$work/fuzz")"
else
  fail "fuzz-render trapped after: $(grep cases "$work/fuzz" | tail -1)"
fi

echo "== memory limits"
"$bin" walk 2000000 "$work/w2m.csv" >/dev/null
check "OpenGL under ulimit -v 300M is refused, with the memory it needs" 69 "memory" -- \
  bash -c "ulimit -v 300000; '$bin' render Resources/sample.csv --out '$work/m.png'"
# Between "too little to start" and "plenty", Mesa's unchecked allocations used to crash.
for limit in 450000 550000 650000 750000 850000; do
  check "render under ulimit -v $limit KB draws or says why" any "" -- \
    bash -c "ulimit -v $limit; '$bin' render Resources/sample.csv --out '$work/m.png'"
done
check "render 2M points under ulimit -v 600M" any "" -- bash -c "ulimit -v 600000; '$bin' render '$work/w2m.csv' --out '$work/w.png'"
check "bench --points 1e9 under ulimit -v 4G says how much it needs" fail "memory" -- \
  bash -c "ulimit -v 4000000; '$bin' bench --points 1000000000"
check "walk 1e10 points to /dev/null under ulimit -v 1G" any "" -- bash -c "ulimit -v 1000000; timeout 5 '$bin' walk 10000000000 /dev/null; s=\$?; [ \$s -eq 124 ] && exit 0 || exit \$s"

echo "== wide and endless input"
python3 -c "
import sys
n = 1000000
sys.stdout.write(','.join('c%d' % i for i in range(n)) + '\n')
for r in range(2): sys.stdout.write(','.join(str(r + i % 7) for i in range(n)) + '\n')
" >"$work/wide.csv"
check "1,000,000 columns × 2 rows within 60 s and 3 GB" any "" -- \
  bash -c "ulimit -v 3000000; timeout 60 '$bin' render '$work/wide.csv' --out '$work/wide.png'"
check "1,000,000 columns × 2 rows described under prlimit --as 300M" 0 "" -- \
  prlimit --as=300000000 "$bin" describe "$work/wide.csv"
check "render - < /dev/zero is refused as binary" fail "NUL" -- bash -c "ulimit -v 2000000; timeout 30 '$bin' render - --out '$work/z.png' < /dev/zero"
check "render /dev/urandom is refused at once" fail "NUL" -- timeout 10 "$bin" render /dev/urandom --out "$work/r.png"
check "an endless line stops at the line bound" fail "line end" -- \
  bash -c "ulimit -v 2000000; tr '\\0' 9 < /dev/zero | timeout 30 '$bin' render - --out '$work/z.png'"
python3 -c "import sys; sys.stdout.write('x,' + 'N' * 15000000 + '\n1,2\n2,3\n')" >"$work/longname.csv"
check "a 15 MB header name renders within 30 s" 0 "" -- timeout 30 "$bin" render "$work/longname.csv" --out "$work/long.png"
python3 -c "import sys; sys.stdout.write('x,' + 'N' * 50000000 + '\n1,2\n2,3\n')" >"$work/longname.csv"
check "a 50 MB header name is past the 16 MB line bound" 65 "longname.csv:1:1: expected a line end within 16 MB" -- \
  timeout 30 "$bin" render "$work/longname.csv" --out "$work/long.png"
# A column grouped as spreadsheets export it (1.234,5) is read once, with the grouping
# its first rows show: its peak memory is the plain file's (it was 7 to 18% more: two reads).
python3 -c "
import sys
sys.stdout.write('x;v\\n' + ''.join('%d;1.234,5\\n' % k for k in range(3000000)))
" >"$work/grouped.csv"
sed 's/1\.234,5/1234,5/' "$work/grouped.csv" >"$work/plain.csv"
check "3M grouped numbers take the memory of the same plain (peak RSS within 5%)" 0 "" -- bash -c "
  g=\$(/usr/bin/time -f %M '$bin' describe '$work/grouped.csv' 2>&1 >/dev/null | tail -1)
  p=\$(/usr/bin/time -f %M '$bin' describe '$work/plain.csv' 2>&1 >/dev/null | tail -1)
  echo \"grouped \$g KB, plain \$p KB\" >&2
  [ \$((g * 20)) -le \$((p * 21)) ]"
check "stdin closed" fail "standard input" -- bash -c "'$bin' render - --out '$work/c.png' <&-"
check "walk to /dev/full says no space" fail "space" -- bash -c "'$bin' walk 100000 - > /dev/full"

echo "== the largest image under a memory limit"
"$bin" walk 1000 "$work/w1k.csv" >/dev/null
check "render 16384x16384 under ulimit -v 1.5G names the size and the largest that fits" 69 "16384×16384.*largest.*fits is [0-9]+×[0-9]+" -- \
  bash -c "ulimit -v 1500000; '$bin' render '$work/w1k.csv' --out '$work/huge.png' --size 16384x16384"
[ ! -e "$work/huge.png" ] && pass "nothing written for a refused size" || fail "a refused size left $work/huge.png"
suggested=$(grep -Eo "fits is [0-9]+×[0-9]+" "$work/err" | grep -Eo "[0-9]+×[0-9]+" | sed 's/×/x/')
check "the size it suggests draws under the same limit" 0 "" -- \
  bash -c "ulimit -v 1500000; '$bin' render '$work/w1k.csv' --out '$work/huge.png' --size '${suggested:-none}'"
for limit in 2500000 3000000; do
  check "render 16384x16384 under ulimit -v $limit KB draws or says why" any "" -- \
    bash -c "ulimit -v $limit; '$bin' render '$work/w1k.csv' --out '$work/huge.png' --size 16384x16384"
done
rm -f "$work/huge.png"

echo "== file size limit on outputs"
mkdir "$work/fsize"
check "render --alt-text past ulimit -f is an error naming the file" 73 "o\.png.*file too large.*ulimit -f" -- \
  bash -c "ulimit -f 1; '$bin' render '$work/w1k.csv' --out '$work/fsize/o.png' --alt-text"
check "audio past ulimit -f is an error naming the file" 73 "a\.wav.*file too large" -- \
  bash -c "ulimit -f 1; '$bin' audio '$work/w1k.csv' --out '$work/fsize/a.wav'"
[ -z "$(ls -A "$work/fsize")" ] && pass "nothing left past ulimit -f" || fail "left past ulimit -f: $(ls -A "$work/fsize")"

echo "== process limits"
# RLIMIT_NPROC binds no root process, so those checks run as nobody (from root) or as
# the user running this; the binary and a file go where that user can read them.
limits="$work/limits"
mkdir -p "$limits" && chmod 711 "$work" && chmod 777 "$limits"
cp "$bin" "$limits/sightline" && cp Resources/sample.csv "$limits/" && chmod 755 "$limits/sightline" && chmod 644 "$limits/sample.csv"
as_user=()
[ "$(id -u)" -eq 0 ] && as_user=(setpriv --reuid="$(id -u nobody)" --regid="$(id -g nobody)" --clear-groups)
# With one process allowed, render used to hang in nanosleep with SIGINT, SIGTERM and
# SIGHUP blocked (its signal watcher never started): now it says so and exits 71.
for n in 1 4; do
  check "render with ulimit -u $n exits 71 naming the limit" 71 "cannot start a thread.*ulimit -u" -- \
    timeout -s KILL 20 "${as_user[@]}" prlimit --nproc=$n "$limits/sightline" render "$limits/sample.csv" --out "$limits/u$n.png"
done
check "describe of 2M points with ulimit -u 1 exits 71" 71 "cannot start a thread" -- \
  timeout -s KILL 20 "${as_user[@]}" prlimit --nproc=1 "$limits/sightline" describe "$work/w2m.csv"
check "render with ulimit -u 256 draws" 0 "" -- \
  timeout -s KILL 60 "${as_user[@]}" prlimit --nproc=256 "$limits/sightline" render "$limits/sample.csv" --out "$limits/u256.png"
# A 64 KiB stack used to crash inside fontconfig (SIGSEGV).
check "render with a hard 64 KiB stack exits 71 naming the limit" 71 "stack limit \\(ulimit -s\\) is 64 KiB" -- \
  bash -c "ulimit -s 64; timeout -s KILL 20 '$bin' render Resources/sample.csv --out '$work/s64.png'"
check "render with a soft 64 KiB stack raises it and draws" 0 "" -- \
  bash -c "ulimit -Ss 64; timeout -s KILL 60 '$bin' render Resources/sample.csv --out '$work/s64.png'"

echo "== windows opened one after another under one Xvfb"
# Xvfb resets when its last client leaves and drops a connection that comes meanwhile:
# a start right after another client ended used to exit 69 "no display answered"
# (1 in 24 to 1 in 50). Every start must get its window.
if command -v Xvfb >/dev/null && command -v xdotool >/dev/null && command -v xdpyinfo >/dev/null; then
  n=150; while [ -e /tmp/.X$n-lock ] || [ -e /tmp/.X11-unix/X$n ]; do n=$((n + 1)); done
  Xvfb :$n -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
  xvfb=$!
  for _ in $(seq 200); do DISPLAY=:$n xdpyinfo >/dev/null 2>&1 && break; sleep 0.05; done
  windows=0 refused=0
  for run in $(seq 48); do
    DISPLAY=:$n xdpyinfo >/dev/null 2>&1
    env -u SDL_VIDEODRIVER DISPLAY=:$n "$bin" Resources/sample.csv --size 400x300 >/dev/null 2>"$work/err" &
    pid=$!
    shown=0
    for _ in $(seq 300); do
      kill -0 $pid 2>/dev/null || break
      DISPLAY=:$n xdotool search --onlyvisible --name Sightline >/dev/null 2>&1 && { shown=1; break; }
      sleep 0.05
    done
    if [ $shown = 1 ]; then kill -TERM $pid; wait $pid; windows=$((windows + 1)); else wait $pid; refused=$((refused + 1)); fi
  done
  kill $xvfb; wait $xvfb 2>/dev/null
  [ "$refused" -eq 0 ] && pass "48 starts under one Xvfb: $windows windows" || fail "48 starts under one Xvfb: $refused without a window"
else
  echo "skip (Xvfb, xdotool or xdpyinfo missing)"
fi

echo "== lines without an end, under address-space limits"
# A 20 MB line of "1," once took 551 MB (split into ten million fields), 100 MB took
# 2.5 GB, and under prlimit --as they ended in "Fatal error: failed to allocate".
python3 -c "import sys; sys.stdout.write('1,' * 10000000)" >"$work/line20.csv"
python3 -c "import sys; sys.stdout.write('1,' * 50000000)" >"$work/line100.csv"
for limit in 300 1000 4000; do
  for size in 20 100; do
    check "a $size MB line, a file, under prlimit --as ${limit}M" 65 "line$size.csv:1:1: expected a line end within 16 MB" -- \
      prlimit --as=$((limit * 1000000)) "$bin" describe "$work/line$size.csv"
    check "a $size MB line, standard input, under prlimit --as ${limit}M" 65 "standard input:1:1: expected a line end within 16 MB" -- \
      bash -c "prlimit --as=$((limit * 1000000)) '$bin' describe - < <(cat '$work/line$size.csv')"
  done
done
# Within the bound, the widest row the column limit allows stays a small multiple of it.
python3 -c "import sys; sys.stdout.write('1,' * 7500000 + '\n1,2\n')" >"$work/columns.csv"
check "7.5 million columns are refused at the column limit under prlimit --as 300M" 65 "expected at most 1048576 columns" -- \
  prlimit --as=300000000 "$bin" describe "$work/columns.csv"

echo "== a file truncated while it is read"
"$bin" walk 6000000 "$work/trunc-src.csv" >/dev/null
reported=0
for try in 1 2 3 4; do
  cp "$work/trunc-src.csv" "$work/trunc.csv"
  "$bin" render "$work/trunc.csv" --out "$work/t.png" >"$work/out" 2>"$work/err" &
  pid=$!
  # Once the file is mapped (it shows in the process's maps), the read is under way.
  for _ in $(seq 500); do grep -q trunc.csv "/proc/$pid/maps" 2>/dev/null && break; sleep 0.01; done
  sleep 0.0$((try - 1))
  truncate -s 1000000 "$work/trunc.csv"
  wait $pid
  status=$?
  if [ "$status" -ge 132 ] && [ "$status" -le 139 ]; then fail "truncated while read, try $try: trapped ($status)"
  else pass "truncated while read, try $try (status $status)"; fi
  if [ "$status" -eq 66 ] && grep -q "changed while it was read" "$work/err"; then reported=$((reported + 1)); fi
done
# Timing decides which tries the truncation catches mid-read (a read can finish first);
# at least one must, and say so.
[ "$reported" -gt 0 ] && pass "a truncation mid-read is reported ($reported of 4)" || fail "no try reported the file changed while it was read"

echo "== signals to a busy render"
# The render's output is a FIFO nobody reads yet: once the picture is drawn (SDL and GL
# started), opening it blocks, so the signal lands after SDL is up, every time.
mkfifo "$work/blocked.png"
for sig in INT TERM HUP; do
  "$bin" render "$work/w2m.csv" --out "$work/blocked.png" >/dev/null 2>&1 &
  pid=$!
  sleep 2
  kill -$sig $pid
  wait $pid
  status=$?
  expected=$(case $sig in INT) echo 130;; TERM) echo 143;; HUP) echo 129;; esac)
  if [ "$status" -eq "$expected" ]; then pass "SIG$sig to a render waiting on its output (status $status)"
  else fail "SIG$sig to a render waiting on its output: status $status, expected $expected"; fi
done
"$bin" render "$work/w2m.csv" --out "$work/s.png" --size 4000x4000 >/dev/null 2>&1 &
pid=$!
sleep 1
kill -INT $pid
wait $pid
leftovers=$(find "$work" -maxdepth 1 -name '.sightline-*.tmp' | wc -l)
[ "$leftovers" -eq 0 ] && pass "no temporary file after SIGINT" || fail "temporary files left after SIGINT"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
