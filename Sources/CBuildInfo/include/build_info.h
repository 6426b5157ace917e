#ifndef MOVIES_BUILD_INFO_H
#define MOVIES_BUILD_INFO_H

// What the build knows and the source cannot: the commit, which Package.swift passes in as a
// C define because Swift's -D takes no values.

/// The commit the binary was built from, or "" when the build was not told (a plain
/// `swift build`).
const char *movies_build_commit(void);

#endif
