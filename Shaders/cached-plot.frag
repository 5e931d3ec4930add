#version 330 core
// Copies a cached, premultiplied picture of the plot one texel per pixel (the range
// selector's lines, drawn once and reused while nothing about them changes).
uniform sampler2D u_texture;
uniform vec2 u_origin;   // the plot's bottom-left corner in framebuffer pixels
out vec4 fragColor;

void main() {
    fragColor = texelFetch(u_texture, ivec2(gl_FragCoord.xy - u_origin), 0);
}
