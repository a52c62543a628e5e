/*
** maps.h -- named Blitz maps: "m1".."m6" (original Vindinium maps) and
** "seed" (the French sheet's example board, typo fixed). For the server's
** training `map` parameter and for tests. Texts are static, never freed.
*/
#ifndef MAPS_H
#define MAPS_H

#include <stddef.h>
#include "common.h"

/* Map text of a named map, or NULL. */
BOT_API const char *maps_named(const char *name);

#endif /* MAPS_H */
