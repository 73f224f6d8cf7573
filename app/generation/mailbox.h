#pragma once
// Calls to run on a QObject's thread, posted from any thread.
//
// A queued QMetaObject::invokeMethod carries its functor through Qt's event queue, whose locks
// are inside Qt. Debian's Qt is not built with ThreadSanitizer, so TSan does not see that what
// the sender wrote before posting happens before the call, and reports a race when the call hands
// that data on to a thread of ours (it did: the controller's first job after its thread started
// carried a new cancel token, read by an executor thread). Here each call passes through a mutex
// of ours; Qt's queue only wakes the receiver, one wake per call, each taking the oldest call, so
// the calls run in the order of post(), as queued calls do.
#include <QMetaObject>
#include <QObject>

#include <deque>
#include <functional>
#include <mutex>
#include <utility>

namespace terrain::app {

class Mailbox {
public:
    // The receiver owns the mailbox (a member of it), so a wake-up never outlives the mailbox:
    // Qt drops the wake-ups of a deleted receiver.
    explicit Mailbox(QObject* receiver) : m_receiver(receiver) {}
    Mailbox(const Mailbox&) = delete;
    Mailbox& operator=(const Mailbox&) = delete;

    // Runs `call` on the receiver's thread, from its event loop, after the calls posted before.
    void post(std::function<void()> call) {
        {
            const std::lock_guard lock(m_mutex);
            m_calls.push_back(std::move(call));
        }
        QMetaObject::invokeMethod(m_receiver, [this] { runOldest(); }, Qt::QueuedConnection);
    }

private:
    void runOldest() {
        std::function<void()> call;
        {
            const std::lock_guard lock(m_mutex);
            if (m_calls.empty()) return;
            call = std::move(m_calls.front());
            m_calls.pop_front();
        }
        call();
    }

    QObject* m_receiver;
    std::mutex m_mutex;
    std::deque<std::function<void()>> m_calls;
};

}  // namespace terrain::app
