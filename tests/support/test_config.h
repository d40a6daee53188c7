// Where the build put things, as functions rather than string macros: every test source is
// compiled with this header forced in (-include), and SKINVIEW_EXE, SKINVIEW_SOURCE_DIR,
// SKINVIEW_SHARED_ASSETS and SKINVIEW_TEST_OUTPUT_DIR expand to these calls.
//
// Why: an absolute path in a -D flag is part of every test object's compile line, so a checkout in
// another folder (CI's fresh clone) missed the compiler cache on every test file. The paths now live
// in one generated source (test_config.cpp in the build tree, the library skinview_test_config),
// the only test object that differs between checkouts.
#pragma once

const char* skinview_test_exe();            // the built skinview executable ("" without GL)
const char* skinview_test_source_dir();     // the source tree
const char* skinview_test_shared_assets();  // ../shared/assets beside the source tree
const char* skinview_test_output_dir();     // build/test-output
