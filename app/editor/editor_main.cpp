// terrain-editor [FILE] [--screenshot OUT.png]
#include "app/document/autosave.h"
#include "app/document/document_files.h"
#include "app/editor/editor_application.h"
#include "app/editor/error_text.h"
#include "app/editor/main_window.h"
#include "app/editor/prompts.h"
#include "app/document/recovery_offer.h"
#include "app/editor/screenshot.h"
#include "app/editor/status_panel.h"

#include "render/surface_format.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

#include <cstdio>
#include <memory>

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

int run(int argc, char** argv) {
    terrain::render::setDefaultSurfaceFormat();
    terrain::app::EditorApplication app(argc, argv);
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
    } else {
        // A designer's first look is a believable terrain: an eroded preset, not raw noise.
        window.startOnPreset(terrain::app::MainWindow::kStartPreset);
    }
    window.show();
    app.setDialogParent(&window);

    // Unsaved work is kept for recovery; a screenshot run is not an editing session.
    std::unique_ptr<terrain::app::Autosave> autosave;
    if (!screenshot) {
        const QString folder = terrain::app::defaultRecoveryFolder();
        autosave = std::make_unique<terrain::app::Autosave>(window.registry(), window.document(),
                                                            folder);
        QObject::connect(autosave.get(), &terrain::app::Autosave::failed, window.statusPanel(),
                         [&window](const QString& message) {
                             window.statusPanel()->showMessage(message, 15000);
                         });
        // After the window is on screen, so the question has a parent to sit on.
        QTimer::singleShot(0, &window, [&window, &autosave, folder] {
            terrain::app::offerRecovery(
                window.registry(), window.document(), autosave.get(), folder,
                [&window](const terrain::app::Recovery& recovery) {
                    return terrain::app::askRecoveryDialog(&window, recovery);
                },
                window.prompts());
        });
    }

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
    autosave.reset();  // a normal end: the recovery file goes
    return code;
}

}  // namespace

int main(int argc, char** argv) {
    // Past the event loop's own handler (EditorApplication::notify): start-up and shutdown.
    try {
        return run(argc, argv);
    } catch (...) {
        std::fprintf(stderr, "terrain-editor: %s\n", qPrintable(terrain::app::currentErrorText()));
        return 70;  // EX_SOFTWARE
    }
}
