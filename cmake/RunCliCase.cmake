# Runs one golden CLI case and compares what the tool did with what the case expects.
#
#   cmake -DTOOL=<program> -DCASE=<case directory> -DWORK=<scratch directory> [-DUPDATE=1]
#         -P RunCliCase.cmake
#
# The case directory is copied to the scratch directory (links stay links) and the tool runs
# there, so a case may write, overwrite or try to overwrite its files. A case directory holds:
#   args     the arguments, one per line (optional; "@CASE@" stands for the scratch directory,
#            "@BUILD@" for the golden cases' build directory, where setup tests leave files)
#   stdin    fed to standard input (optional; otherwise /dev/null)
#   stdout   expected standard output
#   stderr   expected standard error (optional: empty when absent)
#   status   expected exit status (optional: 0 when absent)
#   after/   files the scratch directory must hold after the run, byte for byte (optional; for
#            what -o wrote, or an input that must be left as it was)
#   mask     regular expressions, one a line, whose matches in standard output are replaced by
#            "<masked>" before comparing (for figures that vary from run to run, such as speed)
# File arguments are relative to the case directory. No run may leave a temporary file
# ("*.tmp*") behind. With -DUPDATE=1 the expectations (not after/) are rewritten from the run
# (review the diff before committing it).
cmake_minimum_required(VERSION 3.25)

file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
file(GLOB case_entries LIST_DIRECTORIES true "${CASE}/*")
file(COPY ${case_entries} DESTINATION "${WORK}")

set(arguments "")
if(EXISTS "${CASE}/args")
  file(STRINGS "${CASE}/args" arguments ENCODING UTF-8)
  list(TRANSFORM arguments REPLACE "@CASE@" "${WORK}")
  if(DEFINED BUILD)
    list(TRANSFORM arguments REPLACE "@BUILD@" "${BUILD}")
  endif()
endif()
set(input /dev/null)
if(EXISTS "${WORK}/stdin")
  set(input "${WORK}/stdin")
endif()

execute_process(
  COMMAND ${TOOL} ${arguments}
  WORKING_DIRECTORY "${WORK}"
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
file(GLOB_RECURSE leftovers RELATIVE "${WORK}" "${WORK}/*.tmp*")
if(leftovers)
  message(SEND_ERROR "temporary files left behind: ${leftovers}")
  set(failed TRUE)
endif()
if(IS_DIRECTORY "${CASE}/after")
  file(GLOB_RECURSE kept RELATIVE "${CASE}/after" "${CASE}/after/*")
  foreach(name IN LISTS kept)
    if(NOT EXISTS "${WORK}/${name}")
      message(SEND_ERROR "${name}: missing after the run")
      set(failed TRUE)
      continue()
    endif()
    file(READ "${CASE}/after/${name}" expected_file HEX)
    file(READ "${WORK}/${name}" actual_file HEX)
    if(NOT expected_file STREQUAL actual_file)
      file(READ "${WORK}/${name}" actual_text)
      message(SEND_ERROR "${name} differs after the run:\n${actual_text}")
      set(failed TRUE)
    endif()
  endforeach()
endif()
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
