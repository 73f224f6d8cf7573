#include "workspace.h"

#include "executor.h"

#include <algorithm>
#include <utility>

namespace terrain::core {

Workspace::Workspace() = default;
Workspace::~Workspace() = default;

void Workspace::ensureWorkers(int count) {
    while (int(m_workers.size()) < count) m_workers.push_back(std::make_unique<WorkerScratch>());
}

WorkspacePool::Lease::Lease(Lease&& other) noexcept
    : m_pool(std::exchange(other.m_pool, nullptr)), m_workspace(std::move(other.m_workspace)) {}

WorkspacePool::Lease& WorkspacePool::Lease::operator=(Lease&& other) noexcept {
    if (this != &other) {
        Lease old(std::move(*this));
        m_pool = std::exchange(other.m_pool, nullptr);
        m_workspace = std::move(other.m_workspace);
    }
    return *this;
}

WorkspacePool::Lease::~Lease() {
    if (m_pool == nullptr || !m_workspace) return;
    const std::lock_guard lock(m_pool->m_mutex);
    if (m_pool->m_free.size() < kKept) m_pool->m_free.push_back(std::move(m_workspace));
}

WorkspacePool::Lease WorkspacePool::borrow() {
    Lease lease;
    lease.m_pool = this;
    {
        const std::lock_guard lock(m_mutex);
        if (!m_free.empty()) {
            lease.m_workspace = std::move(m_free.back());
            m_free.pop_back();
        }
    }
    if (!lease.m_workspace) lease.m_workspace = std::make_unique<Workspace>();
    return lease;
}

std::size_t WorkspacePool::kept() const {
    const std::lock_guard lock(m_mutex);
    return m_free.size();
}

ExecutionScope::ExecutionScope(const GenerateContext& context) : m_context(context) {
    startExecutor();
    if (m_context.workspace != nullptr && m_context.workspace->tryHold()) {
        m_held = m_context.workspace;
    } else {
        m_ownWorkspace = std::make_unique<Workspace>();
        m_context.workspace = m_ownWorkspace.get();
    }
    m_context.workspace->ensureWorkers(std::max(1, m_context.threads));
}

ExecutionScope::ExecutionScope(const GenerateContext& context, WorkspacePool& pool) : m_context(context) {
    startExecutor();
    if (m_context.workspace == nullptr) {
        m_lease = pool.borrow();
        m_context.workspace = m_lease.get();
    }
}

ExecutionScope::~ExecutionScope() {
    if (m_held != nullptr) m_held->release();
}

void ExecutionScope::startExecutor() {
    if (m_context.executor == nullptr && m_context.threads > 1) {
        m_executor = std::make_unique<Executor>(m_context.threads - 1);
        m_context.executor = m_executor.get();
    }
}

}  // namespace terrain::core
