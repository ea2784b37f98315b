// Debian's doctest ships no prebuilt main; this file provides it.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
