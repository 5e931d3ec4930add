#version 330 core
// Shapes by signed distance (negative inside), antialiased over one pixel.
in vec2 v_pixel;
flat in vec4 v_geometry;
flat in vec4 v_params;
flat in vec4 v_fill;
flat in vec4 v_stroke;
out vec4 fragColor;

const float PI = 3.14159265358979;

float coverage(float distance) { return clamp(0.5 - distance, 0.0, 1.0); }

vec4 over(vec4 top, vec4 bottom) {
    float a = top.a + bottom.a * (1.0 - top.a);
    if (a <= 0.0) return vec4(0.0);
    return vec4((top.rgb * top.a + bottom.rgb * bottom.a * (1.0 - top.a)) / a, a);
}

void main() {
    int kind = int(v_params.x + 0.5);
    vec4 color;
    if (kind == SHAPE_CIRCLE) {
        float d = length(v_pixel - v_geometry.xy) - v_geometry.z;
        float strokeWidth = v_geometry.w;
        vec4 fill = vec4(v_fill.rgb, v_fill.a * coverage(d + strokeWidth));
        vec4 ring = vec4(v_stroke.rgb, v_stroke.a * (strokeWidth > 0.0 ? coverage(abs(d + strokeWidth * 0.5) - strokeWidth * 0.5) : 0.0));
        color = over(ring, fill);
    } else if (kind == SHAPE_WEDGE) {
        // The disc, cut to the angles: radians clockwise from 12 o'clock, y downward, so
        // the direction at angle a is (sin a, -cos a) and (cos a, sin a) points clockwise.
        vec2 p = v_pixel - v_geometry.xy;
        float d = length(p) - v_geometry.z;
        float start = v_params.y, end = v_params.z;
        float span = end - start;
        if (span < 2.0 * PI - 1e-5) {
            // Signed distances to the lines of the two edges, positive outside, each
            // moved out by the pixels the wedge reaches under a later one there.
            float outsideStart = -dot(p, vec2(cos(start), sin(start))) - v_geometry.w;
            float outsideEnd = dot(p, vec2(cos(end), sin(end))) - v_params.w;
            if (span <= PI) {
                // A convex wedge is where both half-planes meet; moved-out edges of a
                // narrow one would meet far behind the centre, so it stops a pixel past it.
                float middle = 0.5 * (start + end);
                float behind = -dot(p, vec2(sin(middle), -cos(middle))) - max(v_geometry.w, v_params.w);
                d = max(d, max(max(outsideStart, outsideEnd), behind));
            } else {
                // A wedge over half the disc is the union of the two half-planes.
                d = max(d, min(outsideStart, outsideEnd));
            }
        }
        color = vec4(v_fill.rgb, v_fill.a * coverage(d));
    } else if (kind == SHAPE_SEGMENT) {
        vec2 a = v_geometry.xy, b = v_geometry.zw;
        vec2 axis = b - a;
        float len = length(axis);
        vec2 dir = len > 0.0 ? axis / len : vec2(1.0, 0.0);
        vec2 rel = v_pixel - a;
        float along = dot(rel, dir);
        float across = abs(dot(rel, vec2(-dir.y, dir.x)));
        float d = max(across - v_params.y * 0.5, max(-along, along - len));
        float alpha = coverage(d);
        float period = v_params.z + v_params.w;
        if (period > 0.0 && v_params.w > 0.0) {
            float phase = mod(along, period);
            alpha *= clamp(v_params.z - phase + 0.5, 0.0, 1.0) * clamp(phase + 0.5, 0.0, 1.0);
        }
        color = vec4(v_fill.rgb, v_fill.a * alpha);
    } else {
        vec2 centre = (v_geometry.xy + v_geometry.zw) * 0.5;
        vec2 halfSize = (v_geometry.zw - v_geometry.xy) * 0.5;
        float r = min(v_params.y, min(halfSize.x, halfSize.y));
        vec2 q = abs(v_pixel - centre) - halfSize + vec2(r);
        float d = length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - r;
        // A rim of v_params.z pixels inside the edge, in the stroke colour, over the fill.
        float rim = v_params.z;
        vec4 fill = vec4(v_fill.rgb, v_fill.a * coverage(rim > 0.0 ? d + rim : d));
        vec4 ring = vec4(v_stroke.rgb, v_stroke.a * (rim > 0.0 ? coverage(abs(d + rim * 0.5) - rim * 0.5) : 0.0));
        color = over(ring, fill);
    }
    if (color.a <= 0.0) discard;
    fragColor = color;
}
