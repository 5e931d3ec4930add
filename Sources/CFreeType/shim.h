#include <ft2build.h>
#include FT_FREETYPE_H

// FreeType's load flags are function-like macros Swift cannot import.
static const int32_t sightline_ft_load_render_light = FT_LOAD_RENDER | FT_LOAD_TARGET_LIGHT;
