/* Core-profile entry points are exported by libglvnd's libGL, which dispatches to
   whichever context (GLX or EGL) is current, so prototypes are enough. */
#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>
