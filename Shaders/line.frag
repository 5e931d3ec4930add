#version 330 core
// Antialiasing from the distance to the centre line: full coverage inside the stroke,
// a one-pixel linear feather at its edges, so no MSAA is needed. The output is coverage
// alone, max-blended into a coverage texture that coverage.frag then paints in the
// series' colour.
in float v_across;
uniform float u_halfWidth;
out vec4 fragColor;

void main() {
    fragColor = vec4(clamp(u_halfWidth + 0.5 - abs(v_across), 0.0, 1.0));
}
