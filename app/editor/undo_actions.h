#pragma once
// Undo and Redo actions with a fixed text. QUndoStack::createUndoAction() puts the change name
// into the text ("Undo Change seed"), so the tool buttons grew and every button after them moved
// after each edit; here the name goes into the tooltip and status tip instead.
class QAction;
class QObject;
class QUndoStack;

namespace terrain::app {

QAction* makeUndoAction(QUndoStack* stack, QObject* parent);
QAction* makeRedoAction(QUndoStack* stack, QObject* parent);

}  // namespace terrain::app
