# The web build's third-party parts (issue 29), for `emcmake cmake` (.ci/web.sh sets it up).
# Nothing is vendored: Dear ImGui's and zlib's sources come from Debian's source packages
# (ROOFLINE_IMGUI_SOURCE_DIR, ROOFLINE_ZLIB_SOURCE_DIR), nlohmann_json from its -dev package's
# headers, GLFW and WebGL from emscripten itself (-sUSE_GLFW=3 is a JavaScript library).
set(ROOFLINE_IMGUI_SOURCE_DIR "" CACHE PATH "Dear ImGui 1.86's sources (apt-get source imgui)")
set(ROOFLINE_ZLIB_SOURCE_DIR "" CACHE PATH "zlib's sources (apt-get source zlib)")
foreach(dir IMGUI ZLIB)
  if(NOT EXISTS "${ROOFLINE_${dir}_SOURCE_DIR}")
    message(FATAL_ERROR "The web build needs ROOFLINE_${dir}_SOURCE_DIR: build it with .ci/web.sh")
  endif()
endforeach()

# Exceptions as WebAssembly exceptions (a bad file is an error message, not an aborted page);
# every object and the link agree on it.
add_compile_options(-fwasm-exceptions)
add_link_options(-fwasm-exceptions)

# zlib (gzip'd profiles), compiled from its sources; -DZ_HAVE_UNISTD_H as emscripten has one.
set(ROOFLINE_ZLIB_SOURCES adler32.c compress.c crc32.c deflate.c gzclose.c gzlib.c gzread.c
                          gzwrite.c infback.c inffast.c inflate.c inftrees.c trees.c uncompr.c
                          zutil.c)
list(TRANSFORM ROOFLINE_ZLIB_SOURCES PREPEND ${ROOFLINE_ZLIB_SOURCE_DIR}/)
add_library(roofline_web_zlib STATIC ${ROOFLINE_ZLIB_SOURCES})
target_compile_definitions(roofline_web_zlib PUBLIC Z_HAVE_UNISTD_H)
target_include_directories(roofline_web_zlib SYSTEM PUBLIC ${ROOFLINE_ZLIB_SOURCE_DIR})
add_library(ZLIB::ZLIB ALIAS roofline_web_zlib)

# nlohmann_json: its headers alone, copied to a folder of their own (its CMake package would
# add /usr/include, whose glibc headers must not reach a WebAssembly compile).
find_path(ROOFLINE_NLOHMANN_INCLUDE nlohmann/json.hpp PATHS /usr/include NO_DEFAULT_PATH
          NO_CMAKE_FIND_ROOT_PATH REQUIRED)
file(COPY ${ROOFLINE_NLOHMANN_INCLUDE}/nlohmann DESTINATION ${CMAKE_BINARY_DIR}/web_include)
add_library(roofline_web_nlohmann INTERFACE)
target_include_directories(roofline_web_nlohmann SYSTEM INTERFACE ${CMAKE_BINARY_DIR}/web_include)
add_library(nlohmann_json::nlohmann_json ALIAS roofline_web_nlohmann)

# Dear ImGui with its GLFW and OpenGL 3 backends, the latter on WebGL 2 (OpenGL ES 3).
set(ROOFLINE_IMGUI_SOURCES imgui.cpp imgui_draw.cpp imgui_tables.cpp imgui_widgets.cpp
                           backends/imgui_impl_glfw.cpp backends/imgui_impl_opengl3.cpp
                           misc/cpp/imgui_stdlib.cpp)
list(TRANSFORM ROOFLINE_IMGUI_SOURCES PREPEND ${ROOFLINE_IMGUI_SOURCE_DIR}/)
add_library(roofline_web_imgui STATIC ${ROOFLINE_IMGUI_SOURCES})
target_include_directories(roofline_web_imgui SYSTEM PUBLIC ${ROOFLINE_IMGUI_SOURCE_DIR}
                                                            ${ROOFLINE_IMGUI_SOURCE_DIR}/misc/cpp)
target_compile_definitions(roofline_web_imgui PUBLIC IMGUI_IMPL_OPENGL_ES3)
target_link_options(roofline_web_imgui PUBLIC -sUSE_GLFW=3 -sMIN_WEBGL_VERSION=2
                                              -sMAX_WEBGL_VERSION=2)
add_library(PkgConfig::IMGUI ALIAS roofline_web_imgui)
