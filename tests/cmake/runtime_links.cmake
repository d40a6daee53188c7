# ctest unit.runtime_links: the runtime's test executables load no glTF reader. ldd lists the shared
# libraries each binary loads; any whose name holds a FORBIDDEN word (tinygltf, the decoders) fails
# the test, naming the binary and the library. CONTROL, the reader's own test binary, must show
# tinygltf, or this check has stopped seeing what it looks for (a static tinygltf, a renamed
# library) and would pass whatever the runtime linked.
#   cmake -DBINARIES=a,b -DFORBIDDEN=w1,w2 -DCONTROL=reader_test -P runtime_links.cmake
string(REPLACE "," ";" binaries "${BINARIES}")
string(REPLACE "," ";" forbidden "${FORBIDDEN}")
function(shared_libs bin out)
  execute_process(COMMAND ldd ${bin} OUTPUT_VARIABLE text RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "ldd ${bin} failed (${rc})")
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

shared_libs(${CONTROL} control)
if(NOT control MATCHES "tinygltf")
  message(FATAL_ERROR "control: ${CONTROL} (the reader's tests) does not load tinygltf, so this check "
                      "cannot see a reader; ldd says:\n${control}")
endif()
list(LENGTH binaries n)
if(n EQUAL 0)
  message(FATAL_ERROR "no runtime test binaries given")
endif()
set(failures "")
foreach(bin ${binaries})
  shared_libs(${bin} libs)
  foreach(word ${forbidden})
    string(REGEX MATCH "[^\n\t ]*${word}[^\n\t ]*" hit "${libs}")
    if(hit)
      string(APPEND failures "${bin} loads ${hit}\n")
    endif()
  endforeach()
endforeach()
if(failures)
  message(FATAL_ERROR "the runtime's tests must not load a glTF reader or decoder:\n${failures}")
endif()
message(STATUS "runtime_links: ${n} runtime test binaries load no reader (control ${CONTROL} loads tinygltf)")
