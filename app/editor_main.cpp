// terrain-editor [FILE] [--screenshot OUT.png]
#include "document_files.h"
#include "main_window.h"
#include "prompts.h"
#include "screenshot.h"

#include "render/surface_format.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

#include <cstdio>

namespace {

// In screenshot mode nobody is there to click a dialog away: errors go to stderr.
class StderrPrompts : public terrain::app::Prompts {
public:
    void showError(const QString& title, const QString& message) override {
        std::fprintf(stderr, "terrain-editor: %s: %s\n", qPrintable(title), qPrintable(message));
        failed = true;
    }
    void showReport(const QString& title, const QString& text) override {
        std::fprintf(stderr, "terrain-editor: %s:\n%s", qPrintable(title), qPrintable(text));
    }
    SaveChoice askSaveChanges(const QString&) override { return SaveChoice::Discard; }
    QString askOpenPath(const QString&, const QString&, const QString&) override { return {}; }
    QString askSavePath(const QString&, const QString&, const QString&) override { return {}; }
    bool failed = false;
};

}  // namespace

int main(int argc, char** argv) {
    terrain::render::setDefaultSurfaceFormat();
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("TerrainEditor"));
    QApplication::setApplicationName(QStringLiteral("terrain-editor"));
    QApplication::setApplicationVersion(QStringLiteral(TERRAIN_VERSION));
    terrain::render::initRenderResources();

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Fractal terrain editor: live 2-D and 3-D preview, heightmap export."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("file"),
                                 QStringLiteral("A .terrain.json document to open."),
                                 QStringLiteral("[FILE]"));
    const QCommandLineOption screenshotOption(
        QStringLiteral("screenshot"),
        QStringLiteral("Save a PNG of the whole window once the first full map is shown, then "
                       "exit."),
        QStringLiteral("OUT.png"));
    parser.addOption(screenshotOption);
    parser.process(app);

    const QStringList files = parser.positionalArguments();
    if (files.size() > 1) {
        std::fprintf(stderr, "terrain-editor: FILE: give at most one document to open\n");
        return 2;
    }
    const bool screenshot = parser.isSet(screenshotOption);

    terrain::app::MainWindow window;
    StderrPrompts stderrPrompts;
    if (screenshot) {
        window.setPrompts(&stderrPrompts);
    } else {
        window.restoreLayout();
    }
    if (!files.isEmpty()) {
        window.files()->openFile(files.front());
        if (screenshot && stderrPrompts.failed) return 1;
    }
    window.show();

    if (screenshot) {
        auto* taker = new terrain::app::ScreenshotTaker(&window, parser.value(screenshotOption));
        QObject::connect(taker, &terrain::app::ScreenshotTaker::finished, &app,
                         [&app](int code, const QString& message) {
                             std::fprintf(code == 0 ? stdout : stderr, "terrain-editor: %s\n",
                                          qPrintable(message));
                             app.exit(code);
                         });
        taker->start();
    }
    const int code = QApplication::exec();
    if (screenshot) window.setPrompts(nullptr);
    return code;
}
