#version 330 core
// Rectangles in framebuffer pixels from the bottom-left: the parts of the plot a line's
// strokes can reach, which its paint pass fills instead of the whole plot.
layout(location = 0) in vec2 a_position;
uniform vec2 u_framebufferSize;

void main() {
    gl_Position = vec4(a_position / u_framebufferSize * 2.0 - 1.0, 0.0, 1.0);
}
