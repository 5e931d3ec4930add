#version 330 core
// The second pass of a dense line (ColumnSpans): each pixel's coverage from its
// distance to the nearest sub-column extent that span-collect.frag left (a vertical
// segment at the sub-column's centre), with line.frag's ramp, painted straight over the
// target in the series' colour. A pixel is shaded once, however many segments pass it.
//
// A texel holds two extents (span-collect.frag: the even and the odd blocks in view), so
// the pieces on either side of a break are measured apart; a pixel's distance is to the
// nearer.
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
// SPAN_SUBCOLUMNS, as a uniform so the loop over a column's sub-columns is not unrolled:
// a software rasteriser runs every step of an unrolled loop for its whole block of
// pixels, where a loop stops once no pixel of the block needs it (the Denver file's
// frames took 14% less CPU).
uniform int u_subcolumns;
// The plot's left and bottom edges in framebuffer pixels.
uniform vec2 u_plotOrigin;
uniform float u_halfWidth;
uniform vec4 u_color;
out vec4 fragColor;

const int perPixel = SPAN_SUBCOLUMNS;
// A vertical distance no pixel is within reach of (its square stays finite).
const float outOfReach = 1e15;

// The two (top, bottom) extents of texel (column, row); top < bottom where one is empty.
vec4 extents(int column, int row) {
    vec4 span = texelFetch(u_spans, ivec2(column, row), 0);
    return vec4(span.x, -span.y, span.z, -span.w);
}

// The vertical distance from y to extent e (top, bottom): 0 inside it.
float verticalDistance(vec2 e, float y) {
    return e.x < e.y ? outOfReach : max(max(e.y - y, y - e.x), 0.0);
}

// The vertical distance from y to the nearer of a texel's two extents.
float verticalDistance(vec4 e, float y) {
    return min(verticalDistance(e.xy, y), verticalDistance(e.zw, y));
}

// `nearest` (a squared distance) lowered to that of p's nearest extent in `column`,
// whose whole extents are `bounds`, if any is nearer; a column out of reach reads no more.
float nearestIn(int column, vec4 bounds, vec2 p, float x, int row, float nearest) {
    float dx = max(abs(x - (float(column) + 0.5)) - 0.5, 0.0);
    float dy = verticalDistance(bounds, p.y);
    if (dx * dx + dy * dy >= nearest) return nearest;
    for (int s = 0; s < u_subcolumns; ++s) {
        float sx = x - (float(column) + (float(s) + 0.5) / float(perPixel));
        if (sx * sx >= nearest) continue;
        float sy = verticalDistance(extents(column, row + s), p.y);
        nearest = min(nearest, sx * sx + sy * sy);
    }
    return nearest;
}

// Whether y is inside one of the extents e.
bool inside(vec4 e, float y) {
    return (y >= e.y && y <= e.x) || (y >= e.w && y <= e.z);
}

void main() {
    vec2 p = gl_FragCoord.xy - u_plotOrigin;
    float reach = u_halfWidth + 0.5;
    int row = int(u_spanRow);
    // p in span texels: its own column, and its x from the target's left edge.
    float x = p.x + u_spanOrigin;
    int own = int(floor(x));
    vec4 whole = extents(own, row + perPixel);
    if (u_halfWidth >= 1.0 && inside(whole, p.y)) {
        fragColor = vec4(u_color.rgb, u_color.a);
        return;
    }
    // Its own column first (most often the nearest, so the others are cut sooner), then
    // those whose nearest x is within reach: x − reach − 1 < column < x + reach.
    float nearest = nearestIn(own, whole, p, x, row, reach * reach);
    int first = max(int(floor(x - reach)), 0);
    int last = min(int(ceil(x + reach)) - 1, int(u_spanWidth) - 1);
    for (int column = first; column <= last; ++column) {
        if (column != own) nearest = nearestIn(column, extents(column, row + perPixel), p, x, row, nearest);
    }
    float coverage = clamp(u_halfWidth + 0.5 - sqrt(nearest), 0.0, 1.0);
    fragColor = vec4(u_color.rgb, u_color.a * coverage);
}
