#version 330 core
// Antialiasing from the distance to the centre line: full coverage inside the stroke,
// a one-pixel linear feather at its edges, so no MSAA is needed. The output is coverage
// alone, max-blended into a coverage texture that coverage.frag then paints in the
// series' colour; or, with u_intoAlpha, 1 - coverage × opacity, min-blended into the
// destination's alpha channel that paint.frag then paints through.
in float v_across;
uniform float u_halfWidth;
uniform bool u_intoAlpha;
uniform float u_opacity;
out vec4 fragColor;

void main() {
    float coverage = clamp(u_halfWidth + 0.5 - abs(v_across), 0.0, 1.0);
    fragColor = u_intoAlpha ? vec4(1.0 - coverage * u_opacity) : vec4(coverage);
}
