#version 330 core
// The interior of a dense line's bands (span-band.vert), covered in full: a fill in the
// series' colour, with none of span.frag's reads.
uniform vec4 u_color;
out vec4 fragColor;

void main() {
    fragColor = u_color;
}
