#include <png.h>

/* PNG_FORMAT_RGBA is a compound macro that Swift cannot import. */
static const png_uint_32 sightline_png_format_rgba = PNG_FORMAT_RGBA;
