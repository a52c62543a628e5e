/*
** test_contest.c -- the 2016 contest server's boards (contest.c).
**
** Where the pinned boards come from: the contest server's own generator
** (coveooss/Blitz2016-Server, server/app/Generator.scala, Board.scala,
** Traverser.scala, model.scala and the draws of Config.random), compiled
** with Scala 2.11.12 (Debian's scala package; the server used 2.11.1) in a
** scratch folder outside this repository, with scala.util.Random.setSeed(S)
** before Config.random; the board it returned was printed with @1..@4 on
** its hero seats. The three boards below are that output verbatim; for
** seeds 0..99 the size and the 64-bit FNV-1a of the printed rows are pinned.
** (Seeds 0..400 and six odd seeds, negative and 64-bit ones, were compared
** whole when this was written: all identical.) None of the server's code
** is here.
*/
#include <stdio.h>
#include <string.h>

#include "contest.h"
#include "rules.h"
#include "testhelp.h"

static const char *SEED0 = /* size 10 wall 36 mine 7 spike 9 */
    "##  []  ####  []  ##\n"
    "                    \n"
    "  ^^@1  ####  @4^^  \n"
    "##^^  ########  ^^##\n"
    "    $-########$-    \n"
    "    $-########$-    \n"
    "##^^  ########  ^^##\n"
    "  ^^@2  ####  @3^^  \n"
    "                    \n"
    "##  []  ####  []  ##\n";
static const char *SEED6 = /* size 12 wall 21 mine 9 spike 10: the section quirk's central taverns */
    "########################\n"
    "$-####################$-\n"
    "  $-    ########    $-  \n"
    "    @1            @4    \n"
    "^^^^    ##    ##    ^^^^\n"
    "      ^^  [][]  ^^      \n"
    "      ^^  [][]  ^^      \n"
    "^^^^    ##    ##    ^^^^\n"
    "    @2            @3    \n"
    "  $-    ########    $-  \n"
    "$-####################$-\n"
    "########################\n";
static const char *SEED_MINUS1 = /* size 16 wall 24 mine 7 spike 11 */
    "$-^^      []########[]      ^^$-\n"
    "##  @1                    @4  ##\n"
    "##      ##$-        $-##      ##\n"
    "  ####^^^^  $-    $-  ^^^^####  \n"
    "    ##      ^^    ^^      ##    \n"
    "##    ##    ##    ##    ##    ##\n"
    "          $-        $-          \n"
    "##  ^^  ####        ####  ^^  ##\n"
    "##  ^^  ####        ####  ^^  ##\n"
    "          $-        $-          \n"
    "##    ##    ##    ##    ##    ##\n"
    "    ##      ^^    ^^      ##    \n"
    "  ####^^^^  $-    $-  ^^^^####  \n"
    "##      ##$-        $-##      ##\n"
    "##  @2                    @3  ##\n"
    "$-^^      []########[]      ^^$-\n";

static const struct {
  int64_t seed;
  int size;
  uint64_t fnv;
} PINS[] = {
    {0, 10, 0x5981c7a058b1a567ULL},
    {1, 20, 0x96cd7e86de9d53dbULL},
    {2, 26, 0x5a4f4bea510a4d2bULL},
    {3, 18, 0x05e63838fb394b33ULL},
    {4, 14, 0x83801cb49b3c7147ULL},
    {5, 24, 0x07e608ae3b3f98e3ULL},
    {6, 12, 0x7284134d1ee55e77ULL},
    {7, 22, 0x32241c8fa2458077ULL},
    {8, 18, 0xe51d8898a3ed5cdbULL},
    {9, 28, 0xb7089eec6dc4cf0bULL},
    {10, 16, 0x14f929c22024911fULL},
    {11, 26, 0x48a316129e72ffa7ULL},
    {12, 22, 0xe0dc66857e844bcbULL},
    {13, 14, 0x67852188b9aeafafULL},
    {14, 20, 0x9b54dc5dca3652e3ULL},
    {15, 12, 0xa44b9ce08d69b0d3ULL},
    {16, 12, 0xd88a932674140f0fULL},
    {17, 22, 0x1c37c0724da297b3ULL},
    {18, 10, 0xec72a305a5dbf77bULL},
    {19, 20, 0x54fc7164b21fb4b3ULL},
    {20, 16, 0xf5d2819c0e4bf7efULL},
    {21, 26, 0xd8fc24bdb0c4af3fULL},
    {22, 14, 0x5eb4f4bd347192b7ULL},
    {23, 24, 0xf5db76bf023c937bULL},
    {24, 20, 0x53fd8c373c96fd5fULL},
    {25, 12, 0x03050719e2f52bbbULL},
    {26, 18, 0x6de2ce974f5f0343ULL},
    {27, 10, 0x61ba07863f82570bULL},
    {28, 24, 0x922e99e2fc08d583ULL},
    {29, 16, 0x2d8e6bbf3d9b46b3ULL},
    {30, 22, 0x2a9c6686afde2223ULL},
    {31, 14, 0x947a3e70be8bebd7ULL},
    {32, 24, 0xa3cb1df89ca69cd3ULL},
    {33, 16, 0x28934f902647ed13ULL},
    {34, 22, 0xdc9f6a0a50fba13bULL},
    {35, 14, 0x40c88a18ea503807ULL},
    {36, 28, 0x3d950cba3b6d5843ULL},
    {37, 20, 0x5c9c7aecd4857aabULL},
    {38, 26, 0xf091ed1352d1292bULL},
    {39, 18, 0xe7163f8b15ea77e3ULL},
    {40, 14, 0x0e3993831c08f1dfULL},
    {41, 24, 0xc639e0f3a915a4efULL},
    {42, 10, 0x5053d8a7502e567fULL},
    {43, 22, 0x3c47ed50fc352b1fULL},
    {44, 18, 0xb41779bc7078936bULL},
    {45, 28, 0x371690026ec1ec17ULL},
    {46, 16, 0xafb36176afa543f7ULL},
    {47, 26, 0x8d4a0028088ae16bULL},
    {48, 26, 0x527597b3ce99673fULL},
    {49, 18, 0x31ce4ae23997221fULL},
    {50, 24, 0x95364745659f5147ULL},
    {51, 16, 0xc8c6b84ed1a8b6bbULL},
    {52, 12, 0x0b29fb571a458d23ULL},
    {53, 22, 0x695135a0172577bfULL},
    {54, 28, 0x2c82eb69d2495f9fULL},
    {55, 20, 0x4235b3784509c08fULL},
    {56, 16, 0x316cd6b53f295737ULL},
    {57, 26, 0xa61151436db8d3a3ULL},
    {58, 14, 0x26c395f99f861c6fULL},
    {59, 24, 0x68d565f4f78a948fULL},
    {60, 20, 0xce487ede8931677bULL},
    {61, 10, 0xf88a924601a6b683ULL},
    {62, 18, 0x6cfa5e77c8abf757ULL},
    {63, 28, 0xbecce42fb52b94bfULL},
    {64, 20, 0x1b4cb4e50d3d129bULL},
    {65, 10, 0x7a116c62f3b185c3ULL},
    {66, 18, 0xc342c4536fbd9f57ULL},
    {67, 28, 0x8a751d241c8abf9fULL},
    {68, 24, 0xb2629f5dbc10c277ULL},
    {69, 14, 0x368d8992b10e4f37ULL},
    {70, 22, 0xfbb697e0e8ebdbf3ULL},
    {71, 12, 0x8d90d12dfe043f2bULL},
    {72, 28, 0x6e4c1cc2926ca07bULL},
    {73, 20, 0xd65061e172166a9bULL},
    {74, 26, 0x53e3422f69ead3f7ULL},
    {75, 18, 0x259665f32dc6295fULL},
    {76, 12, 0xf5485b97a84fbfabULL},
    {77, 24, 0x73c56d86af0afc17ULL},
    {78, 10, 0xee10046f85d5ff47ULL},
    {79, 22, 0x704251d0f078e8d7ULL},
    {80, 22, 0xba3b209d3a49cf3fULL},
    {81, 12, 0x30c08a1ae40b915fULL},
    {82, 20, 0xb3a1b9e923955cf3ULL},
    {83, 10, 0x1af1b28fd298cc47ULL},
    {84, 26, 0x867b7b66bc748433ULL},
    {85, 18, 0x28d8fa547cb5c7f3ULL},
    {86, 24, 0xd8970d8f02122b13ULL},
    {87, 16, 0x0f1b01e7e9457797ULL},
    {88, 10, 0x34300643c9ab77b7ULL},
    {89, 22, 0xf4a3558128132507ULL},
    {90, 28, 0x7c9edf865a993ddfULL},
    {91, 20, 0x945d2aeede793c93ULL},
    {92, 16, 0x304926cdb7e96113ULL},
    {93, 26, 0x86e84d73c4442267ULL},
    {94, 12, 0xba93d652e6b5250bULL},
    {95, 24, 0x8f911e6c6c61642fULL},
    {96, 14, 0x2d6c05de6ea4d8f3ULL},
    {97, 26, 0xbb43a9a8bbdf2a4fULL},
    {98, 12, 0x2cac675ac1e75237ULL},
    {99, 24, 0x564fd81be30925e7ULL},
};

static uint64_t fnv1a(const char *s) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (; *s; s++) h = (h ^ (uint8_t)*s) * 0x100000001b3ULL;
  return h;
}

static void test_contest_boards_verbatim(void) {
  char text[CONTEST_TEXT_CAP], err[128];
  contest_params p;
  TH_EQ_INT(contest_board(0, text, sizeof text, &p, err, sizeof err), 0);
  TH_EQ_STR(text, SEED0);
  TH_EQ_INT(p.size, 10);
  TH_EQ_INT(p.wall_percent, 36);
  TH_EQ_INT(p.mine_percent, 7);
  TH_EQ_INT(p.spike_percent, 9);
  TH_EQ_INT(contest_board(6, text, sizeof text, &p, err, sizeof err), 0);
  TH_EQ_STR(text, SEED6);
  TH_EQ_INT(contest_board(-1, text, sizeof text, &p, err, sizeof err), 0);
  TH_EQ_STR(text, SEED_MINUS1);
  TH_EQ_INT(p.spike_percent, 11);
}

static void test_contest_hundred_pinned(void) {
  char text[CONTEST_TEXT_CAP], err[128];
  for (int i = 0; i < TH_COUNT(PINS); i++) {
    contest_params p;
    TH_EQ_INT(contest_board(PINS[i].seed, text, sizeof text, &p, err, sizeof err), 0);
    TH_EQ_INT(p.size, PINS[i].size);
    TH_ASSERT_MSG(fnv1a(text) == PINS[i].fnv, "seed %lld: board differs from the server's", (long long)PINS[i].seed);
  }
}

/* Every board parses, is mirror-symmetric with the heroes on mirrored seats,
** and (the server's acceptance test) the spawn walks to its mirrors. */
static void test_contest_invariants(void) {
  static rules_state s;
  char text[CONTEST_TEXT_CAP], err[128];
  uint64_t base = th_seed();
  for (int g = 0; g < 200; g++) {
    contest_params p;
    int64_t seed = (int64_t)(base * 2654435761u + (uint64_t)g);
    TH_EQ_INT(contest_board(seed, text, sizeof text, &p, err, sizeof err), 0);
    TH_ASSERT(p.size >= 10 && p.size <= 28 && p.size % 2 == 0);
    TH_ASSERT(p.attempts >= 1 && p.attempts <= 100);
    TH_EQ_INT(rules_parse_map(&s, text, err, sizeof err), 0);
    int n = s.n;
    TH_EQ_INT(n, p.size);
    TH_ASSERT(s.nmines > 0);
    for (int x = 0; x < n; x++)
      for (int y = 0; y < n; y++) {
        TH_EQ_INT(s.terrain[x * n + y], s.terrain[(n - 1 - x) * n + y]);
        TH_EQ_INT(s.terrain[x * n + y], s.terrain[x * n + (n - 1 - y)]);
      }
    const rules_hero *h = s.heroes;
    TH_EQ_INT(h[1].x, n - 1 - h[0].x);
    TH_EQ_INT(h[1].y, h[0].y);
    TH_EQ_INT(h[2].x, n - 1 - h[0].x);
    TH_EQ_INT(h[2].y, n - 1 - h[0].y);
    TH_EQ_INT(h[3].x, h[0].x);
    TH_EQ_INT(h[3].y, n - 1 - h[0].y);
    TH_ASSERT(h[0].x < n / 2 - 2 && h[0].y < n / 2 - 2);
  }
}

static void test_contest_bad_buffer(void) {
  char small[16], err[128];
  contest_params p;
  TH_EQ_INT(contest_board(1, small, sizeof small, &p, err, sizeof err), -1);
  TH_ASSERT(strstr(err, "too small") != NULL);
  TH_EQ_INT(p.size, 20); /* the configuration is drawn before the check */
}

static const th_test TESTS[] = {
    TH_ENTRY(test_contest_boards_verbatim),
    TH_ENTRY(test_contest_hundred_pinned),
    TH_ENTRY(test_contest_invariants),
    TH_ENTRY(test_contest_bad_buffer),
};

int main(int argc, char **argv) { return th_main(argc, argv, TESTS, TH_COUNT(TESTS)); }
