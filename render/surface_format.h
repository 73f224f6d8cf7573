#pragma once
// Process-wide setup the render layer needs; call before constructing QApplication.

namespace terrain::render {

// Requests an OpenGL 3.3 core profile (24-bit depth) for every QOpenGLWidget and lets contexts
// share objects, so a view survives being re-parented (e.g. maximised). Multisampling is off by
// default: on Mesa's software renderer 4x costs four times the frame time.
void setDefaultSurfaceFormat(int samples = 0);

// Registers the compiled-in shaders (":/shaders/..."). The build already links them into every
// consumer; this makes it explicit and is safe to call more than once.
void initRenderResources();

}  // namespace terrain::render
