#version 330 core
// A texture stretched over the whole target with linear filtering (the benchmark's --scale).
uniform sampler2D u_texture;
uniform vec2 u_targetSize;
out vec4 fragColor;

void main() {
    fragColor = texture(u_texture, gl_FragCoord.xy / u_targetSize);
}
