# Runs one golden CLI case and compares what the tool did with what the case expects.
#
#   cmake -DTOOL=<program> -DCASE=<case directory> [-DUPDATE=1] -P RunCliCase.cmake
#
# A case directory holds:
#   args     the arguments, one per line (optional; "@CASE@" stands for the case directory)
#   stdin    fed to standard input (optional; otherwise /dev/null)
#   stdout   expected standard output
#   stderr   expected standard error (optional: empty when absent)
#   status   expected exit status (optional: 0 when absent)
#   mask     regular expressions, one a line, whose matches in standard output are replaced by
#            "<masked>" before comparing (for figures that vary from run to run, such as speed)
# The tool runs in the case directory, so file arguments are relative to it. With -DUPDATE=1
# the expectations are rewritten from the run (review the diff before committing it).
cmake_minimum_required(VERSION 3.25)

set(arguments "")
if(EXISTS "${CASE}/args")
  file(STRINGS "${CASE}/args" arguments ENCODING UTF-8)
  list(TRANSFORM arguments REPLACE "@CASE@" "${CASE}")
endif()
set(input /dev/null)
if(EXISTS "${CASE}/stdin")
  set(input "${CASE}/stdin")
endif()

execute_process(
  COMMAND ${TOOL} ${arguments}
  WORKING_DIRECTORY "${CASE}"
  INPUT_FILE "${input}"
  OUTPUT_VARIABLE actual_stdout
  ERROR_VARIABLE actual_stderr
  RESULT_VARIABLE actual_status)

if(EXISTS "${CASE}/mask")
  file(STRINGS "${CASE}/mask" masks)
  foreach(mask IN LISTS masks)
    string(REGEX REPLACE "${mask}" "<masked>" actual_stdout "${actual_stdout}")
  endforeach()
endif()

if(UPDATE)
  file(WRITE "${CASE}/stdout" "${actual_stdout}")
  if(actual_stderr STREQUAL "")
    file(REMOVE "${CASE}/stderr")
  else()
    file(WRITE "${CASE}/stderr" "${actual_stderr}")
  endif()
  if(actual_status EQUAL 0)
    file(REMOVE "${CASE}/status")
  else()
    file(WRITE "${CASE}/status" "${actual_status}\n")
  endif()
  return()
endif()

set(expected_stdout "")
set(expected_stderr "")
set(expected_status 0)
if(EXISTS "${CASE}/stdout")
  file(READ "${CASE}/stdout" expected_stdout)
endif()
if(EXISTS "${CASE}/stderr")
  file(READ "${CASE}/stderr" expected_stderr)
endif()
if(EXISTS "${CASE}/status")
  file(STRINGS "${CASE}/status" expected_status LIMIT_COUNT 1)
endif()

set(failed FALSE)
if(NOT actual_status STREQUAL expected_status)
  message(SEND_ERROR "exit status ${actual_status}, expected ${expected_status}")
  set(failed TRUE)
endif()
if(NOT actual_stdout STREQUAL expected_stdout)
  message(SEND_ERROR "standard output differs.\n--- expected\n${expected_stdout}\n--- actual\n${actual_stdout}")
  set(failed TRUE)
endif()
if(NOT actual_stderr STREQUAL expected_stderr)
  message(SEND_ERROR "standard error differs.\n--- expected\n${expected_stderr}\n--- actual\n${actual_stderr}")
  set(failed TRUE)
endif()
if(failed)
  message(FATAL_ERROR "case ${CASE} failed")
endif()
