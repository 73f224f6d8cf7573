#include "surface_format.h"

#include <QCoreApplication>
#include <QSurfaceFormat>

// Q_INIT_RESOURCE must be used outside any namespace.
static void initShaderResource() { Q_INIT_RESOURCE(terrain_shaders); }

namespace terrain::render {

void setDefaultSurfaceFormat(int samples) {
    QSurfaceFormat format;
    format.setRenderableType(QSurfaceFormat::OpenGL);
    format.setVersion(3, 3);
    format.setProfile(QSurfaceFormat::CoreProfile);
    format.setDepthBufferSize(24);
    format.setStencilBufferSize(8);
    format.setSamples(samples);
    QSurfaceFormat::setDefaultFormat(format);
    QCoreApplication::setAttribute(Qt::AA_ShareOpenGLContexts);
}

void initRenderResources() { initShaderResource(); }

}  // namespace terrain::render
