#pragma once
// app_tests runs under the editor's own EditorApplication; what its last-resort handler caught
// (exceptions that escaped an event handler) is collected here instead of shown in a box.
#include <QStringList>

namespace terrain::app::testing {

// The messages caught since the last call, and forgets them.
QStringList takeEscapedErrors();

}  // namespace terrain::app::testing
