#pragma once
// The commit journal (internal to core/io): its text, and the recovery of a commit a process
// did not finish, from a folder whose contents are not trusted. FileTransaction writes journals
// (file_transaction.cpp); cleanStaleFiles and every commit run what stale ones allow.
#include <sys/types.h>

#include <filesystem>
#include <string>
#include <vector>

#include "file_transaction.h"

namespace terrain::core::commit_journal {

inline constexpr const char* kJournalPrefix = ".terrain-commit-";
inline constexpr const char* kJournalSuffix = ".journal";

struct JournalEntry {
    std::string temp, target, backup;  // backup: empty when there was no previous file
};

// The text of a journal (version 2: plain names of files in the journal's own folder).
std::string journalText(const std::vector<JournalEntry>& entries);

// The folder an export writes into, as a descriptor (-1 when it cannot be opened). Its path is
// the caller's (the user named it, and the export writes through it anyway), so a symlink naming
// the folder itself is followed; nothing inside the folder is: every later step works on names
// relative to this descriptor.
int openFolder(const std::filesystem::path& folder);

// cleanStaleFiles on a folder opened with openFolder().
CleanupReport cleanStaleFilesAt(int folderFd, const std::filesystem::path& folder);

// An absolute, lexically normal path (the path itself when there is no working directory).
std::filesystem::path normalised(const std::filesystem::path& path);
// "a folder", "a FIFO (named pipe)", ... for messages.
const char* fileKind(mode_t mode);

}  // namespace terrain::core::commit_journal
