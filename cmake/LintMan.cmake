# Fails when groff finds anything to warn about in a man page: cmake -DPAGE=<page> -P LintMan.cmake
cmake_minimum_required(VERSION 3.25)
if(NOT EXISTS "${PAGE}")
  message(FATAL_ERROR "missing man page ${PAGE}")
endif()
# -Tutf8: pages name Chinese pieces with \[uXXXX] escapes, which need a Unicode device.
execute_process(COMMAND groff -man -ww -z -Tutf8 "${PAGE}"
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0 OR NOT err STREQUAL "" OR NOT out STREQUAL "")
  message(FATAL_ERROR "groff -man -ww -z -Tutf8 ${PAGE}: status ${status}\n${out}${err}")
endif()
