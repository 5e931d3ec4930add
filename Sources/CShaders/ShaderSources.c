// Shaders/ is the one source of truth for GLSL; #embed copies the files into the
// binary in both builds (SwiftPM and CMake), so the app never reads them at run time.
#pragma clang diagnostic ignored "-Wc23-extensions"
#include "CShaders.h"

static const char line_vert[] = {
#embed "../../Shaders/line.vert"
    , 0
};

static const char line_frag[] = {
#embed "../../Shaders/line.frag"
    , 0
};

static const char cached_plot_vert[] = {
#embed "../../Shaders/cached-plot.vert"
    , 0
};

static const char band_mask_frag[] = {
#embed "../../Shaders/band-mask.frag"
    , 0
};

static const char shape_vert[] = {
#embed "../../Shaders/shape.vert"
    , 0
};

static const char shape_frag[] = {
#embed "../../Shaders/shape.frag"
    , 0
};

static const char flat_vert[] = {
#embed "../../Shaders/flat.vert"
    , 0
};

static const char flat_frag[] = {
#embed "../../Shaders/flat.frag"
    , 0
};

static const char text_vert[] = {
#embed "../../Shaders/text.vert"
    , 0
};

static const char text_frag[] = {
#embed "../../Shaders/text.frag"
    , 0
};

static const char whole_target_vert[] = {
#embed "../../Shaders/whole-target.vert"
    , 0
};

static const char stretch_frag[] = {
#embed "../../Shaders/stretch.frag"
    , 0
};

static const char cached_plot_frag[] = {
#embed "../../Shaders/cached-plot.frag"
    , 0
};

static const char band_vert[] = {
#embed "../../Shaders/band.vert"
    , 0
};

static const char band_alpha_frag[] = {
#embed "../../Shaders/band-alpha.frag"
    , 0
};

static const char stack_vert[] = {
#embed "../../Shaders/stack.vert"
    , 0
};

static const char stack_frag[] = {
#embed "../../Shaders/stack.frag"
    , 0
};

static const char span_collect_frag[] = {
#embed "../../Shaders/span-collect.frag"
    , 0
};

static const char span_frag[] = {
#embed "../../Shaders/span.frag"
    , 0
};

static const char span_collect_vert[] = {
#embed "../../Shaders/span-collect.vert"
    , 0
};

static const char segments_glsl[] = {
#embed "../../Shaders/segments.glsl"
    , 0
};

static const char gradient_mesh_vert[] = {
#embed "../../Shaders/gradient-mesh.vert"
    , 0
};

static const char gradient_mesh_frag[] = {
#embed "../../Shaders/gradient-mesh.frag"
    , 0
};

static const char candle_vert[] = {
#embed "../../Shaders/candle.vert"
    , 0
};

static const SightlineShaderSource sources[] = {
    { "line.vert", line_vert },
    { "line.frag", line_frag },
    { "cached-plot.vert", cached_plot_vert },
    { "band-mask.frag", band_mask_frag },
    { "shape.vert", shape_vert },
    { "shape.frag", shape_frag },
    { "flat.vert", flat_vert },
    { "flat.frag", flat_frag },
    { "text.vert", text_vert },
    { "text.frag", text_frag },
    { "whole-target.vert", whole_target_vert },
    { "stretch.frag", stretch_frag },
    { "cached-plot.frag", cached_plot_frag },
    { "band.vert", band_vert },
    { "band-alpha.frag", band_alpha_frag },
    { "stack.vert", stack_vert },
    { "stack.frag", stack_frag },
    { "span-collect.vert", span_collect_vert },
    { "span-collect.frag", span_collect_frag },
    { "segments.glsl", segments_glsl },
    { "gradient-mesh.vert", gradient_mesh_vert },
    { "gradient-mesh.frag", gradient_mesh_frag },
    { "span.frag", span_frag },
    { "candle.vert", candle_vert },
};


const SightlineShaderSource *sightline_shader_sources(int *count) {
    *count = (int)(sizeof(sources) / sizeof(sources[0]));
    return sources;
}
