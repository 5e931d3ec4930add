#version 330 core
// The first pass of a dense line (ColumnSpans): one quad a block, over the span
// target's texels in the pixel columns of the block's x range and the series'
// SPAN_SUBCOLUMNS + 1 rows (its sub-columns, then the whole columns). Full rows of
// texels keep a software rasteriser's 4×4 blocks busy, where a quad per group of
// segments covered a texel or two of each.
//
// The x range is the block's first and last stored point, as span-collect.frag reads
// them: deep in a zoom, Float offsets from the block's origin round x by whole pixels,
// and a range from the exact x would leave a rounded stroke's column out.

#include "segments.glsl"

uniform float u_spanOrigin;
uniform float u_spanRow;
// The span target's size in texels.
uniform vec2 u_framebufferSize;
// The block's first and last x in plot pixels, for span-collect.frag's first guess.
flat out vec2 v_blockSpan;

void main() {
    // Drawn indexed, four vertices (two triangles, corners 0 1 2 and 2 1 3).
    int corner = gl_VertexID - (gl_VertexID / 4) * 4;
    v_blockSpan = vec2(point(0).x, point(u_segmentCount).x);
    // Whole texels, clamped to the target (far ends stay finite and off it).
    vec2 columns = clamp(floor(v_blockSpan + u_spanOrigin) + vec2(0.0, 1.0), 0.0, u_framebufferSize.x);
    bool atEnd = corner >= 2;
    bool top = corner == 1 || corner == 3;
    vec2 position = vec2(atEnd ? columns.y : columns.x, u_spanRow + (top ? float(SPAN_SUBCOLUMNS + 1) : 0.0));
    gl_Position = vec4(position / u_framebufferSize * 2.0 - 1.0, 0.0, 1.0);
}
