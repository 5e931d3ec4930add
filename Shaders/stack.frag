#version 330 core
// A stack's bar or area in its layer's colour: flat, so neighbouring bands meet exactly.
flat in vec4 v_color;
out vec4 fragColor;

void main() {
    fragColor = v_color;
}
