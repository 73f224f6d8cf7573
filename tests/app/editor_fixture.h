#pragma once
// A shown MainWindow with recorded prompts (no modal boxes), and helpers to wait for the
// worker. Waits have generous time limits; nothing asserts how fast anything is.
#include "app/document/document_state.h"
#include "app/editor/main_window.h"
#include "app/editor/prompts.h"

#include "core/heightmap.h"
#include "core/registry.h"

#include <QImage>
#include <QStringList>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <memory>

namespace terrain::app::testing {

class RecordingPrompts : public Prompts {
public:
    void showError(const QString& title, const QString& message) override {
        errors << title + QStringLiteral(": ") + message;
    }
    void showReport(const QString& title, const QString& text) override {
        reports << title + QStringLiteral(": ") + text;
    }
    SaveChoice askSaveChanges(const QString& name) override {
        saveQuestions << name;
        return saveChoice;
    }
    QString askOpenPath(const QString&, const QString&, const QString&) override {
        return openPath;
    }
    QString askSavePath(const QString&, const QString&, const QString&) override {
        return savePath;
    }

    QStringList errors;
    QStringList reports;
    QStringList saveQuestions;
    SaveChoice saveChoice = SaveChoice::Cancel;
    QString openPath;
    QString savePath;
};

class EditorTest : public ::testing::Test {
protected:
    void SetUp() override;
    void TearDown() override;

    // A small map so the tests stay quick: diamond-square, detail 6, seed 1.
    DocumentState smallState() const;
    DocumentState smallStateFor(const core::Algorithm& algorithm) const;  // its defaults, seed 1
    // Replaces the document and waits for its map.
    void loadState(const DocumentState& state);
    // Waits until the full map of the document's recipe is on screen; fails the test otherwise.
    [[nodiscard]] bool waitUpToDate();

    core::Heightmap reference(const core::Recipe& recipe) const;
    QImage referencePreview(const core::Heightmap& map, const core::Recipe& recipe,
                            const ViewSettings& view) const;

    RecordingPrompts m_prompts;
    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_dir;
};

}  // namespace terrain::app::testing
