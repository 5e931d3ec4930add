#version 330 core
// Antialiasing from the distance to the centre line: full coverage inside the stroke,
// a one-pixel linear feather at its edges, so no MSAA is needed.
in float v_across;
uniform float u_halfWidth;
uniform vec4 u_color;
out vec4 fragColor;

void main() {
    float coverage = clamp(u_halfWidth + 0.5 - abs(v_across), 0.0, 1.0);
    fragColor = vec4(u_color.rgb, u_color.a * coverage);
}
