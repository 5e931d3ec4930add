#version 330 core
// Paints a series in its colour through the destination's alpha, which line.frag left
// at 1 - (most coverage × opacity) per pixel; the blend (1 - dst alpha, dst alpha) paints
// each pixel once, and the alpha written back is 1, ready for the next series.
uniform vec4 u_color;
out vec4 fragColor;

void main() {
    fragColor = vec4(u_color.rgb, 1.0);
}
