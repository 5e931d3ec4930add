#version 330 core
// The first pass of a dense line (ColumnSpans): each texel of the span target is one
// sub-column (1/SPAN_SUBCOLUMNS of a plot pixel column; the row after a line's
// sub-columns holds whole columns) and gets the y extent of the block's segments inside
// it, max-blended as (highest y, −lowest y). A polyline with ascending x is connected
// inside a sub-column, so it reaches every y of that extent there: the extent, as a
// vertical segment at the sub-column's centre, is within half a sub-column of the line
// everywhere, and span.frag's coverage from it within that of the capsules line.frag
// measures.
//
// Lines with a gap in a visible block are drawn as capsules (ColumnSpans.suit): a gap
// inside a texel would join the pieces on either side in its extent.
//
// The texel finds its first segment by binary search on x (ascending through a block,
// about 14 reads) and walks on while segments start inside it: each segment is read by
// the sub-columns it crosses and by its whole columns. At the few segments a column
// where spans start to pay, the searches are most of the pass's reads; at W1's 32 a
// column, the walks.

#include "segments.glsl"

uniform float u_plotHeight;
uniform float u_extrusion;
uniform float u_spanOrigin;
uniform float u_spanRow;
out vec2 fragSpan;

void main() {
    float column = floor(gl_FragCoord.x) - u_spanOrigin;
    float sub = floor(gl_FragCoord.y) - u_spanRow;
    bool whole = sub >= float(SPAN_SUBCOLUMNS);
    float x0 = whole ? column : column + sub / float(SPAN_SUBCOLUMNS);
    float x1 = x0 + (whole ? 1.0 : 1.0 / float(SPAN_SUBCOLUMNS));
    // The texel's columns, and the plot's height grown by the stroke's reach (as
    // line.vert clips).
    vec2 lo = vec2(x0, -u_extrusion);
    vec2 hi = vec2(x1, u_plotHeight + u_extrusion);
    // The first segment whose end reaches x0.
    int first = 0, past = u_segmentCount;
    while (first < past) {
        int middle = (first + past) / 2;
        if (point(middle + 1).x < x0) first = middle + 1; else past = middle;
    }
    float low = 1e30, high = -1e30;
    vec2 from = point(first);
    for (int segment = first; segment < u_segmentCount && !(from.x > x1); ++segment) {
        vec2 next = point(segment + 1);
        vec4 kept = drawnSegment(segment, from, next, lo, hi);
        from = next;
        if (kept == farAway) continue;
        low = min(low, min(kept.y, kept.w));
        high = max(high, max(kept.y, kept.w));
    }
    if (high < low) discard;
    fragSpan = vec2(high, -low);
}
