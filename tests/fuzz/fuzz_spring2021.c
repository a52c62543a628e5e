/*
** fuzz_spring2021.c -- the Spring Challenge 2021 bot on its stdin: the
** input goes through a pipe to descriptor 0 and the bot's own protocol
** loop, play_run (games/spring2021/play.c, included here so that its
** file-level reader state can be reset between inputs), reads it turn by
** turn and answers with the shipped design (AI_BEAM) at budgets of 0.2 to
** 0.5 ms on the counting clock (fuzz_clock.c: 2 to 5 clock checks, 256
** beam expansions each); stdout goes to /dev/null.
** Checks: play_run returns 0 at the end of any input, and no sanitizer
** report on the way (parsing, the beam search on whatever state was read,
** the listed-action filter).
*/
#include <fcntl.h>
#include <unistd.h>

#include "fuzz.h"
#include "fuzz_clock.h"
#include "play.c"

FUZZ_STDOUT_TO_NULL

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const play_config cfg = {AI_BEAM, 0.5, 0.2, 0.2, 0.2, "spring2021-fuzz", BEAM_SHIPPED};
  if (size > 60000) return 0; /* stays within a pipe's buffer */
  int p[2];
  if (pipe(p) != 0) abort();
  if (size && write(p[1], data, size) != (ssize_t)size) abort();
  close(p[1]);
  if (dup2(p[0], 0) < 0) abort();
  close(p[0]);
  fuzz_clock_reset();
  play__queued = 0; /* the loop's state outlives one run in-process */
  play__eof = 0;
  play__nlisted = 0;
  FUZZ_CHECK(play_run(&cfg) == 0);
  return 0;
}
