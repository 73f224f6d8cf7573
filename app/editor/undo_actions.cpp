#include "app/editor/undo_actions.h"

#include <QAction>
#include <QKeySequence>
#include <QUndoStack>

namespace terrain::app {

namespace {

QAction* makeAction(QUndoStack* stack, QObject* parent, bool redo) {
    auto* action = new QAction(redo ? QObject::tr("&Redo") : QObject::tr("&Undo"), parent);
    action->setShortcuts(redo ? QKeySequence::Redo : QKeySequence::Undo);
    const auto describe = [action, redo](const QString& change) {
        const QString verb = redo ? QObject::tr("Redo") : QObject::tr("Undo");
        const QString tip = change.isEmpty() ? verb : verb + QLatin1Char(' ') + change;
        action->setStatusTip(tip);
        const QKeySequence key = action->shortcut();
        action->setToolTip(key.isEmpty() ? tip
                                         : tip + QStringLiteral(" (") +
                                               key.toString(QKeySequence::NativeText) +
                                               QLatin1Char(')'));
    };
    if (redo) {
        QObject::connect(stack, &QUndoStack::canRedoChanged, action, &QAction::setEnabled);
        QObject::connect(stack, &QUndoStack::redoTextChanged, action, describe);
        QObject::connect(action, &QAction::triggered, stack, &QUndoStack::redo);
        action->setEnabled(stack->canRedo());
        describe(stack->redoText());
    } else {
        QObject::connect(stack, &QUndoStack::canUndoChanged, action, &QAction::setEnabled);
        QObject::connect(stack, &QUndoStack::undoTextChanged, action, describe);
        QObject::connect(action, &QAction::triggered, stack, &QUndoStack::undo);
        action->setEnabled(stack->canUndo());
        describe(stack->undoText());
    }
    return action;
}

}  // namespace

QAction* makeUndoAction(QUndoStack* stack, QObject* parent) {
    return makeAction(stack, parent, false);
}

QAction* makeRedoAction(QUndoStack* stack, QObject* parent) {
    return makeAction(stack, parent, true);
}

}  // namespace terrain::app
