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

#include "segments.glsl"

// 1: a quad per segment; 8: a quad per group of eight.
uniform int u_segmentsPerQuad;
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
        vec4 kept = drawnSegment(segment, from, next, lo, hi);
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
