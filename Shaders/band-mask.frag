#version 330 core
// Paints a series in its colour through the coverage its segments left, one texel per
// pixel, so a pixel several segments touch is painted once, as densely as the most
// covering segment and not darker for the overlap.
uniform sampler2D u_coverage;
uniform vec4 u_color;
out vec4 fragColor;

void main() {
    float coverage = texelFetch(u_coverage, ivec2(gl_FragCoord.xy), 0).r;
    fragColor = vec4(u_color.rgb, u_color.a * coverage);
}
