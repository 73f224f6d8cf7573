#pragma once
// What the editor says about an exception it caught. Every job (generation worker, export,
// comparison, seed thumbnails) and the application's last-resort handler use it, so no exception
// reaches std::terminate and every message about bad input names its field.
#include <QString>

namespace terrain::app {

// Call inside a catch block: the message of the exception being handled. core::InputError and
// core::SizeError name their fields in the editor's words ("Output size: …"); other exceptions
// give what(); anything else "an unknown error".
QString currentErrorText();

}  // namespace terrain::app
