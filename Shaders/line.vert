#version 330 core
// A line series, drawn as quads that each cover one segment or a group of them. The
// fragment shader measures each pixel's distance to the quad's segments (capsules), and
// coverage is max-blended where quads overlap, so joins are round and a pixel's
// coverage depends only on its distance to the polyline, however many segments pass it:
// a line drawn from fewer points that keeps the extremes lands on the same pixels.
//
// Two shapes of quad. Sparse data: one segment per quad, oriented along it, so a long
// diagonal costs only its own pixels. Dense data (several points per pixel column): the
// bounding box of eight consecutive segments, which overlap anyway, so a software
// rasteriser sets up an eighth of the triangles and shades each pixel of the group once.
//
// The points are pulled from a buffer texture by index rather than fed as instanced
// attributes: a block is one plain draw, which a software rasteriser shades in wide
// batches (instancing ran the vertex stage once per segment).

// The block's points, 8 bytes each: offsets from the block's origin.
uniform samplerBuffer u_points;
// The texel of the block's first point, and the block's segment count.
uniform int u_first;
uniform int u_segmentCount;
// 1: a quad per segment; 8: a quad per group of eight.
uniform int u_segmentsPerQuad;
// Where the block's origin lies in plot pixels (origin minus viewport minimum, times
// pixels per unit). Computed in Double on the CPU so large coordinates (Unix
// milliseconds, 1e300) stay precise: the buffer holds only small offsets from the
// block's origin.
uniform vec2 u_offset;
// Plot pixels per stored unit along x and y: pixels per data unit times the block's
// unit (1, or a power of two for data beyond ±2^100).
uniform vec2 u_pixelsPerUnit;
// The plot's rectangle in framebuffer pixels: left, bottom, width, height.
uniform vec4 u_plotRect;
uniform vec2 u_framebufferSize;
// Half the stroke width plus the antialiasing feather, pixels.
uniform float u_extrusion;

// The most segments one quad covers (LineRenderer's dense groups).
const int maxSegments = MAX_SEGMENTS_PER_QUAD;
// The quad's segments in plot pixels, clipped to the plot grown by the extrusion:
// (from.x, from.y, to.x, to.y). Unused slots hold a segment far outside.
flat out vec4 v_segments[maxSegments];

const vec4 farAway = vec4(NO_SEGMENT);

bool isGap(vec2 p) { return isnan(p.x) || isnan(p.y); }

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

void main() {
    // Drawn indexed, four vertices a quad (two triangles, corners 0 1 2 and 2 1 3), so
    // each corner is shaded once.
    int quad = gl_VertexID / 4;
    int corner = gl_VertexID - quad * 4;
    vec2 lo = vec2(-u_extrusion);
    vec2 hi = u_plotRect.zw + u_extrusion;

    int firstSegment = quad * u_segmentsPerQuad;
    vec2 boxMin = vec2(1e30), boxMax = vec2(-1e30);
    vec2 next = point(firstSegment);
    for (int k = 0; k < maxSegments; ++k) {
        v_segments[k] = farAway;
        int segment = firstSegment + k;
        if (k >= u_segmentsPerQuad || segment >= u_segmentCount) continue;
        vec2 from = next;
        next = point(segment + 1);
        vec4 kept;
        if (!isGap(from) && !isGap(next)) {
            kept = clipped(from, next, lo, hi);
        } else if (isGap(from) && !isGap(next)
                   && (segment + 1 == u_segmentCount || isGap(point(segment + 2)))) {
            // A point with a gap on both sides (or a gap before the last one) has no
            // segment: it is drawn as a dot, a segment of no length.
            kept = clipped(next, next, lo, hi);
        } else if (segment == 0 && !isGap(from) && isGap(next)) {
            // The same for a first point followed by a gap (at a block's start, where
            // the point before is another block's, an extra round cap changes nothing).
            kept = clipped(from, from, lo, hi);
        } else {
            continue;
        }
        if (kept == farAway) continue;
        v_segments[k] = kept;
        boxMin = min(boxMin, min(kept.xy, kept.zw));
        boxMax = max(boxMax, max(kept.xy, kept.zw));
    }
    if (boxMin.x > boxMax.x) {
        // Nothing to draw: collapse the quad outside clip space.
        gl_Position = vec4(3.0, 3.0, 0.0, 1.0);
        return;
    }

    vec2 position;
    bool atEnd = corner >= 2;
    float side = (corner == 0 || corner == 2) ? -1.0 : 1.0;
    if (u_segmentsPerQuad == 1) {
        // Along the segment, grown by the extrusion on every side. The direction is taken
        // in pixels, after the viewport's scaling (the perpendicular with the scales
        // swapped): the only space where "constant width" means anything.
        vec2 from = v_segments[0].xy, to = v_segments[0].zw;
        vec2 d = to - from;
        float len = length(d);
        vec2 along = len > 1e-3 ? d / len : vec2(1.0, 0.0);
        vec2 across = vec2(-along.y, along.x);
        position = (atEnd ? to : from) + (atEnd ? 1.0 : -1.0) * along * u_extrusion + side * across * u_extrusion;
    } else {
        position = vec2(atEnd ? boxMax.x + u_extrusion : boxMin.x - u_extrusion,
                        side > 0.0 ? boxMax.y + u_extrusion : boxMin.y - u_extrusion);
    }
    vec2 framebufferPixel = u_plotRect.xy + position;
    gl_Position = vec4(framebufferPixel / u_framebufferSize * 2.0 - 1.0, 0.0, 1.0);
}
