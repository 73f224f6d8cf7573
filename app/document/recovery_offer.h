#pragma once
// On start, after a crash: offers the newest recovery file whose editor is gone (Restore /
// Discard / Later), as Krita, LibreOffice and Qt Creator do. A restored document keeps its own
// file path and is marked modified; Later keeps the file for the next start.
#include "app/document/autosave.h"

#include <QString>

#include <functional>

class QWidget;

namespace terrain::core {
class Registry;
}

namespace terrain::app {

class Document;
class Prompts;

enum class RecoveryChoice { Restore, Discard, Later };
using RecoveryQuestion = std::function<RecoveryChoice(const Recovery&)>;

// The question as a message box.
RecoveryChoice askRecoveryDialog(QWidget* parent, const Recovery& recovery);
// "“ridge.terrain.json” (/home/…/ridge.terrain.json), unsaved changes from 14:02".
QString describeRecovery(const Recovery& recovery);

enum class RecoveryOutcome { NothingToRecover, Restored, Discarded, Later };

// Offers the newest orphaned recovery in `folder` through `ask`. Damaged recovery files are
// reported through `prompts` and renamed (.unreadable) so they are not offered again. A restored
// document is saved for recovery by `autosave` (if any) before the orphan is removed.
RecoveryOutcome offerRecovery(const core::Registry& registry, Document* document,
                              Autosave* autosave, const QString& folder,
                              const RecoveryQuestion& ask, Prompts* prompts);

}  // namespace terrain::app
