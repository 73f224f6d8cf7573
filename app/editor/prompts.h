#pragma once
// Every question and error message the editor puts to the user goes through a Prompts object.
// The window uses DialogPrompts (modal boxes and file dialogs); tests inject their own, so an
// error never blocks a test on a modal box and the test can check what was reported.
#include <QString>

class QWidget;

namespace terrain::app {

class Prompts {
public:
    enum class SaveChoice { Save, Discard, Cancel };

    virtual ~Prompts() = default;
    virtual void showError(const QString& title, const QString& message) = 0;
    // Plain text the user may want to copy (an export's engine settings and warnings).
    virtual void showReport(const QString& title, const QString& text) = 0;
    virtual SaveChoice askSaveChanges(const QString& documentName) = 0;
    // Empty when the user cancels.
    virtual QString askOpenPath(const QString& title, const QString& folder,
                                const QString& filter) = 0;
    virtual QString askSavePath(const QString& title, const QString& suggestedPath,
                                const QString& filter) = 0;
};

class DialogPrompts : public Prompts {
public:
    explicit DialogPrompts(QWidget* parent) : m_parent(parent) {}

    void showError(const QString& title, const QString& message) override;
    void showReport(const QString& title, const QString& text) override;
    SaveChoice askSaveChanges(const QString& documentName) override;
    QString askOpenPath(const QString& title, const QString& folder,
                        const QString& filter) override;
    QString askSavePath(const QString& title, const QString& suggestedPath,
                        const QString& filter) override;

private:
    QWidget* m_parent;
};

}  // namespace terrain::app
