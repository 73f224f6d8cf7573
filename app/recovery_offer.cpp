#include "recovery_offer.h"

#include "document.h"
#include "prompts.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>

#include <exception>

namespace terrain::app {

QString describeRecovery(const Recovery& recovery) {
    const QString when = QLocale().toString(recovery.savedAt.toLocalTime(), QLocale::ShortFormat);
    if (recovery.documentPath.isEmpty()) {
        return QObject::tr("an untitled document, unsaved changes from %1").arg(when);
    }
    return QObject::tr("“%1” (%2), unsaved changes from %3")
        .arg(QFileInfo(recovery.documentPath).fileName(),
             QDir::toNativeSeparators(recovery.documentPath), when);
}

RecoveryChoice askRecoveryDialog(QWidget* parent, const Recovery& recovery) {
    QMessageBox box(parent);
    box.setIcon(QMessageBox::Warning);
    box.setWindowTitle(QObject::tr("Recover Unsaved Work — Terrain Editor"));
    box.setText(QObject::tr("<b>Terrain Editor did not close normally.</b><br>Recovered: %1.")
                    .arg(describeRecovery(recovery).toHtmlEscaped()));
    box.setInformativeText(
        QObject::tr("Restore opens this work as a modified document; save it to keep it.\n"
                    "Discard deletes the recovered work.\n"
                    "Later keeps it and asks again at the next start."));
    box.setDetailedText(QObject::tr("Recovery file: %1")
                            .arg(QDir::toNativeSeparators(recovery.recoveryPath)));
    QPushButton* restore = box.addButton(QObject::tr("&Restore"), QMessageBox::AcceptRole);
    QPushButton* discard = box.addButton(QObject::tr("&Discard"), QMessageBox::DestructiveRole);
    QPushButton* later = box.addButton(QObject::tr("&Later"), QMessageBox::RejectRole);
    box.setDefaultButton(restore);
    box.setEscapeButton(later);
    box.exec();
    if (box.clickedButton() == restore) return RecoveryChoice::Restore;
    if (box.clickedButton() == discard) return RecoveryChoice::Discard;
    return RecoveryChoice::Later;
}

RecoveryOutcome offerRecovery(const core::Registry& registry, Document* document,
                              Autosave* autosave, const QString& folder,
                              const RecoveryQuestion& ask, Prompts* prompts) {
    std::vector<OrphanedRecovery> orphans = claimOrphanedRecoveries(folder);
    for (OrphanedRecovery& orphan : orphans) {
        Recovery recovery;
        try {
            recovery = readRecoveryFile(registry, orphan.path());
        } catch (const std::exception& e) {
            const QString aside = orphan.path() + QStringLiteral(".unreadable");
            QFile::remove(aside);
            QFile::rename(orphan.path(), aside);
            orphan.remove();
            if (prompts) {
                prompts->showError(
                    QObject::tr("Cannot restore unsaved work"),
                    QObject::tr("A recovery file cannot be used:\n%1\n\nIt was moved to %2.")
                        .arg(QString::fromUtf8(e.what()), QDir::toNativeSeparators(aside)));
            }
            continue;
        }
        // One document per window: the newest is offered, older ones wait for later starts.
        switch (ask(recovery)) {
        case RecoveryChoice::Restore:
            document->restore(recovery.state, recovery.documentPath);
            // Ours first, then the orphan goes; if ours could not be written, the orphan stays
            // (it is offered again at the next start rather than lost).
            if (autosave) autosave->saveNow();
            if (!autosave || QFile::exists(autosave->recoveryPath())) orphan.remove();
            return RecoveryOutcome::Restored;
        case RecoveryChoice::Discard:
            orphan.remove();
            return RecoveryOutcome::Discarded;
        case RecoveryChoice::Later:
            return RecoveryOutcome::Later;
        }
    }
    return RecoveryOutcome::NothingToRecover;
}

}  // namespace terrain::app
