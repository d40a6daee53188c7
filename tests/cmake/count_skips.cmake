# Run by ctest after the tests (CTEST_CUSTOM_POST_TEST, see tests/CMakeLists.txt): prints how many
# of the tests just run were skipped, next to ctest's own summary, which counts a skip as a pass.
# Reads Testing/Temporary/LastTest.log, where ctest marks each skip with the reason below.
set(log "${CMAKE_ARGV3}/Testing/Temporary/LastTest.log")
if(NOT EXISTS "${log}")
  return()
endif()
file(READ "${log}" text)
string(REGEX MATCHALL "Skip regular expression found in output" skips "${text}")
string(REGEX MATCHALL "\n[0-9]+/[0-9]+ Test: " ran "${text}")
list(LENGTH skips n_skipped)
list(LENGTH ran n_ran)
if(n_skipped GREATER 0)
  message("skipped: ${n_skipped} of ${n_ran} tests (listed under \"The following tests did not run\"); "
          "a missing ../shared skips locally and fails under CI=true")
else()
  message("skipped: 0 of ${n_ran} tests")
endif()
