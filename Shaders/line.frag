#version 330 core
// Antialiasing from the distance to the nearest of the quad's segments (capsules): full
// coverage inside the stroke, a one-pixel linear feather at its edges, so no MSAA is
// needed. The output is coverage alone, max-blended into a coverage texture that
// band-mask.frag then paints in the series' colour; or, with u_intoAlpha,
// 1 − coverage × opacity, min-blended into the destination's alpha channel that
// band-alpha.frag then paints through.
const int maxSegments = MAX_SEGMENTS_PER_QUAD;
flat in vec4 v_segments[maxSegments];
uniform vec4 u_plotRect;
uniform float u_halfWidth;
uniform bool u_intoAlpha;
uniform float u_opacity;
out vec4 fragColor;

float distanceToSegment(vec2 p, vec4 segment) {
    vec2 a = segment.xy;
    vec2 ab = segment.zw - a;
    vec2 ap = p - a;
    float lengthSquared = dot(ab, ab);
    float t = lengthSquared > 0.0 ? clamp(dot(ap, ab) / lengthSquared, 0.0, 1.0) : 0.0;
    return length(ap - ab * t);
}

void main() {
    vec2 p = gl_FragCoord.xy - u_plotRect.xy;
    float nearest = distanceToSegment(p, v_segments[0]);
    for (int k = 1; k < maxSegments; ++k) {
        // Flat per quad, so the whole batch takes the same branch: unused slots are free.
        if (IS_SEGMENT(v_segments[k].x)) nearest = min(nearest, distanceToSegment(p, v_segments[k]));
    }
    float coverage = clamp(u_halfWidth + 0.5 - nearest, 0.0, 1.0);
    fragColor = u_intoAlpha ? vec4(1.0 - coverage * u_opacity) : vec4(coverage);
}
