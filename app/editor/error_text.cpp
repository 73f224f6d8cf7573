#include "app/editor/error_text.h"

#include "app/export/export_plan.h"

#include "core/errors.h"

#include <QObject>

#include <exception>

namespace terrain::app {

QString currentErrorText() {
    try {
        throw;
    } catch (const core::InputError& e) {
        return dialogMessage(e);
    } catch (const core::SizeError& e) {
        return dialogMessage(e);
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    } catch (...) {
        return QObject::tr("an unknown error");
    }
}

}  // namespace terrain::app
