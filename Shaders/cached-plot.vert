#version 330 core
// A quad over the plot rectangle, from gl_VertexID alone (no vertex buffer).
uniform vec4 u_plotRect;        // left, bottom, width, height in framebuffer pixels
uniform vec2 u_framebufferSize;

void main() {
    vec2 corner = vec2(gl_VertexID & 1, gl_VertexID >> 1);
    vec2 pixel = u_plotRect.xy + corner * u_plotRect.zw;
    gl_Position = vec4(pixel / u_framebufferSize * 2.0 - 1.0, 0.0, 1.0);
}
