#version 330 core
// The gradient's colour, interpolated from the mesh's vertices.
in vec3 v_color;
out vec4 fragColor;

void main() {
    fragColor = vec4(v_color, 1.0);
}
