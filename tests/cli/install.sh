#!/usr/bin/env bash
# Installs the build into a fresh prefix and checks that the installed tools run, find the
# installed libboardgames (not the build tree's) and come with their man pages.
# usage: install.sh BUILD_DIR PREFIX "TOOL;TOOL..." [CXX CXX_FLAGS EXE_LINKER_FLAGS]
set -eu
build=$1
prefix=$2
tools=$3
cxx=${4:-c++}
cxx_flags=${5:-}
linker_flags=${6:-}
rm -rf "$prefix"
cmake --install "$build" --prefix "$prefix" > /dev/null
status=0
IFS=';'
for tool in $tools; do
  bin="$prefix/bin/$tool"
  if ! env -u LD_LIBRARY_PATH "$bin" --version > /dev/null; then
    echo "FAIL: installed $tool does not run"; status=1
  fi
  lib=$(env -u LD_LIBRARY_PATH ldd "$bin" | awk '/libboardgames/ {print $3}')
  case "$lib" in
    "$prefix"/*) ;;
    *) echo "FAIL: $tool loads libboardgames from '$lib', not from $prefix"; status=1 ;;
  esac
  [ -f "$prefix/share/man/man1/$tool.1" ] || { echo "FAIL: no man page for $tool"; status=1; }
done
[ -f "$prefix/share/man/man5/boardgames-formats.5" ] || { echo "FAIL: no boardgames-formats.5"; status=1; }
[ -f "$prefix/include/boardgames/version.h" ] || { echo "FAIL: headers not installed"; status=1; }
# The installed headers stand on their own: each quoted include names an installed header, and
# the library's private parts (libboardgames/src: the matching solver, ...) stay behind.
while IFS= read -r header; do
  while IFS= read -r included; do
    [ -f "$prefix/include/$included" ] || { echo "FAIL: installed $header includes \"$included\", not installed"; status=1; }
  done < <(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$header")
done < <(find "$prefix/include" -name '*.h')
if [ -n "$(find "$prefix/include" -name 'weighted_matching*')" ]; then
  echo "FAIL: the matching solver's private header is installed"; status=1
fi
# Another CMake project finds the installed package and links the library.
consumer_build="$prefix-consumer"
rm -rf "$consumer_build"
if ! cmake -S "$(dirname "$0")/../consumer" -B "$consumer_build" -DCMAKE_PREFIX_PATH="$prefix" \
       -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_CXX_FLAGS="$cxx_flags" -DCMAKE_EXE_LINKER_FLAGS="$linker_flags" > "$consumer_build.log" 2>&1 ||
   ! cmake --build "$consumer_build" >> "$consumer_build.log" 2>&1; then
  echo "FAIL: a project using find_package(boardgames) does not build:"; cat "$consumer_build.log"; status=1
else
  printed=$(env -u LD_LIBRARY_PATH LD_LIBRARY_PATH="$prefix/lib" "$consumer_build/consumer" 2>&1 || true)
  if [ "$printed" != "3½ 2 ok" ]; then echo "FAIL: the consumer printed '$printed'"; status=1; fi
fi
rm -rf "$prefix" "$consumer_build" "$consumer_build.log"
exit $status
