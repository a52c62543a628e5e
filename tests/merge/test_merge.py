#!/usr/bin/env python3
"""test_merge.py -- unittest suite for merge.py.

Each test builds a throw-away source tree (a copy of merge.py and of the
real modules/, plus a small game written by the test) in a temporary folder
and runs merge.py there as a subprocess, exactly as make does. Covered: every
error rule with a failing input, byte-determinism, that merged files compile
(gcc and clang, -Wall -Wextra -Werror) and run, #line mapping in the dev
file, `where` (and its refusals), `check`, `deps` (link sets from the
include graph), the pragma switch, the size limit, and that an unchanged
output still gets a new modification time (make's rule).

The last line printed is "N passed, N failed".
"""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import pyunit  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

GOOD_MAIN = """/* a tiny bot that uses three modules */
#include <stdio.h>
#include "rng.h"
#include "calc.h"
#define MAIN_LOCAL 2 // a comment to strip
int main(void) {
  rng_t r;
  rng_seed(&r, 7);
  printf("%d %u\\n", calc_twice(21) * MAIN_LOCAL / 2, rng_below(&r, 1));
  return 0;
}
"""
GOOD_CALC_H = """/* calc.h -- doubles numbers */
#ifndef CALC_H
#define CALC_H
#include "common.h"
#define CALC_FACTOR 2
BOT_API int calc_twice(int x);
#endif
"""
GOOD_CALC_C = """/* calc.c */
#include <stdio.h>
#include "calc.h"
#define LOCAL_HELPER(x) ((x) * CALC_FACTOR)
static int calc__apply(int x) { return LOCAL_HELPER(x); }
static const int calc__table[2] = {0, 1};
BOT_API int calc_twice(int x) { return calc__apply(x) + calc__table[0]; }
#undef LOCAL_HELPER
"""


class Tree:
    """A temporary project tree with the real modules and merge.py."""

    def __init__(self):
        self.root = tempfile.mkdtemp(prefix="mergetest")
        shutil.copy(os.path.join(REPO, "merge.py"), self.root)
        shutil.copytree(os.path.join(REPO, "modules"), os.path.join(self.root, "modules"))
        os.makedirs(os.path.join(self.root, "games", "g"))
        self.write("games/g/main.c", GOOD_MAIN)
        self.write("games/g/calc.h", GOOD_CALC_H)
        self.write("games/g/calc.c", GOOD_CALC_C)

    def write(self, rel, text, mode="w"):
        path = os.path.join(self.root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, mode) as f:
            f.write(text)

    def read(self, rel):
        with open(os.path.join(self.root, rel)) as f:
            return f.read()

    def merge(self, *args):
        return subprocess.run([sys.executable, "merge.py"] + list(args), cwd=self.root,
                              capture_output=True, text=True, timeout=60)

    def close(self):
        shutil.rmtree(self.root, ignore_errors=True)


class MergeTestCase(unittest.TestCase):
    def setUp(self):
        self.t = Tree()

    def tearDown(self):
        self.t.close()

    def build_fails(self, where, words):
        r = self.t.merge("build", "g")
        self.assertNotEqual(r.returncode, 0, "build should fail: " + r.stdout)
        self.assertIn(where, r.stderr)
        for w in words:
            self.assertIn(w, r.stderr)
        self.assertFalse(os.path.exists(os.path.join(self.t.root, "dist", "g.c")))
        return r.stderr

    def compile(self, rel, cc="gcc", extra=()):
        out = os.path.join(self.t.root, "a.out")
        r = subprocess.run([cc, "-std=gnu17", "-g", "-Werror=return-type", "-Wall", "-Wextra", "-Werror"]
                           + list(extra) + [rel, "-o", out, "-lm"], cwd=self.t.root,
                           capture_output=True, text=True, timeout=120)
        return r, out


class TestGood(MergeTestCase):
    def test_builds_compiles_and_runs(self):
        r = self.t.merge("build", "g")
        self.assertEqual(r.returncode, 0, r.stderr)
        for cc in ("gcc", "clang"):
            c, exe = self.compile("dist/g.c", cc)
            self.assertEqual(c.returncode, 0, c.stderr)
            run = subprocess.run([exe], capture_output=True, text=True, timeout=10)
            self.assertEqual(run.stdout, "42 0\n")

    def test_output_shape(self):
        self.t.merge("build", "g")
        d = self.t.read("dist/g.c")
        self.assertNotIn("a comment to strip", d)
        self.assertNotIn("calc.h -- doubles", d)
        self.assertEqual(d.count("#include <stdio.h>"), 1)
        pos_pragma = d.index("#pragma GCC optimize")
        self.assertLess(pos_pragma, d.index("#include"))
        self.assertLess(d.index("#define BOT_AMALGAMATION"), d.index("#include"))
        # headers before .c files, entry last; system includes first-seen order
        self.assertLess(d.index("BOT_API int calc_twice(int x);"), d.index("calc__apply(int x)"))
        self.assertLess(d.index("calc__apply(int x)"), d.index("int main(void)"))
        self.assertLess(d.index("#include <stdio.h>"), d.index("#include <stdint.h>"))
        self.assertTrue(all(ord(c) < 128 for c in d))
        self.assertIn("games/g/calc.c", d.split("*/")[0])  # banner lists inputs

    def test_deterministic(self):
        self.t.merge("build", "g")
        first = self.t.read("dist/g.c")
        os.remove(os.path.join(self.t.root, "dist", "g.c"))
        os.utime(os.path.join(self.t.root, "games", "g", "calc.c"))
        self.t.merge("build", "g")
        self.assertEqual(first, self.t.read("dist/g.c"))
        # and a second tree elsewhere gives the same bytes (no paths, no time)
        other = Tree()
        try:
            other.merge("build", "g")
            self.assertEqual(first, other.read("dist/g.c"))
        finally:
            other.close()

    def test_content_change_changes_output(self):
        self.t.merge("build", "g")
        first = self.t.read("dist/g.c")
        self.t.write("games/g/calc.c", GOOD_CALC_C.replace("+ calc__table[0]", "+ calc__table[1] - 1"))
        self.t.merge("build", "g")
        self.assertNotEqual(first, self.t.read("dist/g.c"))

    def test_no_pragmas_switch(self):
        self.t.merge("build", "g", "--no-pragmas")
        self.assertNotIn("#pragma GCC optimize", self.t.read("dist/g.c"))
        self.t.write("games/g/merge.json", '{"pragmas": false}')
        self.t.merge("build", "g")
        self.assertNotIn("#pragma GCC optimize", self.t.read("dist/g.c"))

    def test_dev_file_points_at_modules(self):
        self.t.write("games/g/calc.c", GOOD_CALC_C + "BOT_API int calc_broken(void) { return undefined_name; }\n")
        self.t.write("games/g/calc.h", GOOD_CALC_H.replace("#endif", "BOT_API int calc_broken(void);\n#endif"))
        r = self.t.merge("build", "g")
        self.assertEqual(r.returncode, 0, r.stderr)
        c, _ = self.compile("build/g.dev.c")
        self.assertNotEqual(c.returncode, 0)
        # the error names the module file and its own line (9)
        self.assertIn("games/g/calc.c:9", c.stderr)

    def test_where(self):
        self.t.merge("build", "g")
        lines = self.t.read("dist/g.c").split("\n")
        n = next(i for i, l in enumerate(lines, 1) if "calc__apply(int x) {" in l)
        r = self.t.merge("where", "dist/g.c:%d" % n)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertEqual(r.stdout.strip(), "games/g/calc.c:5")
        os.remove(os.path.join(self.t.root, "build", "g.map"))  # recomputed without the map
        r = self.t.merge("where", "dist/g.c:%d" % n)
        self.assertEqual(r.stdout.strip(), "games/g/calc.c:5")
        self.assertNotEqual(self.t.merge("where", "dist/g.c:1").returncode, 0)

    def test_where_refuses_dev_file_and_lines_past_the_end(self):
        self.t.merge("build", "g")
        r = self.t.merge("where", "build/g.dev.c:3")
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("#line", r.stderr)           # says why: the dev file maps itself
        self.assertNotIn("Traceback", r.stderr)
        nlines = self.t.read("dist/g.c").count("\n")
        for line in (nlines + 1, 10 ** 6):
            r = self.t.merge("where", "dist/g.c:%d" % line)
            self.assertNotEqual(r.returncode, 0)
            self.assertIn("has %d lines" % nlines, r.stderr)
            self.assertIn("past its end", r.stderr)
        r = self.t.merge("where", "dist/g.c:0")
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("start at 1", r.stderr)
        r = self.t.merge("where", "dist/nosuch.c:3")
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("no line map", r.stderr)
        self.assertNotIn("Traceback", r.stderr)

    def test_deps_lists_paired_c_files_transitively(self):
        # tool.c -> wrap.h (no include) ; wrap.c -> rng.h and calc.h:
        # a .c file's own includes pull in further .c files
        self.t.write("games/g/wrap.h", "/* wrap.h */\n#ifndef WRAP_H\n#define WRAP_H\n"
                     '#include "common.h"\nBOT_API int wrap_go(void);\n#endif\n')
        self.t.write("games/g/wrap.c", '/* wrap.c */\n#include "wrap.h"\n#include "rng.h"\n'
                     '#include "calc.h"\nBOT_API int wrap_go(void) { return calc_twice(1); }\n')
        self.t.write("games/g/tool.c", '/* tool.c */\n#include <stdio.h>\n#include "wrap.h"\n'
                     "int main(void) { return wrap_go() == 2 ? 0 : 1; }\n")
        r = self.t.merge("deps", "games/g/tool.c")
        self.assertEqual(r.returncode, 0, r.stderr)
        srcs = r.stdout.split()
        self.assertEqual(srcs[0], "games/g/tool.c")
        self.assertEqual(sorted(srcs[1:]), ["games/g/calc.c", "games/g/wrap.c", "modules/rng.c"])
        self.assertNotIn("modules/common.c", srcs)     # a header with no .c adds nothing
        # the set links: compile it as make would
        out = os.path.join(self.t.root, "tool")
        c = subprocess.run(["gcc", "-std=gnu17", "-Imodules", "-Igames/g"] + srcs + ["-o", out, "-lm"],
                           cwd=self.t.root, capture_output=True, text=True, timeout=120)
        self.assertEqual(c.returncode, 0, c.stderr)
        self.assertEqual(subprocess.run([out]).returncode, 0)
        # a test entry under tests/g/ sees games/g/ and tests/ headers
        self.t.write("tests/testhelp.h", "/* testhelp.h */\n#ifndef TESTHELP_H\n#define TESTHELP_H\n#endif\n")
        self.t.write("tests/g/test_calc.c", '/* test_calc.c */\n#include "testhelp.h"\n#include "calc.h"\n'
                     "int main(void) { return calc_twice(2) == 4 ? 0 : 1; }\n")
        r = self.t.merge("deps", "tests/g/test_calc.c")
        self.assertEqual(r.stdout.split(), ["tests/g/test_calc.c", "games/g/calc.c"], r.stderr)
        # --mk writes the make fragment: the variable and the fragment's own inputs
        r = self.t.merge("deps", "games/g/tool.c", "--mk", "build/link/tool.mk")
        self.assertEqual(r.returncode, 0, r.stderr)
        mk = self.t.read("build/link/tool.mk")
        self.assertIn("LINK_SRCS_games/g/tool.c := games/g/tool.c ", mk)
        dep_line = next(l for l in mk.splitlines() if l.startswith("build/link/tool.mk:"))
        for p in ("games/g/wrap.h", "games/g/wrap.c", "modules/rng.h", "games/g/calc.h", "merge.py"):
            self.assertIn(p, dep_line.split())
        # an include that resolves nowhere is an error naming the file and line
        self.t.write("games/g/tool.c", '#include "nosuch.h"\nint main(void) { return 0; }\n')
        r = self.t.merge("deps", "games/g/tool.c")
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("games/g/tool.c:1:", r.stderr)

    def test_unchanged_output_is_touched(self):
        # make compares times: an output left older than its inputs would be
        # rebuilt by every make, so an unchanged output still gets a new time
        self.assertEqual(self.t.merge("build", "g").returncode, 0)
        dist = os.path.join(self.t.root, "dist", "g.c")
        os.utime(dist, (1000000000, 1000000000))
        before = self.t.read("dist/g.c")
        self.assertEqual(self.t.merge("build", "g").returncode, 0)
        self.assertEqual(self.t.read("dist/g.c"), before)
        self.assertGreater(os.path.getmtime(dist), 1000000000 + 1)

    def test_check_detects_stale_dist(self):
        self.t.merge("build", "g")
        self.assertEqual(self.t.merge("check", "g").returncode, 0)
        self.t.write("games/g/calc.c", GOOD_CALC_C.replace("calc__table[0]", "calc__table[1]"))
        r = self.t.merge("check", "g")
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("does not match", r.stdout)

    def test_feature_macro_hoisted_before_includes(self):
        self.t.write("games/g/calc.c", "#define _GNU_SOURCE\n" + GOOD_CALC_C)
        r = self.t.merge("build", "g")
        self.assertEqual(r.returncode, 0, r.stderr)
        d = self.t.read("dist/g.c")
        self.assertLess(d.index("#define _GNU_SOURCE"), d.index("#include"))
        self.assertEqual(d.count("_GNU_SOURCE"), 1)

    def test_limit_warns_then_fails(self):
        self.t.merge("build", "g")
        size = len(self.t.read("dist/g.c"))
        self.t.write("games/g/merge.json", '{"limit": %d}' % int(size / 0.95))
        r = self.t.merge("build", "g")
        self.assertEqual(r.returncode, 0)
        self.assertIn("warning", r.stderr)
        self.t.write("games/g/merge.json", '{"limit": %d}' % (size - 1))
        r = self.t.merge("build", "g")
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("over the judge's limit", r.stderr)
        self.assertEqual(self.t.merge("build", "g", "--no-limit").returncode, 0)


class TestErrors(MergeTestCase):
    def test_unresolved_include(self):
        self.t.write("games/g/main.c", GOOD_MAIN.replace('"calc.h"', '"nothere.h"'))
        self.build_fails("games/g/main.c:4:", ["nothere.h"])

    def test_include_of_c_file(self):
        self.t.write("games/g/main.c", GOOD_MAIN.replace('"calc.h"', '"calc.c"'))
        self.build_fails("games/g/main.c:4:", [".c file"])

    def test_conditional_include(self):
        self.t.write("games/g/main.c", GOOD_MAIN.replace('#include "calc.h"',
                                                         '#ifdef FAST\n#include "calc.h"\n#endif'))
        self.build_fails("games/g/main.c:5:", ["conditional"])

    def test_conditional_include_in_header_body(self):
        self.t.write("games/g/calc.h", GOOD_CALC_H.replace('#include "common.h"',
                                                           '#if 1\n#include "common.h"\n#endif'))
        self.build_fails("games/g/calc.h:5:", ["conditional"])

    def test_include_cycle(self):
        self.t.write("games/g/a.h", "#ifndef A_H\n#define A_H\n#include \"b.h\"\n#endif\n")
        self.t.write("games/g/b.h", "#ifndef B_H\n#define B_H\n#include \"a.h\"\n#endif\n")
        self.t.write("games/g/main.c", '#include "a.h"\n' + GOOD_MAIN)
        self.build_fails("games/g/b.h:3:", ["include cycle", "a.h -> ", "b.h -> ", "a.h"])

    def test_pragma_once(self):
        self.t.write("games/g/calc.h", "#pragma once\n" + GOOD_CALC_H)
        self.build_fails("games/g/calc.h:1:", ["#pragma once"])

    def test_header_without_guard(self):
        self.t.write("games/g/calc.h", '#include "common.h"\nBOT_API int calc_twice(int x);\n')
        self.build_fails("games/g/calc.h:1:", ["include guard"])

    def test_api_function_without_prefix(self):
        self.t.write("games/g/calc.c", GOOD_CALC_C + "BOT_API int twice_again(int x) { return x; }\n")
        self.build_fails("games/g/calc.c:9:", ["twice_again", "calc_"])

    def test_api_prototype_without_prefix_in_header(self):
        self.t.write("games/g/calc.h", GOOD_CALC_H.replace("#endif", "BOT_API int twice(int x);\n#endif"))
        self.build_fails("games/g/calc.h:7:", ["twice", "calc_"])

    def test_external_function_without_api(self):
        self.t.write("games/g/calc.c", GOOD_CALC_C + "int calc_thrice(int x) { return 3 * x; }\n")
        self.build_fails("games/g/calc.c:9:", ["calc_thrice", "external linkage"])

    def test_external_function_returning_struct(self):
        self.t.write("games/g/calc.c", GOOD_CALC_C + "struct calc_pair { int a, b; };\n"
                     "struct calc_pair calc_pair_make(void) { struct calc_pair p = {1, 2}; return p; }\n")
        self.build_fails("games/g/calc.c:10:", ["calc_pair_make", "external linkage"])

    def test_entry_may_export_functions(self):
        # a freestanding entry (WebAssembly) exports plain functions
        self.t.write("games/g/main.c", GOOD_MAIN + "int exported_step(int x) { return calc_twice(x); }\n")
        r = self.t.merge("build", "g")
        self.assertEqual(r.returncode, 0, r.stderr)

    def test_external_variable(self):
        self.t.write("games/g/calc.c", GOOD_CALC_C + "int counter = 0;\n")
        self.build_fails("games/g/calc.c:9:", ["counter", "external linkage"])

    def test_static_name_collision(self):
        self.t.write("games/g/main.c", GOOD_MAIN + "static int calc__apply(int x) { return x; }\n")
        self.build_fails("games/g/main.c:12:", ["calc__apply", "games/g/calc.c:5"])

    def test_static_table_collision(self):
        self.t.write("modules/other.h", "#ifndef OTHER_H\n#define OTHER_H\n#include \"common.h\"\n"
                     "BOT_API int other_f(void);\n#endif\n")
        self.t.write("modules/other.c", "#include \"other.h\"\nstatic const int calc__table[2] = {3, 4};\n"
                     "BOT_API int other_f(void) { return calc__table[1]; }\n")
        self.t.write("games/g/main.c", '#include "other.h"\n' + GOOD_MAIN)
        self.build_fails("calc__table", ["also defined"])

    def test_macro_bleed_from_c_file(self):
        self.t.write("games/g/calc.c", GOOD_CALC_C.replace("#undef LOCAL_HELPER\n", ""))
        self.build_fails("games/g/calc.c:4:", ["LOCAL_HELPER", "#undef"])

    def test_unprefixed_macro_in_header(self):
        self.t.write("games/g/calc.h", GOOD_CALC_H.replace("#define CALC_FACTOR 2", "#define FACTOR 2"))
        self.build_fails("games/g/calc.h:5:", ["FACTOR"])

    def test_same_macro_in_two_files(self):
        self.t.write("games/g/main.c", GOOD_MAIN.replace("#define MAIN_LOCAL 2", "#define CALC_FACTOR 2\n"
                                                         "#define MAIN_LOCAL 2"))
        self.build_fails("games/g/main.c:5:", ["CALC_FACTOR", "also defined"])

    def test_non_ascii(self):
        self.t.write("games/g/calc.c", "/* caf\u00e9 */\n" + GOOD_CALC_C, mode="w")
        self.build_fails("games/g/calc.c:1:", ["non-ASCII"])

    def test_missing_entry(self):
        r = self.t.merge("build", "nosuchgame")
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("no such entry file", r.stderr)

    def test_unterminated_comment(self):
        self.t.write("games/g/calc.c", GOOD_CALC_C + "/* never closed\n")
        self.build_fails("games/g/calc.c", ["unterminated comment"])


if __name__ == "__main__":
    sys.exit(pyunit.main(sys.modules[__name__]))
