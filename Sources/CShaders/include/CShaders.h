#ifndef SIGHTLINE_CSHADERS_H
#define SIGHTLINE_CSHADERS_H

/// A GLSL source embedded at build time from the top-level Shaders/ folder.
typedef struct {
    const char *name;
    const char *source;
} SightlineShaderSource;

/// The embedded shaders; `count` receives how many there are.
const SightlineShaderSource *sightline_shader_sources(int *count);

#endif
