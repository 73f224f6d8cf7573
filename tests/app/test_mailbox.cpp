// Mailbox (app/mailbox.h): calls posted from any thread run on the receiver's thread, in order,
// and what the sender wrote before posting is seen by the threads the call hands it to. Also
// built into the ThreadSanitizer target (tests/tsan): there, a hand-over through Qt's queue alone
// is reported as a race, since TSan does not see the locks inside Qt.
#include "app/generation/mailbox.h"

#include <QCoreApplication>
#include <QThread>

#include <gtest/gtest.h>

#include <future>
#include <memory>
#include <numeric>
#include <thread>
#include <vector>

namespace terrain::app {
namespace {

// A receiver on a thread of its own, as the generation controller's worker is.
struct ReceiverThread {
    ReceiverThread() {
        receiver.moveToThread(&thread);
        thread.start();
    }
    ~ReceiverThread() {
        thread.quit();
        thread.wait();
    }
    QThread thread;
    QObject receiver;
    Mailbox mailbox{&receiver};
};

// The controller's first job after its thread started: new data, posted at once, read by a
// helper thread the receiving call starts (as the executor's threads read a job's cancel token).
// Repeated, each time on a new thread, so that some posts arrive before its event loop runs.
TEST(Mailbox, DataWrittenBeforePostingIsSeenByTheCallsHelpers) {
    for (int round = 0; round < 20; ++round) {
        ReceiverThread r;
        auto data = std::make_shared<std::vector<int>>(4096, round);  // written after the start
        std::promise<long> sum;
        std::future<long> result = sum.get_future();
        r.mailbox.post([data, &sum] {
            long total = 0;
            std::thread helper([&] { total = std::accumulate(data->begin(), data->end(), 0L); });
            helper.join();
            sum.set_value(total);
        });
        ASSERT_EQ(result.wait_for(std::chrono::seconds(60)), std::future_status::ready);
        EXPECT_EQ(result.get(), 4096L * round);
    }
}

// Two senders, each posting in order: every call runs once, on the receiver's thread, and each
// sender's calls run in the order it posted them.
TEST(Mailbox, CallsRunOnTheReceiversThreadInTheOrderPosted) {
    constexpr int kCalls = 2000;
    ReceiverThread r;
    std::vector<int> seen[2];  // receiver's thread only
    bool elsewhere = false;
    std::promise<void> done;
    int ran = 0;
    auto sender = [&](int who) {
        for (int i = 0; i < kCalls; ++i) {
            r.mailbox.post([&, who, i] {
                if (QThread::currentThread() != &r.thread) elsewhere = true;
                seen[who].push_back(i);
                if (++ran == 2 * kCalls) done.set_value();
            });
        }
    };
    std::thread a(sender, 0), b(sender, 1);
    a.join();
    b.join();
    ASSERT_EQ(done.get_future().wait_for(std::chrono::seconds(60)), std::future_status::ready);
    EXPECT_FALSE(elsewhere);
    for (const std::vector<int>& calls : seen) {
        std::vector<int> expected(kCalls);
        std::iota(expected.begin(), expected.end(), 0);
        EXPECT_EQ(calls, expected);
    }
}

// A receiver deleted with calls still posted: the calls are dropped, nothing runs on freed memory.
TEST(Mailbox, CallsForADeletedReceiverAreDropped) {
    bool ran = false;
    {
        QObject receiver;
        Mailbox mailbox(&receiver);
        mailbox.post([&] { ran = true; });
    }
    QCoreApplication::processEvents();
    EXPECT_FALSE(ran);
}

}  // namespace
}  // namespace terrain::app
