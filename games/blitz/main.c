/*
** main.c -- the Blitz 2016 bot: one HTTP client, one JSON reader, the exact
** rules and a paranoid search, in one file once merged (dist/blitz.c).
**
**   ./blitz --server http://HOST:PORT --key KEY
**           (--training [--turns N] [--map M] | --arena GAMEID)
**           [--think-ms MS] [--stall-timeout S] [--quiet]
**
** state JSON -> client_view (rules_state + own id) -> ai_choose within
** --think-ms (default 300, capped at 700; the server allows 1000 ms including
** the network) -> POST playUrl dir=... . Prints the viewUrl on stdout; exits
** 0 after the final state, 1 on a server error, 2 on a bad command line.
** A search statistics line per move goes to stderr unless --quiet.
*/
#include <stdio.h>

#include "ai.h"
#include "client.h"
#include "deadline.h"

static int main__policy(const client_view *v, void *ctx) {
  (void)ctx;
  deadline_t d;
  deadline_start(&d, (double)v->think_ms);
  ai_stats st;
  int dir = ai_choose(&v->st, v->me, &d, &st);
  if (!v->quiet && (v->moves % 50 == 0))
    fprintf(stderr,
            "blitz: turn %d life %d gold %d mines %d/%d dir %s depth %d nodes %ld near %d %.1f ms "
            "score %.1f\n",
            v->st.turn, v->st.heroes[v->me - 1].life, v->st.heroes[v->me - 1].gold,
            v->st.heroes[v->me - 1].mines, v->st.nmines, rules_dir_name(dir), st.depth, st.nodes,
            st.near, st.ms, st.score);
  return dir;
}

int main(int argc, char **argv) { return client_run(argc, argv, "blitz", main__policy, NULL); }
