#version 330 core
// Candlesticks, one instance a candle: vertices 0-5 are its wick (a quad from low to
// high, u_wickWidth pixels wide at the slot's centre), 6-11 its body (from open to
// close, about 70% of the slot wide, at least as wide as the wick and a pixel tall,
// so a candle that closed where it opened still shows as a line). The body is in
// u_rising where the close is at or above the open, else in u_falling; the wick too.
//
// Each candle is six floats of a buffer texture: its slot's left and right edges (as
// offsets from the piece's x origin, in the piece's x unit), then its open, high, low
// and close (offsets from the piece's y origin, in its y unit). A candle of gaps only
// is NaN and draws nothing.

uniform samplerBuffer u_candles;
uniform int u_firstCandle;
// Plot pixels of the piece's origin, computed in Double on the CPU.
uniform vec2 u_offset;
// Plot pixels per stored unit, x and y, computed in Double on the CPU.
uniform vec2 u_pixelsPerUnit;
// Half the width of a candle with no neighbour, stored units.
uniform float u_loneHalfWidth;
uniform float u_wickWidth;
uniform vec4 u_rising;
uniform vec4 u_falling;
// The plot's rectangle in framebuffer pixels: left, bottom, width, height.
uniform vec4 u_plotRect;
uniform vec2 u_framebufferSize;
flat out vec4 v_color;

// Where a corner lands beyond any canvas, plot pixels: a candle far off the plot stays
// finite however far its value lies.
const float farPixels = 1e18;

float field(int candle, int index) { return texelFetch(u_candles, candle * 6 + index).r; }

void main() {
    int candle = u_firstCandle + gl_InstanceID;
    float left = field(candle, 0), right = field(candle, 1);
    float open = field(candle, 2), high = field(candle, 3), low = field(candle, 4), close = field(candle, 5);
    if (isnan(open) || isnan(high) || isnan(low) || isnan(close)) {
        // Gaps only: collapse outside clip space.
        gl_Position = vec4(3.0, 3.0, 0.0, 1.0);
        v_color = vec4(0.0);
        return;
    }
    if (left == right) {
        left -= u_loneHalfWidth;
        right += u_loneHalfWidth;
    }
    float leftPixel = u_offset.x + left * u_pixelsPerUnit.x, rightPixel = u_offset.x + right * u_pixelsPerUnit.x;
    float center = 0.5 * (leftPixel + rightPixel);
    bool body = gl_VertexID >= 6;
    int corner = gl_VertexID - (body ? 6 : 0);
    // Corners 0 1 2, 2 1 3 of the quad (left/right, bottom/top).
    bool isRight = corner == 1 || corner == 4 || corner == 5;
    bool isTop = corner == 2 || corner == 3 || corner == 5;
    // Whole pixels across, so a wick is one crisp column and the body stands evenly
    // round it: the wick from the pixel edge nearest its left side, the body as many
    // pixels each side of the wick (at least as wide as the wick), leaving a pixel
    // between neighbouring bodies.
    float wick = max(floor(u_wickWidth + 0.5), 1.0);
    float wickLeft = floor(center - 0.5 * wick + 0.5);
    float slot = rightPixel - leftPixel;
    float side = body ? max(min(floor(0.35 * slot - 0.5 * wick + 0.5), floor(0.5 * (slot - wick) - 0.5)), 0.0) : 0.0;
    float x = isRight ? wickLeft + wick + side : wickLeft - side;
    float lowY = u_offset.y + (body ? min(open, close) : low) * u_pixelsPerUnit.y;
    float highY = u_offset.y + (body ? max(open, close) : high) * u_pixelsPerUnit.y;
    if (highY - lowY < 1.0) {
        float middle = 0.5 * (lowY + highY);
        lowY = middle - 0.5;
        highY = middle + 0.5;
    }
    vec2 plotPixel = clamp(vec2(x, isTop ? highY : lowY), -farPixels, farPixels);
    gl_Position = vec4((u_plotRect.xy + plotPixel) / u_framebufferSize * 2.0 - 1.0, 0.0, 1.0);
    v_color = close >= open ? u_rising : u_falling;
}
