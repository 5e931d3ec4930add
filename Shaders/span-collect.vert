#version 330 core
// The first pass of a dense line (ColumnSpans): one quad a block, over the span
// target's texels in the pixel columns of the block's x range (u_columns, from the CPU)
// and the series' SPAN_SUBCOLUMNS + 1 rows (its sub-columns, then the whole columns).
// Full rows of texels keep a software rasteriser's 4×4 blocks busy, where a quad per
// group of segments covered a texel or two of each.

// The texel columns the block covers: first, and one past the last.
uniform vec2 u_columns;
uniform float u_spanRow;
// The span target's size in texels.
uniform vec2 u_framebufferSize;

void main() {
    // Drawn indexed, four vertices (two triangles, corners 0 1 2 and 2 1 3).
    int corner = gl_VertexID - (gl_VertexID / 4) * 4;
    bool atEnd = corner >= 2;
    bool top = corner == 1 || corner == 3;
    vec2 position = vec2(atEnd ? u_columns.y : u_columns.x, u_spanRow + (top ? float(SPAN_SUBCOLUMNS + 1) : 0.0));
    gl_Position = vec4(position / u_framebufferSize * 2.0 - 1.0, 0.0, 1.0);
}
