#version 330 core
// The second pass of a dense line (ColumnSpans): each pixel's coverage from its
// distance to the nearest sub-column extent that span-collect.frag left (a vertical
// segment at the sub-column's centre), with line.frag's ramp, painted straight over the
// target in the series' colour. A pixel is shaded once, however many segments pass it.
//
// Most pixels are settled by the columns' whole extents (a line's row SPAN_SUBCOLUMNS):
// one inside its own column's extent is within half a pixel of the line (the line
// reaches every height of that extent inside the column), and a column whose extent is
// out of reach holds nothing nearer; only the columns that could hold the nearest point
// are read sub-column by sub-column.
uniform sampler2D u_spans;
uniform float u_spanOrigin;
uniform float u_spanRow;
// The span target's width in texels.
uniform float u_spanWidth;
// The plot's left and bottom edges in framebuffer pixels.
uniform vec2 u_plotOrigin;
uniform float u_halfWidth;
uniform vec4 u_color;
out vec4 fragColor;

const int perPixel = SPAN_SUBCOLUMNS;

// The (top, bottom) of texel (column, row); top < bottom when it holds nothing.
vec2 extent(int column, int row) {
    vec2 span = texelFetch(u_spans, ivec2(column, row), 0).xy;
    return vec2(span.x, -span.y);
}

// `nearest` (a squared distance) lowered to that of p's nearest extent in `column`,
// whose whole extent is `bounds`, if any is nearer; a column out of reach reads no more.
float nearestIn(int column, vec2 bounds, vec2 p, float x, int row, float nearest) {
    if (bounds.x < bounds.y) return nearest;
    float dx = max(abs(x - (float(column) + 0.5)) - 0.5, 0.0);
    float dy = max(max(bounds.y - p.y, p.y - bounds.x), 0.0);
    if (dx * dx + dy * dy >= nearest) return nearest;
    for (int s = 0; s < perPixel; ++s) {
        float sx = x - (float(column) + (float(s) + 0.5) / float(perPixel));
        if (sx * sx >= nearest) continue;
        vec2 span = extent(column, row + s);
        if (span.x < span.y) continue;
        float sy = max(max(span.y - p.y, p.y - span.x), 0.0);
        nearest = min(nearest, sx * sx + sy * sy);
    }
    return nearest;
}

void main() {
    vec2 p = gl_FragCoord.xy - u_plotOrigin;
    float reach = u_halfWidth + 0.5;
    int row = int(u_spanRow);
    // p in span texels: its own column, and its x from the target's left edge.
    float x = p.x + u_spanOrigin;
    int own = int(floor(x));
    vec2 whole = extent(own, row + perPixel);
    if (u_halfWidth >= 1.0 && p.y >= whole.y && p.y <= whole.x) {
        fragColor = vec4(u_color.rgb, u_color.a);
        return;
    }
    // Its own column first (most often the nearest, so the others are cut sooner), then
    // those whose nearest x is within reach: x − reach − 1 < column < x + reach.
    float nearest = nearestIn(own, whole, p, x, row, reach * reach);
    int first = max(int(floor(x - reach)), 0);
    int last = min(int(ceil(x + reach)) - 1, int(u_spanWidth) - 1);
    for (int column = first; column <= last; ++column) {
        if (column != own) nearest = nearestIn(column, extent(column, row + perPixel), p, x, row, nearest);
    }
    float coverage = clamp(u_halfWidth + 0.5 - sqrt(nearest), 0.0, 1.0);
    fragColor = vec4(u_color.rgb, u_color.a * coverage);
}
