#version 330 core
// The four-colour gradient (ChartCore's GradientField is the reference) as a mesh over
// the whole target: u_cells columns × rows of cells, two triangles each, drawn indexed
// over the grid's (columns + 1) × (rows + 1) vertices, so each vertex evaluates the
// field once and the triangles interpolate between. The field is smooth: over cells of
// ≤ 1/16 of the target it stays within two levels of 8-bit colour (StageRenderTests),
// and a software rasteriser fills an interpolated colour for a fraction of what a
// filtered texture read costs per pixel.
//
// Centre i weighs max(1 - d/L, 0)^4 with L the square's side; the colour is the
// weighted mean (the nearest centre's where no weight reaches).
uniform vec2 u_centers[4];     // unit square, y down
uniform vec3 u_colors[4];
// Columns and rows of cells (whole numbers).
uniform vec2 u_cells;
out vec3 v_color;

vec3 fieldColor(vec2 uv) {
    float sum = 0.0;
    vec3 color = vec3(0.0);
    int nearest = 0;
    float nearestDistance = 1e9;
    for (int i = 0; i < 4; i++) {
        float d = distance(uv, u_centers[i]);
        if (d < nearestDistance) { nearestDistance = d; nearest = i; }
        float m = max(1.0 - d, 0.0);
        float f = m * m * m * m;
        sum += f;
        color += f * u_colors[i];
    }
    return sum > 0.0 ? color / sum : u_colors[nearest];
}

void main() {
    ivec2 cells = ivec2(u_cells);
    int perRow = cells.x + 1;
    ivec2 vertex = ivec2(gl_VertexID % perRow, gl_VertexID / perRow);
    vec2 uv = vec2(vertex) / vec2(cells);
    v_color = fieldColor(uv);
    gl_Position = vec4(uv.x * 2.0 - 1.0, 1.0 - uv.y * 2.0, 0.0, 1.0);
}
