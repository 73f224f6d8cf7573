#include "app/document/recovery_offer.h"

#include "app/document/document.h"
#include "app/editor/prompts.h"

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
    const QString name =
        recovery.documentPath.isEmpty()
            ? QObject::tr("an untitled document")
            : QStringLiteral("“%1”").arg(QFileInfo(recovery.documentPath).fileName());
    return QObject::tr("Unsaved changes to %1 from %2").arg(name, when);
}

RecoveryChoice askRecoveryDialog(QWidget* parent, const Recovery& recovery) {
    QMessageBox box(parent);
    box.setIcon(QMessageBox::Warning);
    box.setWindowTitle(QObject::tr("Recover Unsaved Work — Terrain Editor"));
    box.setText(QObject::tr("<b>Terrain Editor did not close normally.</b><p>%1.</p>")
                    .arg(describeRecovery(recovery).toHtmlEscaped()));
    const QString where = recovery.documentPath.isEmpty()
                              ? QObject::tr("It was never saved.")
                              : QObject::tr("Its file: %1")
                                    .arg(QDir::toNativeSeparators(recovery.documentPath));
    box.setInformativeText(
        where + QStringLiteral("\n\n") +
        QObject::tr("Restore: open the changes as a modified document (save to keep them).\n"
                    "Discard: delete them.\n"
                    "Later: keep them and ask again at the next start."));
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
