"""Shared pieces of the W2 peer benchmark: the 300-frame view script, timing statistics,
result files, window grabs. See WORKLOAD-W2.md.

Copied, with small changes (a --workload choice, data loading moved to w2data.py), from
our workplace's W1 harness (shared/bench/peers/common.py), so the project needs nothing
outside itself at run time.
"""
import argparse
import json
import math
import os
import time

import numpy as np

WORK = os.environ.get("PEERS_WORK", os.path.join(os.path.expanduser("~"), ".cache", "sightline-peers"))
DATA = os.path.join(WORK, "data")
RESULTS = os.path.join(WORK, "results")
WIDTH, HEIGHT = 1280, 720
NFRAMES = 300
SKIP_FRAME_S = 5.0      # a first timed frame slower than this -> run marked skipped
TARGET_LOOP_S = 150.0   # stride the script if 300 frames would take longer
SHOT_FRAMES = (150,)    # frames grabbed besides frame 0 (the middle of the pan)


def t0_ns():
    """Process launch time: BENCH_T0_NS from the driver, else the process's creation
    time as the kernel reports it."""
    v = os.environ.get("BENCH_T0_NS")
    if v:
        return int(v)
    try:
        import psutil
        return int(psutil.Process().create_time() * 1e9)
    except Exception:  # noqa: BLE001
        return time.time_ns()


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--workload", default="w2", choices=["w1", "w2"])
    p.add_argument("--n", default="10M", choices=["1M", "10M"])
    p.add_argument("--frames", type=int, default=NFRAMES,
                   help="debug: run only the first K frames of the script")
    return p.parse_args()


def view_schedule(x0, x1, n=NFRAMES):
    """List of (lo, hi) visible x windows for the 300-frame script."""
    W = x1 - x0
    out = []
    for f in range(n):
        if f < 100:
            w = W * 0.01 ** (f / 99.0)
            c = x0 + 0.5 * W
        elif f < 200:
            w = 0.01 * W
            c = x0 + W * (0.5 + 0.1 * (f - 100) / 99.0)
        else:
            w = 0.01 * W * 100.0 ** ((f - 200) / 99.0)
            c = x0 + 0.6 * W
        w = min(w, W)
        lo, hi = c - w / 2, c + w / 2
        if lo < x0:
            lo, hi = x0, x0 + w
        if hi > x1:
            lo, hi = x1 - w, x1
        out.append((lo, hi))
    return out


def stats(ms):
    a = np.asarray(ms, dtype=np.float64)
    if a.size == 0:
        return {}
    return {
        "p50_ms": float(np.percentile(a, 50)),
        "p95_ms": float(np.percentile(a, 95)),
        "p99_ms": float(np.percentile(a, 99)),
        "max_ms": float(a.max()),
        "mean_ms": float(a.mean()),
        "n_frames": int(a.size),
    }


class FrameLoop:
    """Runs the script: render_frame(lo, hi) must set the view, render, present and
    force completion. Handles warm-up/TTFF, skip and stride."""

    def __init__(self, peer, variant, tag, n_frames=NFRAMES):
        self.peer, self.variant, self.tag = peer, variant, tag
        self.n_frames = n_frames
        self.t0 = t0_ns()
        self.info = {"peer": peer, "variant": variant, "N": tag}

    def shot_path(self, frame):
        return os.path.join(RESULTS, f"{self.peer}_{self.variant}_{self.tag}_f{frame:03d}.png")

    def run(self, x0, x1, render_frame, screenshot=None, ready=None):
        """ready(): optional; True once the presented frame really shows the data
        (ImPlot needs a second frame before its y auto-fit applies). Warm-up repeats
        frame 0 until ready; TTFF is taken at that frame."""
        sched = view_schedule(x0, x1)
        tw = time.perf_counter()
        k = 0
        while True:
            render_frame(*sched[0])
            k += 1
            if ready is None or ready() or k >= 10:
                break
        self.info["warmup_frames"] = k
        self.info["warmup_ms"] = (time.perf_counter() - tw) * 1e3
        self.info["ttff_s"] = (time.time_ns() - self.t0) / 1e9
        if ready is not None and not ready():
            self.info["warning"] = "data not shown after 10 warm-up frames"
        if screenshot is not None:
            self._shoot(screenshot, 0)
        frames = list(range(self.n_frames))
        times = []
        t = time.perf_counter()
        render_frame(*sched[0])
        dt = time.perf_counter() - t
        times.append((0, dt * 1e3))
        stride = 1
        if dt > SKIP_FRAME_S:
            self.info["skipped"] = f"first timed frame took {dt:.1f} s > {SKIP_FRAME_S} s"
            frames = []
        elif dt * len(frames) > TARGET_LOOP_S:
            stride = int(math.ceil(dt * len(frames) / TARGET_LOOP_S))
            frames = frames[::stride]
        self.info["stride"] = stride
        for f in frames[1:]:
            t = time.perf_counter()
            render_frame(*sched[f])
            times.append((f, (time.perf_counter() - t) * 1e3))
            if f in SHOT_FRAMES and screenshot is not None:
                self._shoot(screenshot, f)
        self.info["frame_ms"] = [round(v, 3) for _, v in times]
        self.info["frame_idx"] = [f for f, _ in times]
        self.info.update(stats([v for _, v in times]))
        return self.info

    def _shoot(self, screenshot, frame):
        """A grab of what was presented (no re-render), outside the timed frame."""
        try:
            screenshot(self.shot_path(frame))
        except Exception as e:  # noqa: BLE001
            self.info["screenshot_error"] = repr(e)

    def save(self, **extra):
        self.info.update(extra)
        os.makedirs(RESULTS, exist_ok=True)
        path = os.path.join(RESULTS, f"{self.peer}_{self.variant}_{self.tag}.json")
        with open(path, "w") as f:
            json.dump(self.info, f, indent=1)
        s = self.info
        if "p50_ms" in s:
            print(f"{self.peer}/{self.variant}/{self.tag}: p50 {s['p50_ms']:.2f} p95 {s['p95_ms']:.2f} "
                  f"p99 {s['p99_ms']:.2f} max {s['max_ms']:.2f} ms, ttff {s['ttff_s']:.2f} s, "
                  f"frames {s['n_frames']} stride {s.get('stride')} {s.get('skipped', '')}")
        return path


def save_rgb_png(path, rgb):
    """rgb: HxWx3 uint8, row 0 at the top. Written with zlib alone (the venv has no
    Pillow): 8-bit RGB, filter 0 on every row."""
    import struct
    import zlib
    rgb = np.ascontiguousarray(rgb[..., :3], dtype=np.uint8)
    h, w, _ = rgb.shape
    raw = np.hstack([np.zeros((h, 1), dtype=np.uint8), rgb.reshape(h, w * 3)]).tobytes()

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def xwd_png(win_id, path):
    """Grab an X window from the X server with xwd (what was actually presented) and
    save it as PNG. Handles 24/32-bit TrueColor ZPixmap."""
    import struct
    import subprocess
    raw = subprocess.run(["xwd", "-silent", "-id", str(int(win_id))], check=True,
                         capture_output=True).stdout
    h = struct.unpack(">25I", raw[:100])
    header_size, fmt, depth, w, hgt = h[0], h[2], h[3], h[4], h[5]
    byte_order, bpp, bpl = h[7], h[11], h[12]
    rmask, gmask, bmask, ncolors = h[14], h[15], h[16], h[19]
    if fmt != 2 or bpp != 32:
        raise RuntimeError(f"unsupported xwd format={fmt} bpp={bpp} depth={depth}")
    off = header_size + 12 * ncolors
    data = np.frombuffer(raw[off:off + bpl * hgt], dtype=np.uint8).reshape(hgt, bpl)[:, :w * 4]
    px = data.reshape(hgt, w, 4).copy().view("<u4" if byte_order == 0 else ">u4")[..., 0]

    def chan(mask):
        shift = (mask & -mask).bit_length() - 1
        return ((px & mask) >> shift).astype(np.uint8)
    rgb = np.dstack([chan(rmask), chan(gmask), chan(bmask)])
    save_rgb_png(path, rgb)
