// What libboardgames exports. The library is built with hidden visibility
// (-fvisibility=hidden): only what a public header declares between BOARDGAMES_API_BEGIN and
// BOARDGAMES_API_END is visible to programs that link it; the helpers under src/ (the matching
// solver, the settling steps) are not, so they can change without breaking anyone.
#pragma once

#if defined(__GNUC__) || defined(__clang__)
#define BOARDGAMES_API_BEGIN _Pragma("GCC visibility push(default)")
#define BOARDGAMES_API_END _Pragma("GCC visibility pop")
#else
#define BOARDGAMES_API_BEGIN
#define BOARDGAMES_API_END
#endif
