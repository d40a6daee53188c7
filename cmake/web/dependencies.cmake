# The web build's third-party libraries (emcmake, scripts/web.sh): the targets the native build gets
# from find_package and pkg-config, made here from Debian's sources and headers under the names the
# rest of the tree links (glm::glm, nlohmann_json::nlohmann_json, TinyGLTF::TinyGLTF,
# PkgConfig::IMGUI, PkgConfig::STB), so no other CMakeLists needs a web branch for them. GLFW is
# emscripten's and made where the native build finds it (render/CMakeLists.txt).
#
# SKINVIEW_WEB_SOURCES: the folder scripts/web.sh unpacked `apt-get source imgui tinygltf` into, at
# the versions the native build links (Dear ImGui 1.86, tinygltf 2.7.0). Header-only libraries
# (glm, nlohmann-json, stb) are Debian's installed headers, reached through a folder of links of
# their own: -I/usr/include would put glibc's headers before emscripten's libc.
# What would make this wrong: a Debian update moving the native build to another imgui or tinygltf
# while scripts/web.sh still pins the old source version (the pins sit together in scripts/web.sh).
set(SKINVIEW_WEB_SOURCES "" CACHE PATH "Folder holding imgui-1.86+ds/ and tinygltf-2.7.0+dfsg/ (scripts/web.sh)")
set(imgui_dir ${SKINVIEW_WEB_SOURCES}/imgui-1.86+ds)
set(tinygltf_dir ${SKINVIEW_WEB_SOURCES}/tinygltf-2.7.0+dfsg)
foreach(d ${imgui_dir}/imgui.cpp ${tinygltf_dir}/tiny_gltf.h /usr/include/glm/glm.hpp
          /usr/include/nlohmann/json.hpp /usr/include/stb/stb_image.h)
  if(NOT EXISTS ${d})
    message(FATAL_ERROR "web build: ${d} is missing; scripts/web.sh installs and unpacks it "
                        "(SKINVIEW_WEB_SOURCES=${SKINVIEW_WEB_SOURCES})")
  endif()
endforeach()

# pkg-config would answer with the host's .pc files, which describe native libraries (libwebp was
# found and its headers missed): the web build sees none, so the decoders without a web build
# (libwebp, libdraco, libmeshoptimizer) are absent and their files refused by name, as a native
# build without them refuses them (anim/CMakeLists.txt).
file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/web_pkgconfig)
set(ENV{PKG_CONFIG_LIBDIR} ${CMAKE_BINARY_DIR}/web_pkgconfig)
set(ENV{PKG_CONFIG_PATH} "")

# Debian's header-only libraries, each linked alone into an include folder.
set(web_include ${CMAKE_BINARY_DIR}/web_include)
file(MAKE_DIRECTORY ${web_include})
foreach(link glm nlohmann stb)
  file(CREATE_LINK /usr/include/${link} ${web_include}/${link} SYMBOLIC)
endforeach()
# tinygltf and the project include <stb_image.h> as well as <stb/stb_image.h> (Debian's libstb-dev
# puts both on the native path through pkg-config).
foreach(h stb_image.h stb_image_write.h)
  file(CREATE_LINK /usr/include/stb/${h} ${web_include}/${h} SYMBOLIC)
endforeach()

add_library(glm::glm INTERFACE IMPORTED)
set_target_properties(glm::glm PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${web_include})
add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
set_target_properties(nlohmann_json::nlohmann_json PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${web_include})
add_library(PkgConfig::STB INTERFACE IMPORTED)
set_target_properties(PkgConfig::STB PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${web_include})

# tinygltf's one source defines tinygltf's, stb_image's and stb_image_write's implementations (the
# native build gets stb's from libstb). anim/CMakeLists.txt links ${SKINVIEW_STB_LIBRARY}: set here
# (CMP0125: find_library keeps a variable already set), it names the headers alone.
add_library(skinview_web_tinygltf STATIC ${tinygltf_dir}/tiny_gltf.cc)
target_include_directories(skinview_web_tinygltf SYSTEM PUBLIC ${tinygltf_dir} ${web_include})
add_library(TinyGLTF::TinyGLTF ALIAS skinview_web_tinygltf)
set(SKINVIEW_STB_LIBRARY PkgConfig::STB)

# Dear ImGui with the two backends the viewer uses (Debian's libimgui builds them in). ES3: the
# backend otherwise picks ES2 under emscripten; the renderer's context is WebGL 2.
add_library(skinview_web_imgui STATIC
  ${imgui_dir}/imgui.cpp ${imgui_dir}/imgui_draw.cpp ${imgui_dir}/imgui_tables.cpp
  ${imgui_dir}/imgui_widgets.cpp ${imgui_dir}/imgui_demo.cpp
  ${imgui_dir}/backends/imgui_impl_glfw.cpp ${imgui_dir}/backends/imgui_impl_opengl3.cpp)
target_include_directories(skinview_web_imgui SYSTEM PUBLIC ${imgui_dir})
target_compile_definitions(skinview_web_imgui PUBLIC IMGUI_IMPL_OPENGL_ES3)
add_library(PkgConfig::IMGUI ALIAS skinview_web_imgui)

# The decoders of compressed glTF, from Debian's sources at the versions the native build links
# (libmeshoptimizer-dev 0.18, libwebp-dev 1.2.4, libdraco-dev 1.5.5; pinned in scripts/web.sh), so a
# Draco, meshopt or WebP file opens on the page as it does natively. Each is made under the name the
# native build finds it by (meshoptimizer::meshoptimizer, PkgConfig::WEBP, draco::draco); anim/ and
# the top level take a target already made as found. Only the decoding half of each is compiled
# where the library's layout allows it; what the decoder does not reach the linker drops.
# What would make it wrong: a Debian update of a native -dev package without the pin here.
set(meshopt_dir ${SKINVIEW_WEB_SOURCES}/meshoptimizer-0.18+dfsg)
set(webp_dir ${SKINVIEW_WEB_SOURCES}/libwebp-1.2.4)
set(draco_dir ${SKINVIEW_WEB_SOURCES}/draco-1.5.5+dfsg)
foreach(d ${meshopt_dir}/src/meshoptimizer.h ${webp_dir}/src/webp/decode.h ${draco_dir}/src/draco/compression/decode.h)
  if(NOT EXISTS ${d})
    message(FATAL_ERROR "web build: ${d} is missing; scripts/web.sh unpacks it "
                        "(SKINVIEW_WEB_SOURCES=${SKINVIEW_WEB_SOURCES})")
  endif()
endforeach()

add_library(skinview_web_meshopt STATIC ${meshopt_dir}/src/vertexcodec.cpp ${meshopt_dir}/src/indexcodec.cpp
            ${meshopt_dir}/src/vertexfilter.cpp)
target_include_directories(skinview_web_meshopt SYSTEM PUBLIC ${meshopt_dir}/src)
add_library(meshoptimizer::meshoptimizer ALIAS skinview_web_meshopt)
set(meshoptimizer_VERSION "0.18 (Debian's source, compiled for the page)")

# libwebp's decoder: its dec/, dsp/ and utils/ folders (the library libwebpdecoder is made of).
# The SIMD files of dsp/ compile to nothing here: each is guarded by its instruction set's macro.
file(GLOB webp_sources ${webp_dir}/src/dec/*.c ${webp_dir}/src/dsp/*.c ${webp_dir}/src/utils/*.c)
add_library(skinview_web_webp STATIC ${webp_sources})
target_include_directories(skinview_web_webp SYSTEM PUBLIC ${webp_dir}/src)
target_include_directories(skinview_web_webp PRIVATE ${webp_dir})  # its sources include "src/dec/..."
add_library(PkgConfig::WEBP ALIAS skinview_web_webp)
set(WEBP_VERSION "1.2.4 (Debian's source, compiled for the page)")

# Draco's decoder. draco_features.h is generated by Draco's own CMake; written here with the features
# Debian's build enables except the transcoder (it needs Draco's glTF writer, which a decoder never
# calls). Encoder sources are compiled too, as the folders mix them; the link keeps the decoder.
set(draco_generated ${CMAKE_BINARY_DIR}/web_draco)
file(WRITE ${draco_generated}/draco/draco_features.h.new
  "// Written by cmake/web/dependencies.cmake: the features of Debian's libdraco-dev but the transcoder.\n"
  "#ifndef DRACO_FEATURES_H_\n#define DRACO_FEATURES_H_\n"
  "#define DRACO_POINT_CLOUD_COMPRESSION_SUPPORTED\n#define DRACO_MESH_COMPRESSION_SUPPORTED\n"
  "#define DRACO_NORMAL_ENCODING_SUPPORTED\n#define DRACO_STANDARD_EDGEBREAKER_SUPPORTED\n"
  "#define DRACO_PREDICTIVE_EDGEBREAKER_SUPPORTED\n#define DRACO_BACKWARDS_COMPATIBILITY_SUPPORTED\n"
  "#define DRACO_ATTRIBUTE_INDICES_DEDUPLICATION_SUPPORTED\n#define DRACO_ATTRIBUTE_VALUES_DEDUPLICATION_SUPPORTED\n"
  "#endif\n")
configure_file(${draco_generated}/draco/draco_features.h.new ${draco_generated}/draco/draco_features.h COPYONLY)
set(draco_sources)
foreach(folder compression core attributes mesh point_cloud metadata)
  file(GLOB_RECURSE found ${draco_dir}/src/draco/${folder}/*.cc)
  list(APPEND draco_sources ${found})
endforeach()
list(FILTER draco_sources EXCLUDE REGEX "(_test|test_utils|_fuzzer)\\.cc$")
add_library(skinview_web_draco STATIC ${draco_sources})
target_include_directories(skinview_web_draco SYSTEM PUBLIC ${draco_dir}/src ${draco_generated})
add_library(draco::draco ALIAS skinview_web_draco)
# As natively, Draco comes through tinygltf's link interface (anim/CMakeLists.txt links tinygltf for it).
target_link_libraries(skinview_web_tinygltf INTERFACE skinview_web_draco)
set(draco_VERSION "1.5.5 (Debian's source, compiled for the page)")
