#version 330 core
// The second pass of a dense line (ColumnSpans): quads placed from the whole-column
// extents span-collect.frag left, SPAN_BAND_WIDTH plot pixel columns each, so they hug
// the line as the extents do (a noisy line that fills a column paints that column's
// height and no more; a sparse one a few pixels around each segment).
//
// A band is cut in three. Its interior, the heights inside every one of its columns'
// extents, is covered in full (the line reaches every height of a column's extent inside
// that column, within half a pixel of any pixel there): u_part 0 draws it, flat, with
// span-fill.frag. Below and above it, to the lowest and highest extent within the
// stroke's reach grown by that reach, is the edge, where span.frag measures coverage:
// u_part 1 draws it, two quads a band. A software rasteriser runs every branch of a
// fragment shader a block of pixels takes, so the interior of a dense band would pay
// span.frag's sub-column reads in full; here it pays a fill. The two parts share their
// boundaries' exact values, so every pixel is in one.

uniform sampler2D u_spans;
uniform float u_spanOrigin;
uniform float u_spanWidth;
uniform float u_spanRow;
uniform float u_halfWidth;
// 0: the bands' interiors; 1: their edges.
uniform int u_part;
// The draw's first quad (a plot wider than one draw's quads takes several).
uniform int u_firstQuad;
// The plot's left and bottom edges in framebuffer pixels, and its size.
uniform vec2 u_plotOrigin;
uniform vec2 u_plotSize;
uniform vec2 u_framebufferSize;

// Column `column`'s two (lowest, highest) extents, plot pixels (the even and the odd
// blocks'); lowest > highest where one is empty.
vec4 extents(int column) {
    vec4 span = texelFetch(u_spans, ivec2(column, int(u_spanRow) + SPAN_SUBCOLUMNS), 0);
    return vec4(-span.y, span.x, -span.w, span.z);
}

// The heights the line covers in full in a column with extents e: one extent, or both
// where they overlap (the line is connected there); none (lowest > highest) where the
// line breaks between them. (The band's other columns bound the interior too, so the
// last case decides pixels only where they reach over the break's heights.)
vec2 covered(vec4 e) {
    if (e.x > e.y) return e.zw;
    if (e.z > e.w) return e.xy;
    if (e.x <= e.w && e.z <= e.y) return vec2(min(e.x, e.z), max(e.y, e.w));
    return vec2(1e30, -1e30);
}

void main() {
    int quadsPerBand = u_part == 0 ? 1 : 2;
    int corner = gl_VertexID - (gl_VertexID / 4) * 4;
    int quad = u_firstQuad + gl_VertexID / 4;
    int band = quad / quadsPerBand;
    bool upperEdge = quad - band * quadsPerBand == 1;
    float reach = u_halfWidth + 0.5;
    float left = float(band * SPAN_BAND_WIDTH);
    float right = min(left + float(SPAN_BAND_WIDTH), u_plotSize.x);
    // Every column whose extent a pixel centre of the band can be within reach of (as
    // span.frag reads them), in span texels, inside the target.
    int first = max(int(floor(left + 0.5 - reach + u_spanOrigin)), 0);
    int last = min(int(ceil(right - 0.5 + reach + u_spanOrigin)) - 1, int(u_spanWidth) - 1);
    int ownFirst = int(left + u_spanOrigin), ownLast = int(right + u_spanOrigin) - 1;
    float low = 1e30, high = -1e30;
    float innerLow = -1e30, innerHigh = 1e30;
    for (int column = first; column <= last; ++column) {
        vec4 e = extents(column);
        if (e.x <= e.y) {
            low = min(low, e.x);
            high = max(high, e.y);
        }
        if (e.z <= e.w) {
            low = min(low, e.z);
            high = max(high, e.w);
        }
        if (column >= ownFirst && column <= ownLast) {
            // An empty column leaves no interior (its low is above its high).
            vec2 full = covered(e);
            innerLow = max(innerLow, full.x);
            innerHigh = min(innerHigh, full.y);
        }
    }
    float bottom = max(floor(low - reach), 0.0);
    float top = min(ceil(high + reach), u_plotSize.y);
    // The interior, inside the band's reach and the plot; none for a stroke under two
    // pixels wide, whose extent's pixels are not all fully covered.
    bool filled = u_halfWidth >= 1.0 && innerLow < innerHigh;
    float interiorLow = clamp(innerLow, bottom, top), interiorHigh = clamp(innerHigh, bottom, top);
    if (!filled || interiorHigh <= interiorLow) {
        interiorLow = top;
        interiorHigh = top;
    }
    vec2 span;
    if (u_part == 0) span = vec2(interiorLow, interiorHigh);
    else span = upperEdge ? vec2(interiorHigh, top) : vec2(bottom, interiorLow);
    if (high < low || span.y <= span.x) {
        // Nothing of the line here: collapse the quad outside clip space.
        gl_Position = vec4(3.0, 3.0, 0.0, 1.0);
        return;
    }
    bool atEnd = corner >= 2;
    bool upper = corner == 1 || corner == 3;
    vec2 position = u_plotOrigin + vec2(atEnd ? right : left, upper ? span.y : span.x);
    gl_Position = vec4(position / u_framebufferSize * 2.0 - 1.0, 0.0, 1.0);
}
