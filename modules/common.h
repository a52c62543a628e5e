/*
** common.h -- the one linkage macro and the few definitions every file shares.
**
** Every project header includes this file first. It defines no functions and
** no data, only macros, so including it twice costs nothing.
**
** Linkage (the LUAI_FUNC idea from Lua): a function that other files call is
** declared in its header and defined in its .c file with BOT_API in front.
**   - In a module build (separate objects for tests and tools) BOT_API is
**     empty: the function has external linkage and the linker joins files.
**   - In the amalgamation (dist/<game>.c, written by merge.py, which defines
**     BOT_AMALGAMATION before anything else) BOT_API is `static`, so the one
**     file exports nothing, and `unused` keeps -Wall quiet about helpers a
**     given game never calls.
** File-local helpers are plain `static`; merge.py checks their names are
** unique across the whole amalgamation.
*/
#ifndef COMMON_H
#define COMMON_H

#ifdef BOT_AMALGAMATION
#define BOT_API static __attribute__((unused))
#else
#define BOT_API
#endif

/* Number of elements of a true array (not a pointer). */
#define COMMON_COUNT(a) (sizeof(a) / sizeof((a)[0]))

#endif /* COMMON_H */
