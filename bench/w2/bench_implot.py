#!/usr/bin/env python3
"""ImPlot (imgui-bundle: GLFW window, the native C++ ImGui OpenGL3 renderer, a manual
frame loop) on W1 or W2 (WORKLOAD-W2.md), drawn the way its users draw large data: ImPlot
has no decimation of its own, so user code slices each series to the visible x range
(searchsorted on the shared x) and decimates it with tsdownsample to 2x the plot width
before implot.plot_line: MinMaxLTTB for W1 (as in our W1 harness), NaNMinMaxLTTB for W2,
whose NaN (w2data.py: empty cells and a NaN row at each gap) must survive decimation.
ImPlot draws a NaN as missing data (its LineFlags skip_nan is off), so the lines break
there. y axis AutoFit|RangeFit: ImPlot refits y to all items' points inside the x range.
Line weight 2, one colour per series from ImPlot's default colormap.
Adapted from our workplace's W1 peer script.
"""
import ctypes
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import HEIGHT, WIDTH, FrameLoop, parse_args, xwd_png  # noqa: E402
from w2data import load  # noqa: E402

args = parse_args()
x, series, data_info = load(args.workload, args.n)

from imgui_bundle import imgui, implot  # noqa: E402
import glfw  # noqa: E402  (after imgui_bundle: same libglfw as the native backend)
import numpy as np  # noqa: E402
import OpenGL.GL as gl  # noqa: E402
from tsdownsample import MinMaxLTTBDownsampler, NaNMinMaxLTTBDownsampler  # noqa: E402

if not glfw.init():
    sys.exit("glfw.init failed")
glfw.window_hint(glfw.CONTEXT_VERSION_MAJOR, 3)
glfw.window_hint(glfw.CONTEXT_VERSION_MINOR, 3)
glfw.window_hint(glfw.OPENGL_PROFILE, glfw.OPENGL_CORE_PROFILE)
glfw.window_hint(glfw.RESIZABLE, False)
window = glfw.create_window(WIDTH, HEIGHT, "implot bench", None, None)
if not window:
    sys.exit("glfw.create_window failed")
glfw.make_context_current(window)
glfw.swap_interval(0)  # vsync off
fbw, fbh = glfw.get_framebuffer_size(window)

imgui.create_context()
implot.create_context()
io = imgui.get_io()
io.set_ini_filename(None)
imgui.style_colors_dark()
addr = ctypes.cast(window, ctypes.c_void_p).value
imgui.backends.glfw_init_for_opengl(addr, True)
imgui.backends.opengl3_init("#version 330")

spec = implot.Spec()
spec.line_weight = 2.0
y_flags = implot.AxisFlags_.auto_fit | implot.AxisFlags_.range_fit
win_flags = (imgui.WindowFlags_.no_decoration | imgui.WindowFlags_.no_move
             | imgui.WindowFlags_.no_saved_settings | imgui.WindowFlags_.no_bring_to_front_on_focus)
plot_flags = implot.Flags_.no_legend | implot.Flags_.no_menus | implot.Flags_.no_title
downsampler = MinMaxLTTBDownsampler() if args.workload == "w1" else NaNMinMaxLTTBDownsampler()
state = {"check": True}


def visible(lo, hi):
    """Each series sliced to the visible x range and decimated to 2x the plot width."""
    i0, i1 = np.searchsorted(x, [lo, hi])
    i0 = max(0, i0 - 1)
    i1 = min(len(x), i1 + 1)
    xs = x[i0:i1]
    n_out = 2 * fbw
    out = []
    for name, y in series:
        ys = y[i0:i1]
        if len(xs) > n_out:
            idx = downsampler.downsample(xs, ys, n_out=n_out, parallel=True)
            out.append((name, np.ascontiguousarray(xs[idx]), np.ascontiguousarray(ys[idx])))
        else:
            out.append((name, xs, ys))
    return out


def render_frame(lo, hi):
    glfw.poll_events()
    imgui.backends.opengl3_new_frame()
    imgui.backends.glfw_new_frame()
    imgui.new_frame()
    imgui.set_next_window_pos(imgui.ImVec2(0, 0))
    imgui.set_next_window_size(imgui.ImVec2(fbw, fbh))
    imgui.begin("plot", None, win_flags)
    if implot.begin_plot("##w2", imgui.ImVec2(-1, -1), plot_flags):
        implot.setup_axes("x", "y", 0, y_flags)
        implot.setup_axis_limits(implot.ImAxis_.x1, lo, hi, implot.Cond_.always)
        drawn = visible(lo, hi)
        for name, xs, ys in drawn:
            implot.plot_line(name, xs, ys, spec)
        if state["check"]:
            lim = implot.get_plot_limits()
            state["ylim"] = (lim.y.min, lim.y.max)
            state["ydata"] = (min(float(np.nanmin(ys)) for _, _, ys in drawn),
                              max(float(np.nanmax(ys)) for _, _, ys in drawn))
        implot.end_plot()
    imgui.end()
    imgui.render()
    gl.glViewport(0, 0, fbw, fbh)
    gl.glClearColor(0.1, 0.1, 0.1, 1.0)
    gl.glClear(gl.GL_COLOR_BUFFER_BIT)
    imgui.backends.opengl3_render_draw_data(imgui.get_draw_data())
    glfw.swap_buffers(window)
    gl.glFinish()


loop = FrameLoop("implot", f"{args.workload}_user_minmaxlttb", args.n, args.frames)
xwin = glfw.get_x11_window(window)


def ready():
    """ImPlot applies the y auto-fit one frame late: the first frame shows the default
    y range. Ready once the y limits cover the data."""
    (l0, l1), (d0, d1) = state["ylim"], state["ydata"]
    tol = 1e-6 * max(1.0, d1 - d0)
    ok = l0 <= d0 + tol and l1 >= d1 - tol
    if ok:
        state["check"] = False
    return ok


def screenshot(path):
    xwd_png(xwin, path)


loop.run(float(x[0]), float(x[-1]), render_frame, screenshot=screenshot, ready=ready)
loop.save(
    renderer=gl.glGetString(gl.GL_RENDERER).decode(),
    gl_version=gl.glGetString(gl.GL_VERSION).decode(),
    framebuffer=[fbw, fbh],
    library="imgui-bundle " + imgui.get_version() + " / implot " + implot.version,
    series=[n for n, _ in series], rows=len(x), nan_breaks_inserted=data_info["breaks"],
    yfit="auto (ImPlot AxisFlags AutoFit|RangeFit)",
    decimation=f"user code: searchsorted slice + tsdownsample {type(downsampler).__name__} to 2*width, per series",
    line_width_px=2,
)
imgui.backends.opengl3_shutdown()
imgui.backends.glfw_shutdown()
implot.destroy_context()
imgui.destroy_context()
glfw.terminate()
