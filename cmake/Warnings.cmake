# Warnings for every target of the project, through one interface target. They are turned
# into errors by the presets (CMAKE_COMPILE_WARNING_AS_ERROR), not here, so that a newer
# compiler's new warning never breaks a user's build.
add_library(boardgames_warnings INTERFACE)
add_library(boardgames::warnings ALIAS boardgames_warnings)
target_compile_options(boardgames_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wnon-virtual-dtor
  -Wold-style-cast -Woverloaded-virtual -Wcast-align -Wimplicit-fallthrough)
# GCC 12 reports false -Wrestrict errors inside libstdc++'s std::string at -O3
# (https://gcc.gnu.org/bugzilla/show_bug.cgi?id=105651, fixed in GCC 13), and false
# -Wmaybe-uninitialized ones on a std::string member of a value-initialised aggregate
# (Problem{reason} with its SourceLocation{}: the release preset failed to build on
# go/count.cpp and io/go_output.cpp). Uninitialised reads are what the sanitizer and valgrind
# runs catch for real.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
  target_compile_options(boardgames_warnings INTERFACE -Wno-restrict -Wno-maybe-uninitialized)
endif()
