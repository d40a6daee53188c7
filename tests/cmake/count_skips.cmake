# Run by ctest after the tests (CTEST_CUSTOM_POST_TEST, see tests/CMakeLists.txt): prints how many
# of the tests just run were skipped, next to ctest's own summary, which counts a skip as a pass.
# Reads the run's log, where ctest marks each skip by a regular expression (GoogleTest's
# GTEST_SKIP) with the reason below: while post-test commands run it is still
# Testing/Temporary/LastTest*.log.tmp (renamed LastTest*.log when ctest ends). A test skipped by its
# exit code (SKIP_RETURN_CODE 77: web.page, unit.gltf_validator, khronos.TheTableHoldsItsTargets)
# gets no such mark, and the log even says "Test Passed."; each of those prints a line
# "NAME: SKIPPED: why" when it skips, which is counted instead. Without it, the line below said
# "skipped: 6" under a list of 7 that did not run (web.page left out).
file(GLOB log "${CMAKE_ARGV3}/Testing/Temporary/LastTest*.log.tmp")
list(LENGTH log n_logs)
if(NOT n_logs EQUAL 1)
  message("skipped: not counted (expected one LastTest log in progress, found ${n_logs})")
  return()
endif()
if(NOT EXISTS "${log}")
  return()
endif()
file(READ "${log}" text)
string(REGEX MATCHALL "Skip regular expression found in output" skips "${text}")
string(REGEX MATCHALL "\n[A-Za-z_.-]+: SKIPPED: " code_skips "${text}")
list(APPEND skips ${code_skips})
string(REGEX MATCHALL "\n[0-9]+/[0-9]+ Test: " ran "${text}")
list(LENGTH skips n_skipped)
list(LENGTH ran n_ran)
if(n_skipped GREATER 0)
  message("skipped: ${n_skipped} of ${n_ran} tests (listed under \"The following tests did not run\"); "
          "a missing ../shared skips locally and fails under CI=true")
else()
  message("skipped: 0 of ${n_ran} tests")
endif()
