#version 330 core
// A line series drawn as one instance per segment p1→p2: a five-vertex strip (a quad
// plus an optional bevel triangle at p2). p0 and p3 are the neighbours that shape the
// joins; all four come from the same buffer at offsets of one point, so a point costs
// 8 bytes of GPU memory.
layout(location = 0) in vec2 a_p0;
layout(location = 1) in vec2 a_p1;
layout(location = 2) in vec2 a_p2;
layout(location = 3) in vec2 a_p3;

// Block origin minus viewport minimum, data units. Subtracted in Double on the CPU so
// large coordinates (Unix milliseconds) stay precise: the buffer holds only small
// offsets from the block's origin.
uniform vec2 u_offset;
// Plot pixels per data unit along x and y.
uniform vec2 u_pixelsPerUnit;
// The plot's rectangle in framebuffer pixels: left, bottom, width, height.
uniform vec4 u_plotRect;
uniform vec2 u_framebufferSize;
// Half the stroke width plus the antialiasing feather, pixels.
uniform float u_extrusion;
// Longest miter allowed, as a multiple of the extrusion; longer joins are bevelled.
uniform float u_miterLimit;

out float v_across;

bool isGap(vec2 p) { return isnan(p.x) || isnan(p.y); }

// The perpendicular of a segment after the viewport scaling, in pixels. The
// perpendicular of d is (-d.y, d.x); scaling points by (sx, sy) turns it into
// (-d.y * sy, d.x * sx): the original perpendicular with the scales swapped. Pixels
// are the only space where "constant width" means anything, whatever the aspect.
vec2 pixelPerpendicular(vec2 from, vec2 to) {
    vec2 d = to - from;
    return vec2(-d.y, d.x) * u_pixelsPerUnit.yx;
}

// The unit normal of the neighbouring segment, or `fallback` where there is none
// (a series end, a gap, or two points on the same pixel).
vec2 neighbourNormal(vec2 from, vec2 to, vec2 fallback) {
    if (isGap(from) || isGap(to)) return fallback;
    vec2 n = pixelPerpendicular(from, to);
    float len = length(n);
    return len > 1e-6 ? n / len : fallback;
}

// Offset of a join vertex on the +normal side: the miter of the two normals, or the
// segment's own normal (a bevel) when the miter would exceed the limit.
vec2 joinOffset(vec2 segmentNormal, vec2 otherNormal, out bool bevelled) {
    vec2 sum = segmentNormal + otherNormal;
    float sumLength = length(sum);
    if (sumLength > 1e-6) {
        vec2 miter = sum / sumLength;
        float cosHalf = dot(miter, segmentNormal);
        // Written as a product: near a 180° turn cosHalf rounds to zero or below, and
        // its reciprocal would pass a "<= limit" test as a huge negative miter.
        if (cosHalf * u_miterLimit >= 1.0) {
            bevelled = false;
            return miter * (u_extrusion / cosHalf);
        }
    }
    bevelled = true;
    return segmentNormal * u_extrusion;
}

void main() {
    vec2 outside = vec2(3.0);
    vec2 n = pixelPerpendicular(a_p1, a_p2);
    float len = length(n);
    if (isGap(a_p1) || isGap(a_p2) || len < 1e-6) {
        // Nothing to draw: collapse the instance outside clip space.
        gl_Position = vec4(outside, 0.0, 1.0);
        v_across = 0.0;
        return;
    }
    n /= len;
    vec2 nPrev = neighbourNormal(a_p0, a_p1, n);
    vec2 nNext = neighbourNormal(a_p2, a_p3, n);

    int corner = gl_VertexID;
    bool atEnd = corner >= 2;
    vec2 anchor = atEnd ? a_p2 : a_p1;
    vec2 pixel = (anchor + u_offset) * u_pixelsPerUnit;
    bool bevelled;
    vec2 offset = joinOffset(n, atEnd ? nNext : nPrev, bevelled);
    float side = (corner == 0 || corner == 2) ? -1.0 : 1.0;
    vec2 position = pixel + side * offset;
    v_across = side * u_extrusion;
    if (corner == 4) {
        // The bevel triangle fills the outer corner of a bevelled join at p2; on a
        // mitred join it collapses onto corner 3.
        vec2 d = a_p2 - a_p1;
        vec2 dNext = a_p3 - a_p2;
        float turn = d.x * u_pixelsPerUnit.x * dNext.y * u_pixelsPerUnit.y
                   - d.y * u_pixelsPerUnit.y * dNext.x * u_pixelsPerUnit.x;
        float outer = turn > 0.0 ? -1.0 : 1.0;
        position = bevelled ? pixel + outer * nNext * u_extrusion : pixel + offset;
        v_across = bevelled ? outer * u_extrusion : u_extrusion;
    }
    vec2 framebufferPixel = u_plotRect.xy + position;
    gl_Position = vec4(framebufferPixel / u_framebufferSize * 2.0 - 1.0, 0.0, 1.0);
}
