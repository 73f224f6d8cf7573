// app_tests needs a QApplication (widgets, OpenGL) and so a display: run under Xvfb.
#include "render/surface_format.h"

#include <QApplication>
#include <QStandardPaths>

#include <gtest/gtest.h>

int main(int argc, char** argv) {
    testing::InitGoogleTest(&argc, argv);
    if (GTEST_FLAG_GET(list_tests)) return RUN_ALL_TESTS();  // no display needed to list
    terrain::render::setDefaultSurfaceFormat();
    QApplication app(argc, argv);
    // Keep the tests' recent files and folders out of the user's settings.
    QApplication::setOrganizationName(QStringLiteral("TerrainEditorTests"));
    QApplication::setApplicationName(QStringLiteral("app_tests"));
    QStandardPaths::setTestModeEnabled(true);
    terrain::render::initRenderResources();
    return RUN_ALL_TESTS();
}
