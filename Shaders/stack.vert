#version 330 core
// A stack of series as bars or filled areas. The heights are computed here from the
// series' values, so a toggle's easing (the weights) and the view change uniforms only:
// for layer k, base = sum of w_j * y_j over the layers below, top = base + w_k * y_k
// (from zero when not stacked); as percentages, both divided by the weighted sum of all
// layers and scaled to 0...100. A NaN value is a missing one: 0 in a stack, no bar when
// not stacked.
//
// Bars: six vertices a quad, one quad per step and layer (drawn as triangles); the
// step's bar spans from halfway to the previous step's x to halfway to the next one's,
// so bars fill the x axis with neither gap nor overlap. Areas: a triangle strip for one
// layer (u_layer), two vertices a step, base then top.
//
// The steps are pulled by index from a buffer texture of one float per texel: each step
// is its x (an offset from the piece's origin, in the piece's units) then one y per series.

uniform samplerBuffer u_steps;
uniform int u_seriesCount;
// Steps the buffer holds, and the first one this draw starts at.
uniform int u_storedSteps;
uniform int u_firstStep;
uniform bool u_areas;
uniform int u_layer;
uniform bool u_stacked;
uniform bool u_percentage;
uniform float u_weights[MAX_STACK_SERIES];
uniform vec4 u_colors[MAX_STACK_SERIES];
// Bars: every step but u_highlight (a position in the buffer) is drawn at
// u_dimmedOpacity when u_dims is set.
uniform bool u_dims;
uniform int u_highlight;
uniform float u_dimmedOpacity;
// Half the width of a bar with no neighbour to measure it by (a lone step), stored units.
uniform float u_loneHalfWidth;
// Plot pixels of the piece's x origin and of y = 0, computed in Double on the CPU.
uniform float u_offsetX;
uniform float u_zeroY;
uniform vec2 u_pixelsPerUnit;
// The plot's rectangle in framebuffer pixels: left, bottom, width, height.
uniform vec4 u_plotRect;
uniform vec2 u_framebufferSize;
flat out vec4 v_color;

float stepX(int step) { return texelFetch(u_steps, step * (u_seriesCount + 1)).r; }

float rawValue(int step, int series) { return texelFetch(u_steps, step * (u_seriesCount + 1) + 1 + series).r; }

// The layer's base and top in data units (percent for a percentage stack).
vec2 heights(int step, int layer) {
    float below = 0.0, own = 0.0, total = 0.0;
    for (int j = 0; j < MAX_STACK_SERIES; ++j) {
        if (j >= u_seriesCount) break;
        float v = rawValue(step, j);
        float weighted = u_weights[j] * (isnan(v) ? 0.0 : v);
        if (j < layer) below += weighted;
        if (j == layer) own = weighted;
        total += weighted;
    }
    if (!u_stacked) below = 0.0;
    // Summed in the same order for every layer, so a layer's top and the next one's base
    // are the same float: bands meet without a gap or an overlap.
    vec2 span = vec2(below, below + own);
    if (u_percentage) span *= total > 0.0 ? 100.0 / total : 0.0;
    return span;
}

void emit(float x, float y, vec4 color) {
    vec2 plotPixel = vec2(u_offsetX + x * u_pixelsPerUnit.x, u_zeroY + y * u_pixelsPerUnit.y);
    gl_Position = vec4((u_plotRect.xy + plotPixel) / u_framebufferSize * 2.0 - 1.0, 0.0, 1.0);
    v_color = color;
}

void main() {
    if (u_areas) {
        int step = u_firstStep + gl_VertexID / 2;
        vec2 span = heights(step, u_layer);
        emit(stepX(step), gl_VertexID % 2 == 0 ? span.x : span.y, u_colors[u_layer]);
        return;
    }
    int quad = gl_VertexID / 6;
    int corner = gl_VertexID - quad * 6;
    int step = u_firstStep + quad / u_seriesCount;
    int layer = quad - (quad / u_seriesCount) * u_seriesCount;
    // Corners 0 1 2, 2 1 3 of the quad (left/right, base/top).
    bool right = corner == 1 || corner == 4 || corner == 5;
    bool top = corner == 2 || corner == 3 || corner == 5;
    if (!u_stacked && isnan(rawValue(step, layer))) {
        // A missing value of a bar not stacked: no bar. Collapse outside clip space.
        gl_Position = vec4(3.0, 3.0, 0.0, 1.0);
        v_color = vec4(0.0);
        return;
    }
    float x = stepX(step);
    // The first and last steps mirror their one neighbour.
    float previous = step > 0 ? stepX(step - 1) : (u_storedSteps > 1 ? 2.0 * x - stepX(step + 1) : x - 2.0 * u_loneHalfWidth);
    float next = step + 1 < u_storedSteps ? stepX(step + 1) : (u_storedSteps > 1 ? 2.0 * x - previous : x + 2.0 * u_loneHalfWidth);
    vec2 span = heights(step, layer);
    vec4 color = u_colors[layer];
    if (u_dims && step != u_highlight) color.a *= u_dimmedOpacity;
    emit(right ? 0.5 * (x + next) : 0.5 * (previous + x), top ? span.y : span.x, color);
}
