#!/bin/bash
# The SVG golden cases parse as XML: xmllint --noout on each expected output given. Without
# xmllint (Debian: libxml2-utils) the test is skipped, with a message saying so.
if ! command -v xmllint > /dev/null; then
  echo "xmllint not found (Debian package libxml2-utils): the SVG files are not checked"
  exit 77
fi
if [ $# -eq 0 ]; then
  echo "no SVG file given"
  exit 1
fi
status=0
for file in "$@"; do
  xmllint --noout "$file" || status=1
done
exit $status
