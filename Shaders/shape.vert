#version 330 core
// One instance per shape (rect, circle, segment, wedge): a quad over its bounding box
// plus a pixel of antialiasing, in canvas pixels from the top-left.
layout(location = 0) in vec4 a_geometry;   // rect: min, max; circle: centre, radius, stroke width; segment: from, to;
                                           // wedge: centre, radius, pixels past the start edge
layout(location = 1) in vec4 a_params;     // x: kind (SHAPE_RECT, SHAPE_CIRCLE, SHAPE_SEGMENT, SHAPE_WEDGE);
                                           // y: corner radius or width; z, w: dash on, off (rect: z, the rim's width);
                                           // wedge: y, z: start, end angle; w: pixels past the end edge
layout(location = 2) in vec4 a_fill;
layout(location = 3) in vec4 a_stroke;

uniform vec2 u_canvasSize;

out vec2 v_pixel;
flat out vec4 v_geometry;
flat out vec4 v_params;
flat out vec4 v_fill;
flat out vec4 v_stroke;

void main() {
    vec2 corner = vec2(gl_VertexID & 1, gl_VertexID >> 1);
    int kind = int(a_params.x + 0.5);
    vec2 lo, hi;
    if (kind == SHAPE_CIRCLE || kind == SHAPE_WEDGE) {
        lo = a_geometry.xy - vec2(a_geometry.z);
        hi = a_geometry.xy + vec2(a_geometry.z);
    } else if (kind == SHAPE_SEGMENT) {
        float halfWidth = a_params.y * 0.5;
        lo = min(a_geometry.xy, a_geometry.zw) - vec2(halfWidth);
        hi = max(a_geometry.xy, a_geometry.zw) + vec2(halfWidth);
    } else {
        lo = a_geometry.xy;
        hi = a_geometry.zw;
    }
    lo -= vec2(1.0);
    hi += vec2(1.0);
    vec2 pixel = mix(lo, hi, corner);
    v_pixel = pixel;
    v_geometry = a_geometry;
    v_params = a_params;
    v_fill = a_fill;
    v_stroke = a_stroke;
    vec2 clip = pixel / u_canvasSize * 2.0 - 1.0;
    gl_Position = vec4(clip.x, -clip.y, 0.0, 1.0);
}
