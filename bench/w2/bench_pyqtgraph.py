#!/usr/bin/env python3
"""pyqtgraph + PyQt6 on W1 or W2 (WORKLOAD-W2.md), drawn the way its users draw large
data: one PlotDataItem per series (pen width 2, antialias off, pyqtgraph's default
QPainter raster; no OpenGL), setDownsampling(auto=True, mode='peak') + setClipToView(True)
(pyqtgraph's recommended large-data settings), connect='finite' so NaN breaks the line
(w2data.py marks W2's gaps with NaN). y: enableAutoRange('y') + setAutoVisible(y=True),
pyqtgraph refits y to all items' data inside the visible x range.
Per frame: setXRange(lo, hi, padding=0); widget.repaint() (synchronous paint into the
backing store + flush); processEvents(); then a 1x1 grab of the window from the X server
(a round trip, so the server has the frame). Adapted from our workplace's W1 peer script.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import HEIGHT, WIDTH, FrameLoop, parse_args, xwd_png  # noqa: E402
from w2data import load  # noqa: E402

args = parse_args()
x, series, data_info = load(args.workload, args.n)

os.environ.setdefault("QT_QPA_PLATFORM", "xcb")
import pyqtgraph as pg  # noqa: E402
from pyqtgraph.Qt import QtCore  # noqa: E402

COLORS = [(90, 150, 255), (255, 140, 60), (80, 200, 120), (220, 90, 200)]
app = pg.mkQApp()
pw = pg.PlotWidget()
pw.resize(WIDTH, HEIGHT)
pw.setWindowTitle("pyqtgraph bench")
for k, (name, y) in enumerate(series):
    pw.plot(x, y, pen=pg.mkPen(color=COLORS[k % len(COLORS)], width=2), connect="finite", name=name)
pw.setDownsampling(auto=True, mode="peak")
pw.setClipToView(True)
pw.setMouseEnabled(x=False, y=False)
pw.enableAutoRange(axis="y")
pw.setAutoVisible(y=True)
pw.show()
app.processEvents()
screen = pw.screen()


def render_frame(lo, hi):
    pw.setXRange(lo, hi, padding=0)
    pw.repaint()
    app.processEvents()
    screen.grabWindow(pw.winId(), 0, 0, 1, 1)  # X round trip


def screenshot(path):
    xwd_png(int(pw.winId()), path)  # what the X server shows, no re-render


loop = FrameLoop("pyqtgraph", f"{args.workload}_ds_clip", args.n, args.frames)
loop.run(float(x[0]), float(x[-1]), render_frame, screenshot=screenshot)
loop.save(
    renderer="QPainter raster (CPU); Qt platform " + app.platformName(),
    framebuffer=[pw.width(), pw.height()],
    library=f"pyqtgraph {pg.__version__}, Qt {QtCore.qVersion()} (PyQt6)",
    series=[n for n, _ in series], rows=len(x), nan_breaks_inserted=data_info["breaks"],
    yfit="auto (enableAutoRange y + setAutoVisible y)",
    decimation="setDownsampling(auto=True, mode='peak') + setClipToView(True); connect='finite'",
    line_width_px=2,
)
pw.close()
