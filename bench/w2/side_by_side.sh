#!/usr/bin/env bash
# Workloads W1 and W2 (WORKLOAD-W2.md) and the Denver file for Sightline, and W1 and W2 for
# the two strongest peers, interleaved round by round in one run on the same display, so
# machine drift hits all of them alike.
#
#   BIN=build/bin/sightline bash bench/w2/side_by_side.sh
#   ROUNDS=3 SIZES="10M" EXTRA="--msaa 4" SHOTS=/some/folder DISP=93 ...
#   BASE=/path/to/an/older/sightline ...   (also runs it, whole picture, as base_*: a change's
#                                         before and after in the same run as the peers)
#
# Per round and size: Sightline on W1's walk CSV and on W2's CSV (the numbers the peers
# draw; --file, so the load counts toward the first frame), each whole picture and --plain,
# then Sightline on the Denver file (once a round), pyqtgraph (peak downsampling +
# clip-to-view, one item per series, NaN breaks) and ImPlot (tsdownsample MinMaxLTTB /
# NaNMinMaxLTTB to 2x the plot width per series) on W1 and on W2. Lines only for the peers,
# y fitted every frame by all. EXTRA: more flags for sightline bench.
# First use makes a Python environment under $PEERS_WORK (default ~/.cache/sightline-peers,
# shared with our W1 harness), installs a few Debian packages, and writes the data there
# (~1 GB): walk_SIZE.csv, w2_SIZE.csv and denver.csv with their .npy.
# Prints a line per run, a table of medians and the ratios issue 27 asks for;
# $PEERS_WORK/results/w2_side_by_side.json keeps them. Screenshots of frames 0 and 150 of W2
# (and Sightline's Denver) land in $PEERS_WORK/results, and are copied to $SHOTS if set.
set -u
here=$(cd "$(dirname "$0")" && pwd)
BIN=$(realpath "${BIN:?set BIN to the sightline binary}")
BASE=${BASE:+$(realpath "$BASE")}
ROUNDS=${ROUNDS:-3}; SIZES=${SIZES:-"10M"}; EXTRA=${EXTRA:-}; SHOTS=${SHOTS:-}
export PEERS_WORK=${PEERS_WORK:-${XDG_CACHE_HOME:-$HOME/.cache}/sightline-peers}
mkdir -p "$PEERS_WORK/results" "$PEERS_WORK/data"
PY=$PEERS_WORK/.venv/bin/python

need=()
command -v Xvfb >/dev/null || need+=(xvfb)
command -v xwd >/dev/null || need+=(x11-apps)
[ -x /usr/bin/time ] || need+=(time)
command -v python3 >/dev/null || need+=(python3)
python3 -c 'import venv, ensurepip' 2>/dev/null || need+=(python3-venv)
for p in libxcb-icccm4 libxcb-keysyms1 libxcb-cursor0 libxkbcommon-x11-0 libxcb-xinerama0 libxcb-randr0 \
         libxcb-render-util0 libxcb-image0 libxcb-shape0 libegl1 libglfw3; do
  dpkg -s $p >/dev/null 2>&1 || need+=($p)
done
if [ ${#need[@]} -gt 0 ]; then
  SUDO=; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
# The environment is shared with the W1 harness, which may have made it with other pins:
# it is brought to this harness's requirements whenever they are not the ones it was last
# given (a stamp of their hash).
stamp=$PEERS_WORK/.venv/.w2-requirements
want=$(sha256sum "$here/requirements.txt" | cut -d' ' -f1)
if [ ! -x "$PY" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  { [ -x "$PY" ] || python3 -m venv "$PEERS_WORK/.venv"; } && "$PY" -m pip install -q -r "$here/requirements.txt" \
    && echo "$want" > "$stamp" || { echo "could not set up the peers' Python environment"; exit 1; }
fi
data=$PEERS_WORK/data; res=$PEERS_WORK/results
declare -A COUNT=([1M]=1000000 [10M]=10000000)
for s in $SIZES; do
  [ -n "${COUNT[$s]:-}" ] || { echo "SIZES: 1M or 10M, not $s"; exit 1; }
  [ -s "$data/walk_$s.csv" ] && [ -s "$data/walk_${s}_y.npy" ] || "$PY" "$here/gen_w1.py" "${COUNT[$s]}" "$data/walk_$s.csv" || exit 1
  [ -s "$data/w2_$s.csv" ] && [ -s "$data/w2_${s}_ys.npy" ] || "$PY" "$here/gen_w2.py" "${COUNT[$s]}" "$data/w2_$s.csv" || exit 1
done
[ -s "$data/denver.csv" ] || "$PY" "$here/gen_denver.py" "$data/denver.csv" || exit 1

export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp/xdg-side-by-side}; mkdir -p "$XDG_RUNTIME_DIR"; chmod 700 "$XDG_RUNTIME_DIR"
DISP=${DISP:-93}
Xvfb :$DISP -screen 0 1920x1080x24 >/dev/null 2>&1 & XV=$!
t=$(mktemp -d)
trap 'kill $XV 2>/dev/null; rm -rf "$t"' EXIT
sleep 1; export DISPLAY=:$DISP
out=$res/w2_side_by_side.jsonl; : > "$out"

run() { # name size json cmd...
  local name=$1 size=$2 json=$3; shift 3; rm -f "$json"
  timeout 900 /usr/bin/time -f "%M" -o $t/rss "$@" >$t/log 2>&1 || { echo "$name $size FAILED: $(tail -2 $t/log)"; return; }
  [ -s "$json" ] || { echo "$name $size: no JSON"; return; }
  python3 - "$name" "$size" "$(tail -1 $t/rss)" "$json" >>"$out" <<'PY'
import json, sys
name, size, rss, path = sys.argv[1:5]
d = json.load(open(path))
print(json.dumps({"name": name, "size": size, "p50": d["p50_ms"], "p95": d["p95_ms"], "p99": d.get("p99_ms"),
                  "ttff": d.get("ttff_s"), "rss_mib": int(rss) / 1024, "floor_p95": d.get("floor_p95_ms")}))
PY
  tail -1 "$out"
}
sl() { # name size csv [flags...]
  local name=$1 size=$2 csv=$3; shift 3
  run "$name" "$size" $t/j.json "$BIN" bench --window "$@" $EXTRA --file "$csv" --json $t/j.json
}
base() { # name size csv: the BASE binary's whole picture, when BASE is set
  [ -n "$BASE" ] || return 0
  run "$1" "$2" $t/j.json "$BASE" bench --window $EXTRA --file "$3" --json $t/j.json
}
peer() { # program workload size
  local script=bench_$1.py variant; [ "$1" = pyqtgraph ] && variant=ds_clip || variant=user_minmaxlttb
  run "${1}_$2" "$3" "$res/${1}_${2}_${variant}_$3.json" env BENCH_T0_NS=$(date +%s%N) "$PY" "$here/$script" --workload "$2" --n "$3"
}
for r in $(seq "$ROUNDS"); do
  echo "round $r of $ROUNDS"
  first=1
  for s in $SIZES; do
    sl sightline_w1_full "$s" "$data/walk_$s.csv"
    base base_w1_full "$s" "$data/walk_$s.csv"
    sl sightline_w1_plain "$s" "$data/walk_$s.csv" --plain
    sl sightline_w2_full "$s" "$data/w2_$s.csv"
    base base_w2_full "$s" "$data/w2_$s.csv"
    sl sightline_w2_plain "$s" "$data/w2_$s.csv" --plain
    if [ $first = 1 ]; then
      sl sightline_denver_full "$s" "$data/denver.csv"
      base base_denver_full "$s" "$data/denver.csv"
    fi
    first=0
    peer pyqtgraph w1 "$s"; peer pyqtgraph w2 "$s"
    peer implot w1 "$s"; peer implot w2 "$s"
  done
done

# Sightline's pictures of W2's frames 0 and 150 (and Denver's), as `render` draws the same
# view (the peers grabbed theirs from the window during their runs).
for s in $SIZES; do
  for f in 0 150; do
    range=$("$PY" - "$here" "$data/w2_${s}_x.npy" "$f" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
import numpy as np
from common import view_schedule
x = np.load(sys.argv[2]); lo, hi = view_schedule(float(x[0]), float(x[-1]))[int(sys.argv[3])]
print(f"{lo:.3f}:{hi:.3f}")
PY
)
    "$BIN" render "$data/w2_$s.csv" --x-range="$range" --out "$res/sightline_w2_${s}_f$(printf %03d $f).png" >/dev/null 2>&1 \
      || echo "sightline render of W2 frame $f failed"
  done
done
"$BIN" render "$data/denver.csv" --out "$res/sightline_denver_f000.png" >/dev/null 2>&1 || echo "sightline render of Denver failed"
if [ -n "$SHOTS" ]; then
  mkdir -p "$SHOTS" && cp "$res"/sightline_w2_*_f*.png "$res"/sightline_denver_f000.png "$res"/*_w2_*_f*.png "$SHOTS"/ 2>/dev/null
fi

python3 - "$out" "$res/w2_side_by_side.json" <<'PY'
import collections, json, statistics as st, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
g = collections.defaultdict(list)
for r in rows: g[(r["size"], r["name"])].append(r)
def med(rs, k):
    v = [r[k] for r in rs if r.get(k) is not None]
    return st.median(v) if v else None
keys = ("p50", "p95", "p99", "ttff", "rss_mib", "floor_p95")
table = {f"{s} {n}": {k: med(rs, k) for k in keys} | {"runs": len(rs)} for (s, n), rs in sorted(g.items())}
f = lambda v, p: "-" if v is None else f"{v:.{p}f}"
print(f"{'size':5} {'program':22} {'n':>2} {'p50 ms':>7} {'p95 ms':>7} {'p99 ms':>7} {'ttff s':>7} {'RSS MiB':>8}")
for (s, n), rs in sorted(g.items()):
    m = table[f"{s} {n}"]
    print(f"{s:5} {n:22} {len(rs):2} {f(m['p50'],1):>7} {f(m['p95'],1):>7} {f(m['p99'],1):>7} {f(m['ttff'],2):>7} {f(m['rss_mib'],0):>8}")
ratios = {}
def p95(s, n): return table.get(f"{s} {n}", {}).get("p95")
for s in sorted({s for s, _ in g}):
    w1, w2 = p95(s, "sightline_w1_full"), p95(s, "sightline_w2_full")
    den = next((table[k]["p95"] for k in table if k.endswith(" sightline_denver_full")), None)
    best = {w: min([p for p in (p95(s, f"pyqtgraph_{w}"), p95(s, f"implot_{w}")) if p] or [None], key=lambda v: v or 0)
            for w in ("w1", "w2")}
    pairs = [("W2 / W1 p95 (Sightline whole picture)", w2, w1),
             ("Denver / W1 p95 (Sightline whole picture)", den, w1),
             ("Sightline W2 p95 / best peer W2 p95", w2, best["w2"]),
             ("Sightline W1 p95 / best peer W1 p95", w1, best["w1"]),
             ("Sightline W1 p99 / p50 (whole picture)", table.get(f"{s} sightline_w1_full", {}).get("p99"),
              table.get(f"{s} sightline_w1_full", {}).get("p50"))]
    for label, a, b in pairs:
        if a and b:
            ratios[f"{s} {label}"] = a / b
            print(f"{s}: {label} = {a / b:.2f}")
json.dump({"table": table, "ratios": ratios, "runs": rows}, open(sys.argv[2], "w"), indent=1)
PY
