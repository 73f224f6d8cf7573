// The open set of a priority flood: a min-priority queue of unique 64-bit keys that pops them in
// exactly the order a binary heap would, but faster when, as in a flood, almost every key pushed
// is above the last one popped.
//
// A radix heap (Ahuja, Mehlhorn, Orlin and Tarjan 1990): bucket b > 0 holds the keys whose highest
// bit differing from the last popped key is bit b - 1. A push appends to its bucket; a pop that
// finds bucket 0 empty takes the first non-empty bucket, makes its smallest key the last one and
// spreads the rest into lower buckets. Each key moves down a few buckets in its life, and every
// move is an append, so the queue streams through memory where a binary heap of millions of cells
// misses the cache at each level of each sift. A key pushed below the last popped one (a flood
// whose rise rounds away at large heights) is smaller than every key in the buckets and goes to a
// small binary heap that pops first, so the order stays exactly the smallest key first.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <queue>
#include <vector>

namespace terrain::core {

class FloodQueue {
public:
    // A key that orders as (height, index): heights as floats (-0 as +0, no NaN), ties by index.
    static std::uint64_t key(float height, std::uint32_t index) {
        auto bits = std::bit_cast<std::uint32_t>(height + 0.0f);  // -0 + 0 = +0
        bits = (bits & 0x80000000U) ? ~bits : (bits | 0x80000000U);
        return (std::uint64_t(bits) << 32) | index;
    }
    static std::uint32_t index(std::uint64_t key) { return std::uint32_t(key); }

    bool empty() const { return size_ == 0; }

    void push(std::uint64_t key) {
        ++size_;
        if (key < last_)
            below_.push(key);
        else
            buckets_[bucketOf(key)].push_back(key);
    }

    // The smallest key; the queue must not be empty.
    std::uint64_t pop() {
        --size_;
        if (!below_.empty()) {
            const std::uint64_t key = below_.top();
            below_.pop();
            return key;
        }
        if (buckets_[0].empty()) {
            std::size_t b = 1;
            while (buckets_[b].empty()) ++b;
            std::vector<std::uint64_t>& from = buckets_[b];
            last_ = *std::min_element(from.begin(), from.end());
            for (const std::uint64_t key : from) buckets_[bucketOf(key)].push_back(key);
            from.clear();
        }
        const std::uint64_t key = buckets_[0].back();
        buckets_[0].pop_back();
        return key;
    }

private:
    std::size_t bucketOf(std::uint64_t key) const {
        return key == last_ ? 0 : std::size_t(64 - std::countl_zero(key ^ last_));
    }

    std::uint64_t last_ = 0;
    std::size_t size_ = 0;
    std::array<std::vector<std::uint64_t>, 65> buckets_;
    std::priority_queue<std::uint64_t, std::vector<std::uint64_t>, std::greater<>> below_;
};

}  // namespace terrain::core
