#version 330 core
// The four-colour gradient (ChartCore's GradientField is the reference): centre i
// weighs max(1 - d/L, 0)^4 with L the square's side; the colour is the weighted mean.
uniform vec2 u_centers[4];     // unit square, y down
uniform vec3 u_colors[4];
uniform vec2 u_targetSize;
out vec4 fragColor;

void main() {
    vec2 uv = vec2(gl_FragCoord.x / u_targetSize.x, 1.0 - gl_FragCoord.y / u_targetSize.y);
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
    fragColor = vec4(sum > 0.0 ? color / sum : u_colors[nearest], 1.0);
}
