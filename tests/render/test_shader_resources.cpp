// The shaders are compiled into the binary (qt_add_resources on the static library): a consumer
// that only links terrain_render must find them without any setup of its own.
#include "render/surface_format.h"

#include <gtest/gtest.h>

#include <QFile>
#include <QString>

namespace terrain::render {
namespace {

TEST(ShaderResources, EveryShaderIsLinkedIn) {
    for (const char* name : {"terrain.vert", "terrain.frag", "water.vert", "water.frag", "sky.vert",
                             "sky.frag", "skirt.vert", "skirt.frag"}) {
        QFile file(QStringLiteral(":/shaders/") + QString::fromLatin1(name));
        ASSERT_TRUE(file.open(QIODevice::ReadOnly)) << name;
        EXPECT_TRUE(file.readAll().startsWith("#version 330 core")) << name;
    }
}

TEST(ShaderResources, InitialisingAgainIsHarmless) {
    initRenderResources();
    initRenderResources();
    EXPECT_TRUE(QFile::exists(QStringLiteral(":/shaders/terrain.vert")));
}

}  // namespace
}  // namespace terrain::render
