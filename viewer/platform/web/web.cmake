# The page (emcmake; scripts/web.sh, docs/web.md): the window's code, app/, over the same session
# and panels as the desktop viewer, linked to WebAssembly with the browser's frame loop
# (frame_loop_web.cpp) and a main() of its own (commands/web_main.cpp, no verbs). Written to the
# build folder's top: skinview.js, skinview.wasm, skinview.data (the built-in character, at the
# path data_dir() answers in the browser's file system) and index.html, the page.
file(GLOB web_app_sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/app/*.cpp)
add_executable(skinview_web ${web_app_sources} ${CMAKE_CURRENT_SOURCE_DIR}/commands/web_main.cpp
               ${CMAKE_CURRENT_SOURCE_DIR}/platform/web/frame_loop_web.cpp
               ${CMAKE_CURRENT_SOURCE_DIR}/platform/web/window_system_web.cpp
               ${CMAKE_CURRENT_SOURCE_DIR}/platform/web/user_files_web.cpp)
set_target_properties(skinview_web PROPERTIES UNITY_BUILD ${SKINVIEW_UNITY} OUTPUT_NAME skinview SUFFIX .js
                      RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})
target_include_directories(skinview_web PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/app ${CMAKE_CURRENT_SOURCE_DIR}/platform)
target_compile_options(skinview_web PRIVATE ${SKINVIEW_WARNINGS})
target_link_libraries(skinview_web PRIVATE skinview_session skinview_ui nlohmann_json::nlohmann_json)
# data_dir() reads /proc/self/exe, which the browser lacks, and falls back to share/skinview under
# the working folder, "/": the built-in character is preloaded there.
set(web_default_asset ${CMAKE_SOURCE_DIR}/assets/humanoid.glb)
# -O2 at the link, after the build type's -O3 (the last wins), for the objects compiled at -O3: the
# link's wasm-opt took 112 s at -O3 and 79 s at -O2 on the two-core machine under load, for a wasm
# 1.2% larger (3.09 MB against 3.05 MB), and the link is most of a warm CI step (docs/web.md).
# What would make it wrong: a frame time that -O3's whole-program passes measurably improve.
target_link_options(skinview_web PRIVATE -O2
  -sALLOW_MEMORY_GROWTH=1 -sENVIRONMENT=web -sEXIT_RUNTIME=0
  -sEXPORTED_RUNTIME_METHODS=FS,ccall
  "SHELL:--preload-file ${web_default_asset}@/share/skinview/humanoid.glb")
set_property(TARGET skinview_web APPEND PROPERTY LINK_DEPENDS ${web_default_asset})
# The sky's and sheen's tables, preloaded at /share/skinview/tables (web_main.cpp points the reader
# there), written by web_tables_main.cpp: the render library compiled to wasm like the page's and run
# by node with the real file system (NODERAWFS). Not through CMAKE_CROSSCOMPILING_EMULATOR: Debian's
# emscripten sets it to node with --experimental-wasm-threads, which node 20 refuses. The cost:
# 0.69 MB more to transfer, gzip (1.24 to 1.93 MiB), against 0.3 s or more of computing on the page.
add_executable(skinview_web_tables ${CMAKE_CURRENT_SOURCE_DIR}/platform/web/web_tables_main.cpp)
set_target_properties(skinview_web_tables PROPERTIES SUFFIX .js RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tools)
target_compile_options(skinview_web_tables PRIVATE ${SKINVIEW_WARNINGS})
target_link_libraries(skinview_web_tables PRIVATE skinview_render)
target_link_options(skinview_web_tables PRIVATE -O2 -sENVIRONMENT=node -sNODERAWFS=1 -sALLOW_MEMORY_GROWTH=1
                    -sEXIT_RUNTIME=1 -sWASM_ASYNC_COMPILATION=0)
# WASM_ASYNC_COMPILATION=0: the runtime then reads its .wasm from disk; asynchronously it takes
# node 20's fetch, which cannot fetch a file path.
set(web_tables_dir ${CMAKE_BINARY_DIR}/web_tables)
set(web_tables ${web_tables_dir}/sky_environment.bin ${web_tables_dir}/sheen_albedo.bin
    ${web_tables_dir}/sky_sheen_atlas.bin)
find_program(SKINVIEW_NODE NAMES node nodejs REQUIRED)
add_custom_command(OUTPUT ${web_tables}
                   COMMAND ${CMAKE_COMMAND} -E remove_directory ${web_tables_dir}
                   COMMAND ${SKINVIEW_NODE} $<TARGET_FILE:skinview_web_tables> ${web_tables_dir}
                   DEPENDS skinview_web_tables VERBATIM)
add_custom_target(skinview_web_tables_written DEPENDS ${web_tables})
add_dependencies(skinview_web skinview_web_tables_written)
# SHELL: keeps each --preload-file with its path (CMake drops a repeated option otherwise).
target_link_options(skinview_web PRIVATE "SHELL:--preload-file ${web_tables_dir}@/share/skinview/tables")
set_property(TARGET skinview_web APPEND PROPERTY LINK_DEPENDS ${web_tables})
# SKINVIEW_WEB_PROFILING (scripts/web.sh: SKINVIEW_WEB_PROFILING=1): the wasm keeps its functions'
# names, so a browser profile (tests/web/page_profile.js) names them rather than wasm-function[N].
# Off by default: the names make the wasm larger, and the page's transferred bytes are a figure.
option(SKINVIEW_WEB_PROFILING "keep function names in the wasm, for a browser profile" OFF)
if(SKINVIEW_WEB_PROFILING)
  target_link_options(skinview_web PRIVATE --profiling-funcs)
endif()
# The page is written by the build, not by emcc (its HTML minifier is not packaged in Debian).
configure_file(${CMAKE_CURRENT_SOURCE_DIR}/platform/web/index.html ${CMAKE_BINARY_DIR}/index.html COPYONLY)
# The licences of what the page links statically (THIRD_PARTY.md), beside it: each source package's
# debian/copyright, so the folder served is complete as it stands.
foreach(pair "imgui;${imgui_dir}" "tinygltf;${tinygltf_dir}" "meshoptimizer;${meshopt_dir}" "libwebp;${webp_dir}"
        "draco;${draco_dir}")
  list(GET pair 0 name)
  list(GET pair 1 dir)
  configure_file(${dir}/debian/copyright ${CMAKE_BINARY_DIR}/licenses/${name}.txt COPYONLY)
endforeach()
