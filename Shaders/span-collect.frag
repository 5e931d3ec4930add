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
// A texel keeps two extents, (highest, −lowest) of the even blocks in view in .xy and of
// the odd ones in .zw (u_channel), so the pieces on either side of a break, which end
// and start neighbouring blocks (PiecePreparation cuts blocks at gaps), are never
// joined in one extent; the segments next to a gap are not drawn (drawnSegment).
//
// The texel finds its first segment by a search on x (ascending through a block) that
// starts where the block's points would be if evenly spread, gallops outward and ends in
// a binary search, then walks on while segments start inside it: each segment is read
// by the sub-columns it crosses and by its whole columns. Evenly spaced x (most time
// series) is found in a read or two; the worst spacing costs twice a binary search.

#include "segments.glsl"

uniform float u_plotHeight;
uniform float u_extrusion;
uniform float u_spanOrigin;
uniform float u_spanRow;
// Which of the texel's extents the block's segments go into: 0 (.xy) or 1 (.zw).
uniform int u_channel;
// The block's first and last x in plot pixels, for the search's first guess.
flat in vec2 v_blockSpan;
out vec4 fragSpan;

// Whether segment `segment` ends before x (its end is left of it).
bool endsBefore(int segment, float x) { return point(segment + 1).x < x; }

// The first segment whose end reaches x: the segments ending before x are a prefix.
int firstReaching(float x) {
    int count = u_segmentCount;
    float width = v_blockSpan.y - v_blockSpan.x;
    int guess = width > 0.0 ? int(clamp((x - v_blockSpan.x) / width * float(count), 0.0, float(count - 1))) : 0;
    // Bracket the answer in low…high (high reaches x, or is the count), doubling steps.
    int low, high;
    if (endsBefore(guess, x)) {
        low = guess + 1;
        int step = 1;
        high = min(low + step, count);
        while (high < count && endsBefore(high, x)) {
            low = high + 1;
            step *= 2;
            high = min(low + step, count);
        }
    } else {
        high = guess;
        int step = 1;
        low = max(high - step, 0);
        while (low > 0 && !endsBefore(low, x)) {
            high = low;
            step *= 2;
            low = max(high - step, 0);
        }
    }
    while (low < high) {
        int middle = (low + high) / 2;
        if (endsBefore(middle, x)) low = middle + 1; else high = middle;
    }
    return low;
}

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
    int first = firstReaching(x0);
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
    const float none = -1e30;
    fragSpan = u_channel == 0 ? vec4(high, -low, none, none) : vec4(none, none, high, -low);
}
