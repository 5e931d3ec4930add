// A block of a line series' points and its segments, shared by line.vert (capsules) and
// span-collect.frag (column spans): ShaderLibrary puts this file where a shader says
// `#include "segments.glsl"`.

// The block's points, 8 bytes each: offsets from the block's origin.
uniform samplerBuffer u_points;
// The texel of the block's first point, and the block's segment count.
uniform int u_first;
uniform int u_segmentCount;
// Where the block's origin lies in plot pixels (origin minus viewport minimum, times
// pixels per unit). Computed in Double on the CPU so large coordinates (Unix
// milliseconds, 1e300) stay precise: the buffer holds only small offsets from the
// block's origin.
uniform vec2 u_offset;
// Plot pixels per stored unit along x and y: pixels per data unit times the block's
// unit (1, or a power of two for data beyond ±2^100).
uniform vec2 u_pixelsPerUnit;

const vec4 farAway = vec4(NO_SEGMENT);

bool isGap(vec2 p) { return isnan(p.x) || isnan(p.y); }

// The block's point `index` in plot pixels.
vec2 point(int index) {
    return texelFetch(u_points, u_first + index).xy * u_pixelsPerUnit + u_offset;
}

// The part of a→b inside lo…hi, or farAway. Each cut point is computed from the end
// nearer to it (t from a, s = 1 − t from b, both from the box's edges), so an end a
// million pixels away does not cost the visible part its precision.
vec4 clipped(vec2 a, vec2 b, vec2 lo, vec2 hi) {
    if (all(greaterThanEqual(min(a, b), lo)) && all(lessThanEqual(max(a, b), hi))) return vec4(a, b);
    vec2 d = b - a;
    float t0 = 0.0, s0 = 1.0;  // entry: a + t0·d = b − s0·d
    float t1 = 1.0, s1 = 0.0;  // exit
    for (int axis = 0; axis < 2; ++axis) {
        if (d[axis] == 0.0) {
            if (a[axis] < lo[axis] || a[axis] > hi[axis]) return farAway;
            continue;
        }
        float tLo = (lo[axis] - a[axis]) / d[axis], sLo = (b[axis] - lo[axis]) / d[axis];
        float tHi = (hi[axis] - a[axis]) / d[axis], sHi = (b[axis] - hi[axis]) / d[axis];
        bool rising = d[axis] > 0.0;
        float tIn = rising ? tLo : tHi, sIn = rising ? sLo : sHi;
        float tOut = rising ? tHi : tLo, sOut = rising ? sHi : sLo;
        if (tIn > t0) { t0 = tIn; s0 = sIn; }
        if (tOut < t1) { t1 = tOut; s1 = sOut; }
    }
    if (t0 > t1) return farAway;
    vec2 from = t0 <= 0.5 ? a + t0 * d : b - s0 * d;
    vec2 to = t1 <= 0.5 ? a + t1 * d : b - s1 * d;
    return vec4(from, to);
}

// What segment `segment` (from point `from` to `next`, its following point) draws
// inside lo…hi: its clipped part, a dot for a point alone between gaps, or farAway.
vec4 drawnSegment(int segment, vec2 from, vec2 next, vec2 lo, vec2 hi) {
    if (!isGap(from) && !isGap(next)) return clipped(from, next, lo, hi);
    // A point with a gap on both sides (or a gap before the last one) has no segment:
    // it is drawn as a dot, a segment of no length.
    if (isGap(from) && !isGap(next) && (segment + 1 == u_segmentCount || isGap(point(segment + 2)))) {
        return clipped(next, next, lo, hi);
    }
    // The same for a first point followed by a gap (at a block's start, where the point
    // before is another block's, an extra round cap changes nothing).
    if (segment == 0 && !isGap(from) && isGap(next)) return clipped(from, from, lo, hi);
    return farAway;
}
