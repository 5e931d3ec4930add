#include <zlib.h>

/* inflateInit2 is a macro, which Swift cannot import: a gzip stream (windowBits 15, plus
   16 for the gzip header and trailer, whose CRC-32 and length zlib checks). */
static inline int sightline_inflate_init_gzip(z_stream *stream) {
    return inflateInit2(stream, 15 + 16);
}
