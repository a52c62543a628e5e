/*
** main.c -- the Blitz 2016 bot: one HTTP client, one JSON reader, the exact
** rules and a paranoid search, in one file once merged (dist/blitz.c).
**
**   ./blitz --server http://HOST:PORT --key KEY
**           (--training [--turns N] [--map M] | --arena GAMEID)
**           [--think-ms MS] [--stall-timeout S] [--quiet]
**
** state JSON -> client_view (rules_state + own id) -> ai_choose within a
** budget of at most --think-ms (default 300, capped at 700; the server
** allows 1000 ms including the network), counted from when the state was
** read and shrunk on a loaded machine (ai_budget_ms: our CPU share and how
** late our last moves came out) -> POST playUrl dir=... . Prints the
** viewUrl on stdout; exits 0 after the final state, 1 on a server error, 2
** on a bad command line. A search statistics line every 50 moves goes to
** stderr unless --quiet.
*/
#include <stdio.h>

#include "ai.h"
#include "client.h"
#include "deadline.h"

/* Load tracking: share and lateness are decayed by these per move. */
#define MAIN_SHARE_KEEP 0.5 /* share = KEEP x old + (1 - KEEP) x this search's cpu/wall */
#define MAIN_LATE_KEEP 0.95 /* lateness = max(this move's, KEEP x old) */
#define MAIN_SHARE_MIN_MS 5.0 /* searches shorter than this do not update the share */

static double main__share = 1.0, main__late;

static int main__policy(const client_view *v, void *ctx) {
  (void)ctx;
  double budget = ai_budget_ms((double)v->think_ms, main__share, main__late);
  deadline_t d;
  deadline_start_at(&d, v->recv_ns, budget);
  double cpu0 = deadline_cpu_ms();
  int64_t t0 = deadline_now_ns();
  ai_stats st;
  int dir = ai_choose(&v->st, v->me, &d, &st);
  double wall = (deadline_now_ns() - t0) / 1e6, cpu = deadline_cpu_ms() - cpu0;
  if (wall >= MAIN_SHARE_MIN_MS) {
    double sh = cpu / wall > 1 ? 1 : cpu / wall;
    main__share = MAIN_SHARE_KEEP * main__share + (1 - MAIN_SHARE_KEEP) * sh;
  }
  double late = deadline_elapsed_ms(&d) - budget;
  main__late = late > MAIN_LATE_KEEP * main__late ? late : MAIN_LATE_KEEP * main__late;
  if (!v->quiet && (v->moves % 50 == 0))
    fprintf(stderr,
            "blitz: turn %d life %d gold %d mines %d/%d dir %s depth %d nodes %ld near %d fit %x %.1f/%.0f ms "
            "share %.2f late %.1f score %.1f\n",
            v->st.turn, v->st.heroes[v->me - 1].life, v->st.heroes[v->me - 1].gold,
            v->st.heroes[v->me - 1].mines, v->st.nmines, rules_dir_name(dir), st.depth, st.nodes,
            st.near, st.fit_mask, st.ms, budget, main__share, main__late, st.score);
  return dir;
}

int main(int argc, char **argv) { return client_run(argc, argv, "blitz", main__policy, NULL); }

#undef MAIN_SHARE_KEEP
#undef MAIN_LATE_KEEP
#undef MAIN_SHARE_MIN_MS
