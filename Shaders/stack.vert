#version 330 core
// A stack of series as bars or filled areas. The heights are computed here from the
// series' values, so a toggle's easing (the weights) and the view change uniforms only.
// Stacks diverge (as Highcharts' and Excel's do): for layer k with weighted value
// w_k * y_k, a positive value stands on the sum of the positive weighted values of the
// layers below, a negative one hangs from the sum of their negative ones (from zero
// when not stacked). As percentages, negative values count as 0 (a share of a whole is
// not negative) and both ends are divided by the weighted sum of all layers and scaled
// to 0...100. A NaN value is a missing one: 0 in a stack, no bar when not stacked.
//
// Bars: six vertices a quad, one quad per step and layer (drawn as triangles); the
// step's bar spans from halfway to the previous step's x to halfway to the next one's,
// so bars fill the x axis with neither gap nor overlap. Areas: a triangle strip for one
// layer (u_layer), two vertices a step, base then top.
//
// The steps are pulled by index from a buffer texture of one float per texel: each step
// is its x (an offset from the piece's origin, in the piece's x unit) then one y per
// series (in the piece's y unit, one for all series so the sums agree).

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
// Half the width of a bar with no neighbour at another x to measure it by, stored units.
uniform float u_loneHalfWidth;
// Plot pixels of the piece's x origin and of y = 0, computed in Double on the CPU.
uniform float u_offsetX;
uniform float u_zeroY;
// Plot pixels per stored unit (per percent for percentages), computed in Double on the
// CPU with the piece's units.
uniform vec2 u_pixelsPerUnit;
// The plot's rectangle in framebuffer pixels: left, bottom, width, height.
uniform vec4 u_plotRect;
uniform vec2 u_framebufferSize;
flat out vec4 v_color;

float stepX(int step) { return texelFetch(u_steps, step * (u_seriesCount + 1)).r; }

float rawValue(int step, int series) { return texelFetch(u_steps, step * (u_seriesCount + 1) + 1 + series).r; }

// The layer's base and top in stored units (percent for a percentage stack).
vec2 heights(int step, int layer) {
    float positive = 0.0, negative = 0.0, own = 0.0, total = 0.0;
    for (int j = 0; j < MAX_STACK_SERIES; ++j) {
        if (j >= u_seriesCount) break;
        float v = rawValue(step, j);
        v = isnan(v) ? 0.0 : v;
        if (u_percentage) v = max(v, 0.0);
        float weighted = u_weights[j] * v;
        if (j == layer) own = weighted;
        if (j < layer) {
            if (weighted < 0.0) negative += weighted; else positive += weighted;
        }
        total += max(weighted, 0.0);
    }
    float base = !u_stacked ? 0.0 : own < 0.0 ? negative : positive;
    // Summed in the same order for every layer, so a layer's top and the base of the
    // next one of its sign are the same float: bands meet without a gap or an overlap.
    vec2 span = vec2(base, base + own);
    if (u_percentage) span *= total > 0.0 ? 100.0 / total : 0.0;
    return span;
}

// Where a corner lands beyond any canvas, plot pixels: a point far off the plot stays
// finite however far its value lies (its bar's visible part is the same).
const float farPixels = 1e18;

void emit(float x, float y, vec4 color) {
    vec2 plotPixel = clamp(vec2(u_offsetX + x * u_pixelsPerUnit.x, u_zeroY + y * u_pixelsPerUnit.y), -farPixels, farPixels);
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
    // The first and last steps mirror their one neighbour (a lone step has none: x).
    float previous = step > 0 ? stepX(step - 1) : (u_storedSteps > 1 ? 2.0 * x - stepX(step + 1) : x);
    float next = step + 1 < u_storedSteps ? stepX(step + 1) : 2.0 * x - previous;
    float leftEdge = 0.5 * (previous + x), rightEdge = 0.5 * (x + next);
    // No neighbour at another x to measure the bar by (a lone step, every step at one
    // x, a step between two at its x): u_loneHalfWidth each side.
    if (leftEdge == rightEdge) {
        leftEdge = x - u_loneHalfWidth;
        rightEdge = x + u_loneHalfWidth;
    }
    vec2 span = heights(step, layer);
    vec4 color = u_colors[layer];
    if (u_dims && step != u_highlight) color.a *= u_dimmedOpacity;
    emit(right ? rightEdge : leftEdge, top ? span.y : span.x, color);
}
