#version 330 core
// The atlas holds FreeType's 8-bit coverage; glyphs sit on whole pixels, one texel per
// pixel, so text stays as crisp as FreeType rendered it.
uniform sampler2D u_atlas;
in vec2 v_texel;
in vec4 v_color;
out vec4 fragColor;

void main() {
    float coverage = texelFetch(u_atlas, ivec2(v_texel), 0).r;
    if (coverage <= 0.0) discard;
    fragColor = vec4(v_color.rgb, v_color.a * coverage);
}
