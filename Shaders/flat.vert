#version 330 core
// Triangles in canvas pixels from the top-left, one colour per vertex (filled areas).
layout(location = 0) in vec2 a_position;
layout(location = 1) in vec4 a_color;
uniform vec2 u_canvasSize;
out vec4 v_color;

void main() {
    vec2 clip = a_position / u_canvasSize * 2.0 - 1.0;
    gl_Position = vec4(clip.x, -clip.y, 0.0, 1.0);
    v_color = a_color;
}
