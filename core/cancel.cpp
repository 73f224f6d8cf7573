#include "cancel.h"

#include "errors.h"

namespace terrain::core {

void GenerateContext::throwIfCancelled() const {
    if (cancel != nullptr && cancel->cancelled()) throw Cancelled();
}

}  // namespace terrain::core
