/*
** test_opts.c -- opts_parse: every kind stores a good value, refuses a bad
** one without writing it (exit 2), --help returns 1, an unknown option or
** a missing value is refused, and a function entry sees each value.
*/
#include "testhelp.h"
#include "opts.h"

typedef struct {
  int port, flag, quiet;
  uint64_t seed;
  char name[8];
  int calls;
  char last[16];
} cfg_t;

static int take(void *dst, const char *v, char *err, size_t errcap) {
  cfg_t *c = dst;
  if (strcmp(v, "bad") == 0) {
    snprintf(err, errcap, "--take refuses bad");
    return -1;
  }
  c->calls++;
  snprintf(c->last, sizeof c->last, "%s", v);
  return 0;
}

/* Parses the words of line (at most 15) with the table of c. */
static int parse(cfg_t *c, const char *line) {
  char buf[256], *argv[16] = {"prog"};
  int argc = 1;
  snprintf(buf, sizeof buf, "%s", line);
  for (char *w = strtok(buf, " "); w && argc < 16; w = strtok(NULL, " ")) argv[argc++] = w;
  const opts_spec spec[] = {{"--port", OPTS_INT, &c->port, 0, 65535, NULL},
                            {"--flag", OPTS_FLAG, &c->flag, 1, 1, NULL},
                            {"--quiet", OPTS_FLAG, &c->quiet, 0, 0, NULL},
                            {"--seed", OPTS_U64, &c->seed, 0, 0, NULL},
                            {"--name", OPTS_STR, c->name, 0, sizeof c->name, NULL},
                            {"--take", OPTS_CALL, c, 0, 0, take},
                            {NULL, 0, NULL, 0, 0, NULL}};
  return opts_parse(spec, argc, argv, "test_opts", "usage: test_opts [options]\n");
}

static cfg_t fresh(void) {
  cfg_t c = {8080, 0, 1, 7, "x", 0, ""};
  return c;
}

static void test_good_values_stored(void) {
  cfg_t c = fresh();
  TH_EQ_INT(parse(&c, "--port 0 --flag --quiet --seed 0x10 --name abcdefg --take a --take b"), 0);
  TH_EQ_INT(c.port, 0);
  TH_EQ_INT(c.flag, 1);
  TH_EQ_INT(c.quiet, 0);
  TH_EQ_INT((long)c.seed, 16);
  TH_EQ_STR(c.name, "abcdefg");
  TH_EQ_INT(c.calls, 2);
  TH_EQ_STR(c.last, "b");
  c = fresh();
  TH_EQ_INT(parse(&c, ""), 0);
  TH_EQ_INT(c.port, 8080);
  TH_EQ_INT(parse(&c, "--port 1 --port 65535"), 0); /* the last one wins */
  TH_EQ_INT(c.port, 65535);
}

static void test_bad_values_refused_unwritten(void) {
  const char *bad[] = {"--port 65536", "--port -1", "--port 12x", "--port ''", "--port 99999999999999999999",
                       "--seed -3", "--seed 1z", "--name abcdefgh", "--take bad"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    cfg_t c = fresh();
    TH_EQ_INT(parse(&c, bad[i]), 2);
    TH_EQ_INT(c.port, 8080);
    TH_EQ_INT((long)c.seed, 7);
    TH_EQ_STR(c.name, "x");
    TH_EQ_INT(c.calls, 0);
  }
}

static void test_unknown_missing_help(void) {
  cfg_t c = fresh();
  TH_EQ_INT(parse(&c, "--bogus 1"), 2);
  TH_EQ_INT(parse(&c, "8080"), 2);
  TH_EQ_INT(parse(&c, "--port"), 2); /* no value */
  TH_EQ_INT(c.port, 8080);
  TH_EQ_INT(parse(&c, "--port 5 --help --bogus"), 1);
  TH_EQ_INT(parse(&c, "-h"), 1);
}

static const th_test TESTS[] = {TH_ENTRY(test_good_values_stored), TH_ENTRY(test_bad_values_refused_unwritten),
                                TH_ENTRY(test_unknown_missing_help)};
int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
