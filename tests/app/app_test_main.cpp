// app_tests needs a QApplication (widgets, OpenGL) and so a display: run under Xvfb.
#include "escaped_errors.h"

#include "app/editor/editor_application.h"
#include "render/surface_format.h"

#include <QApplication>
#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cstdio>
#include <mutex>

namespace {

std::mutex g_escapedMutex;
QStringList g_escaped;

// Tests never touch the user's settings or files: the tests and every editor or CLI they start
// (children inherit the environment) get a home and XDG folders of their own, removed at the end.
// QStandardPaths' test mode alone would still write below the real home (~/.qttest) and does
// not reach child processes.
void useOwnHome(const QTemporaryDir& home) {
    // X authorisation is found through HOME unless XAUTHORITY says where.
    if (qEnvironmentVariableIsEmpty("XAUTHORITY") && !qEnvironmentVariableIsEmpty("HOME")) {
        qputenv("XAUTHORITY", qgetenv("HOME") + "/.Xauthority");
    }
    const QDir root(home.path());
    qputenv("HOME", QFile::encodeName(root.path()));
    const char* const folders[][2] = {{"XDG_CONFIG_HOME", ".config"},
                                      {"XDG_DATA_HOME", ".local/share"},
                                      {"XDG_CACHE_HOME", ".cache"},
                                      {"XDG_STATE_HOME", ".local/state"}};
    for (const auto& [variable, folder] : folders) {
        const QString path = root.filePath(QString::fromLatin1(folder));
        QDir().mkpath(path);
        qputenv(variable, QFile::encodeName(path));
    }
}

}  // namespace

namespace terrain::app::testing {

QStringList takeEscapedErrors() {
    const std::lock_guard<std::mutex> lock(g_escapedMutex);
    QStringList taken;
    taken.swap(g_escaped);
    return taken;
}

}  // namespace terrain::app::testing

int main(int argc, char** argv) {
    testing::InitGoogleTest(&argc, argv);
    if (GTEST_FLAG_GET(list_tests)) return RUN_ALL_TESTS();  // no display needed to list
    QTemporaryDir home(QDir::tempPath() + QStringLiteral("/app_tests-home-XXXXXX"));
    if (!home.isValid()) return 1;
    useOwnHome(home);
    terrain::render::setDefaultSurfaceFormat();
    // The editor's application: its last-resort handler is under test too.
    terrain::app::EditorApplication app(argc, argv);
    app.setErrorHandler([](const QString& message) {
        std::fprintf(stderr, "app_tests: an exception escaped an event handler: %s\n",
                     qPrintable(message));
        const std::lock_guard<std::mutex> lock(g_escapedMutex);
        g_escaped << message;
    });
    QApplication::setOrganizationName(QStringLiteral("TerrainEditorTests"));
    QApplication::setApplicationName(QStringLiteral("app_tests"));
    QStandardPaths::setTestModeEnabled(true);
    terrain::render::initRenderResources();
    return RUN_ALL_TESTS();
}
