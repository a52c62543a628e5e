#!/usr/bin/env python3
"""merge.py -- amalgamates one game's C sources into a single submission file.

Commands (run from the repository root):
  merge.py build GAME [--entry FILE] [--out FILE] [--dev FILE] [--no-pragmas] [--no-limit]
      Follows quoted includes from games/GAME/main.c (or --entry) and writes
      dist/GAME.c (or --out), build/GAME.dev.c (with #line directives),
      build/GAME.map (the line map) and build/dep/GAME.d (make dependencies).
  merge.py check GAME...
      Regenerates each dist/GAME.c in memory; exit 1 if a file differs.
  merge.py where FILE:LINE
      Names the source file and line behind a line of a generated file.
  merge.py deps ENTRY.c [--mk FILE]
      Prints the .c files a binary built from ENTRY.c links: ENTRY.c, then
      the .c paired with each header it includes, transitively (the same
      graph as build). --mk writes them as a make fragment instead
      (LINK_SRCS_<ENTRY.c> := ..., and FILE's own dependencies).

Invariants: the output depends only on the input files' bytes (no time, no
path of this machine, no git state), so `check` is meaningful in a clean
clone; every rule violation stops the build with "path:line: message".
The rules are listed in docs/merge.md; the checks below are
numbered the same way.
"""
import hashlib
import json
import os
import re
import sys

VERSION = "1.0"
DEFAULT_LIMIT = 100000
WARN_FRACTION = 0.9
PRAGMAS = [
    "#if defined(__GNUC__) && !defined(__clang__)",
    '#pragma GCC optimize("O3,unroll-loops,omit-frame-pointer")',
    "#endif",
]
# Macros any file may define without a prefix.
FEATURE_MACROS = {"_GNU_SOURCE", "_DEFAULT_SOURCE", "_POSIX_C_SOURCE", "_XOPEN_SOURCE"}
LINKAGE_MACROS = {"BOT_API", "BOT_AMALGAMATION"}

ROOT = os.path.dirname(os.path.abspath(__file__))


class MergeError(Exception):
    """A rule violation: message already carries 'path:line: '."""


def rel(path):
    return os.path.relpath(path, ROOT).replace(os.sep, "/")


def fail(path, line, msg):
    raise MergeError("%s:%d: %s" % (rel(path), line, msg))


# ---------------------------------------------------------------------------
# Lexical helpers. Both keep every newline, so line numbers survive.

def strip_comments(text):
    """Replaces comments by spaces (keeping newlines); strings untouched."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "/" and i + 1 < n and text[i + 1] == "/":
            j = text.find("\n", i)
            j = n if j < 0 else j
            # a // comment ending in a backslash would swallow the next line
            out.append(" ")
            i = j
        elif c == "/" and i + 1 < n and text[i + 1] == "*":
            j = text.find("*/", i + 2)
            if j < 0:
                raise ValueError("unterminated comment")
            body = text[i:j + 2]
            out.append(" " + "\n" * body.count("\n"))
            i = j + 2
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                if text[j] == "\\":
                    j += 1
                elif text[j] == "\n":
                    break
                j += 1
            out.append(text[i:j + 1])
            i = j + 1
        else:
            j = i
            while j < n and text[j] not in "/\"'":
                j += 1
            if j == i:
                j += 1
            out.append(text[i:j])
            i = j
    return "".join(out)


def blank_literals(text):
    """Replaces the contents of string and char literals by 'x' (for scans)."""
    def repl(m):
        s = m.group(0)
        return s[0] + "x" * (len(s) - 2) + s[-1]
    return re.sub(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', repl, text)


DIRECTIVE = re.compile(r"^\s*#\s*(\w+)\s*(.*?)\s*$")
INCLUDE = re.compile(r'^(["<])([^">]+)[">]\s*$')


def logical_lines(text):
    """Yields (first_line_no, joined_text, physical_count) joining backslash
    continuations."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        start = i
        buf = lines[i]
        while buf.endswith("\\") and i + 1 < len(lines):
            i += 1
            buf = buf[:-1] + " " + lines[i]
        yield start + 1, buf, i - start + 1
        i += 1


# ---------------------------------------------------------------------------
# One source file, analysed.

class Source:
    def __init__(self, path, is_entry=False):
        self.path = path
        self.is_entry = is_entry
        self.is_header = path.endswith(".h")
        stem = os.path.splitext(os.path.basename(path))[0]
        self.prefix = stem + "_"
        self.macro_prefix = stem.upper() + "_"
        with open(path, "rb") as f:
            raw = f.read()
        for lineno, line in enumerate(raw.split(b"\n"), 1):  # rule 8
            if any(b > 127 for b in line):
                fail(path, lineno, "non-ASCII byte (sources must be ASCII)")
        self.raw = raw
        self.text = raw.decode("ascii")
        try:
            self.code = strip_comments(self.text)
        except ValueError as e:
            fail(path, self.text.count("\n") + 1, str(e))
        self.includes = []       # (line, kind '"' or '<', name, conditional)
        self.drop = set()        # physical lines removed from the body
        self.defines = []        # (line, name)
        self.undefs = {}         # name -> last line
        self.guard = None
        self._scan_directives()

    def _scan_directives(self):
        depth = 0
        guard_depth = None
        directives = []
        for line, body, count in logical_lines(self.code):
            m = DIRECTIVE.match(body)
            if m:
                directives.append((line, m.group(1), m.group(2), count))
        for line, name, arg, _ in directives:  # rule 4, before the guard check
            if name == "pragma" and arg.split()[:1] == ["once"]:
                fail(self.path, line, "#pragma once is not allowed: use an include guard")
        # include guard: first directive #ifndef G, second #define G
        if self.is_header:
            if (len(directives) >= 2 and directives[0][1] == "ifndef"
                    and directives[1][1] == "define"
                    and directives[1][2].split()[:1] == directives[0][2].split()[:1]):
                self.guard = directives[0][2].split()[0]
            else:
                fail(self.path, directives[0][0] if directives else 1,
                     "header lacks a classic include guard (#ifndef NAME_H / #define NAME_H)")
        for idx, (line, name, arg, count) in enumerate(directives):
            if name in ("if", "ifdef", "ifndef"):
                if self.guard and idx == 0:
                    guard_depth = depth
                depth += 1
            elif name == "endif":
                depth -= 1
            elif name == "pragma" and arg.split()[:1] == ["once"]:  # rule 4
                fail(self.path, line, "#pragma once is not allowed: use an include guard")
            elif name == "include":
                m = INCLUDE.match(arg)
                if not m:
                    fail(self.path, line, "cannot parse #include %s" % arg)
                cond = depth - (1 if guard_depth is not None else 0) > 0
                kind, target = m.group(1), m.group(2)
                if kind == '"' and cond:  # rule 2
                    fail(self.path, line,
                         'project include "%s" inside a conditional: the amalgamation '
                         "cannot honour the condition" % target)
                self.includes.append((line, kind, target, cond))
                if not cond:
                    for k in range(count):
                        self.drop.add(line + k)
            elif name == "define":
                mname = re.match(r"\w+", arg)
                if mname and mname.group(0) != self.guard:
                    self.defines.append((line, mname.group(0)))
                    if mname.group(0) in FEATURE_MACROS and depth == (1 if guard_depth is not None else 0):
                        for k in range(count):
                            self.drop.add(line + k)
            elif name == "undef":
                self.undefs[arg.split()[0] if arg else ""] = line

    def feature_defines(self):
        out = []
        for line, body, _ in logical_lines(self.code):
            m = DIRECTIVE.match(body)
            if m and m.group(1) == "define":
                w = m.group(2).split()
                if w and w[0] in FEATURE_MACROS and line in self.drop:
                    out.append("#define " + " ".join(w))
        return out


# ---------------------------------------------------------------------------
# Top-level declarations (rules 5 and 6). A small scanner over tokens of the
# comment-free, literal-blanked text with preprocessor lines removed.

TOKEN = re.compile(r"[A-Za-z_]\w*|\d\w*|\S")
KEYWORDS = {"static", "extern", "inline", "const", "volatile", "struct", "union",
            "enum", "typedef", "unsigned", "signed", "int", "char", "short", "long",
            "float", "double", "void", "register", "restrict", "_Bool", "__attribute__",
            "__inline", "__inline__", "_Noreturn", "_Thread_local", "sizeof", "return"}


def top_level_decls(src):
    """Returns [(kind, name, line, storage)] for file-scope declarations:
    kind 'func' (definition), 'proto', 'var'; storage is a set of words."""
    lines = blank_literals(src.code).split("\n")
    out_lines = []
    skip = False
    for ln in lines:
        if skip or re.match(r"^\s*#", ln):
            skip = ln.rstrip().endswith("\\")
            out_lines.append("")
        else:
            out_lines.append(ln)
    toks = []
    for no, ln in enumerate(out_lines, 1):
        for m in TOKEN.finditer(ln):
            toks.append((m.group(0), no))
    decls = []
    stmt = []
    i = 0

    def skip_block(j):
        d = 0
        while j < len(toks):
            if toks[j][0] == "{":
                d += 1
            elif toks[j][0] == "}":
                d -= 1
                if d == 0:
                    return j
            j += 1
        return j

    while i < len(toks):
        t, no = toks[i]
        if t == "{":
            words = [w for w, _ in stmt]
            aggregate = words and (words[0] == "typedef" or
                                   (words[0] in ("struct", "union", "enum") and len(words) <= 2))
            if "=" in words or not words or words[-1] != ")" or aggregate:
                i = skip_block(i) + 1
                stmt.append(("{}", no))
                continue
            decls.append(classify(stmt, "func"))
            i = skip_block(i) + 1
            stmt = []
            continue
        if t == ";":
            if stmt:
                d = classify(stmt, "decl")
                if d:
                    decls.append(d)
            stmt = []
            i += 1
            continue
        stmt.append((t, no))
        i += 1
    return [d for d in decls if d]


def classify(stmt, what):
    words = [w for w, _ in stmt]
    if not words or words[0] == "typedef":
        return None
    storage = set(w for w in words if w in ("static", "extern", "BOT_API", "inline"))
    # the declared name: for a function, the identifier before the first '('
    # that is not part of __attribute__((...))
    k = 0
    while k < len(words):
        if words[k] == "__attribute__":
            # skip __attribute__ (( ... ))
            d = 0
            k += 1
            while k < len(words):
                if words[k] == "(":
                    d += 1
                elif words[k] == ")":
                    d -= 1
                    if d == 0:
                        break
                k += 1
            k += 1
            continue
        if words[k] == "(" and k > 0 and re.match(r"[A-Za-z_]\w*$", words[k - 1]) \
                and words[k - 1] not in KEYWORDS:
            kind = "func" if what == "func" else "proto"
            return (kind, words[k - 1], stmt[k - 1][1], storage)
        if words[k] in ("=", "[", ",") or k == len(words) - 1:
            # a variable: name is the identifier before '=' / '[' or the last one
            j = k if words[k] in ("=", "[", ",") else k + 1
            j -= 1
            while j >= 0 and not re.match(r"[A-Za-z_]\w*$", words[j]):
                j -= 1
            if j < 0 or words[j] in KEYWORDS:
                return None
            if words[0] in ("struct", "union", "enum") and "{}" in words and j < words.index("{}"):
                return None
            return ("var", words[j], stmt[j][1], storage)
        k += 1
    return None


# ---------------------------------------------------------------------------
# The include graph.

class Merger:
    def __init__(self, game, entry=None, extra_dirs=()):
        self.game = game
        self.game_dir = os.path.join(ROOT, "games", game) if game else None
        self.extra_dirs = list(extra_dirs)
        self.entry = os.path.abspath(entry) if entry else os.path.join(self.game_dir, "main.c")
        if not os.path.isfile(self.entry):
            raise MergeError("%s: no such entry file" % rel(self.entry))
        self.sources = {}
        self.headers = []     # in dependency order
        self.cfiles = []      # paired .c files, in the same order
        self.system = []      # hoisted system includes, first-seen order
        self.features = []

    def load(self, path, is_entry=False):
        if path not in self.sources:
            self.sources[path] = Source(path, is_entry)
        return self.sources[path]

    def resolve(self, src, line, name):
        if name.endswith(".c"):  # rule 1
            fail(src.path, line, 'includes a .c file "%s": include its header' % name)
        dirs = [os.path.dirname(src.path), os.path.join(ROOT, "modules")]
        dirs += ([self.game_dir] if self.game_dir else []) + self.extra_dirs
        for d in dirs:
            p = os.path.normpath(os.path.join(d, name))
            if os.path.isfile(p):
                return p
        fail(src.path, line, 'cannot resolve include "%s" (searched %s)' %
             (name, ", ".join(["the file's folder"] + [rel(d) + "/" for d in dirs[1:]])))

    def visit_includes(self, src, stack):
        """stack: the chain of files being included, src last."""
        for line, kind, name, cond in src.includes:
            if kind == "<":
                inc = "#include <%s>" % name
                if not cond and inc not in self.system:
                    self.system.append(inc)
                continue
            path = self.resolve(src, line, name)
            self.visit_header(path, stack, line)

    def visit_header(self, path, stack, line):
        if path in stack:  # rule 3
            chain = " -> ".join(rel(p) for p in stack[stack.index(path):])
            fail(stack[-1], line, "include cycle: %s -> %s" % (chain, rel(path)))
        if path in self.headers:
            return
        src = self.load(path)
        self.visit_includes(src, stack + [path])
        if path not in self.headers:
            self.headers.append(path)

    def run(self):
        self.walk()
        self.check_names()
        self.check_macros()

    def walk(self):
        """The include graph alone: headers, their paired .c files, order."""
        entry = self.load(self.entry, is_entry=True)
        self.visit_includes(entry, [self.entry])
        # paired .c files may pull in further headers (and so further .c)
        done = 0
        while done < len(self.headers):
            h = self.headers[done]
            done += 1
            c = h[:-2] + ".c"
            if os.path.isfile(c) and c != self.entry and c not in self.cfiles:
                csrc = self.load(c)
                self.cfiles.append(c)
                self.visit_includes(csrc, [c])
        self.order = self.headers + self.cfiles + [self.entry]
        for p in self.order:
            for f in self.sources[p].feature_defines():
                if f not in self.features:
                    self.features.append(f)

    # rules 5 and 6
    def check_names(self):
        seen = {}
        for p in self.order:
            src = self.sources[p]
            for kind, name, line, storage in top_level_decls(src):
                if kind == "proto" and "static" not in storage:
                    if "BOT_API" in storage and not name.startswith(src.prefix) and not src.is_entry:
                        fail(p, line, "BOT_API function %s lacks the prefix %s" % (name, src.prefix))
                    continue
                if kind == "proto":
                    continue
                if "extern" in storage and kind == "var":
                    continue
                exported = "static" not in storage
                if kind == "func" and "BOT_API" in storage:
                    if not name.startswith(src.prefix) and not src.is_entry:
                        fail(p, line, "BOT_API function %s lacks the prefix %s" % (name, src.prefix))
                elif exported and not src.is_entry:
                    if kind == "func":
                        fail(p, line, "function %s has external linkage: declare it BOT_API "
                             "(with the prefix %s) or static" % (name, src.prefix))
                    if not name.startswith(src.prefix):
                        fail(p, line, "file-scope variable %s has external linkage: make it "
                             "static or give it the prefix %s" % (name, src.prefix))
                if name in seen and seen[name][0] != p:
                    fail(p, line, "%s is also defined at %s:%d: names at file scope must be "
                         "unique across the amalgamation" % (name, rel(seen[name][0]), seen[name][1]))
                seen.setdefault(name, (p, line))

    # rule 7
    def check_macros(self):
        owner = {}
        for p in self.order:
            src = self.sources[p]
            for line, name in src.defines:
                if name in FEATURE_MACROS or name in LINKAGE_MACROS:
                    continue
                undone = name in src.undefs and src.undefs[name] > line
                if not src.is_entry and not undone and not name.startswith(src.macro_prefix):
                    fail(p, line, "macro %s leaks into the files after this one: #undef it "
                         "before the end of the file or name it %s..." % (name, src.macro_prefix))
                if undone:
                    continue
                if name in owner and owner[name][0] != p:
                    fail(p, line, "macro %s is also defined at %s:%d" % (name, rel(owner[name][0]), owner[name][1]))
                owner.setdefault(name, (p, line))

    # -----------------------------------------------------------------------
    # Emission. Returns (text, map) where map is [(out_line, path, src_line)].

    def body_lines(self, p, keep_comments):
        src = self.sources[p]
        text = src.text if keep_comments else src.code
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        out = []
        for no, ln in enumerate(lines, 1):
            if no in src.drop:
                ln = ""
            out.append((ln.rstrip(), no))
        return out

    def emit(self, dev, pragmas, out_name):
        digest = hashlib.sha1()
        blobs = []
        for p in self.order:
            raw = self.sources[p].raw
            blob = hashlib.sha1(b"blob %d\0" % len(raw) + raw).hexdigest()
            blobs.append((rel(p), blob))
            digest.update(rel(p).encode() + b"\0" + raw)
        lines = []
        lmap = []

        def add(text, path=None, no=0):
            lines.append(text)
            if path:
                lmap.append((len(lines), rel(path), no))

        add("/*")
        add(" * %s -- %s, generated by merge.py %s from %s; do not edit." %
            (out_name, self.game, VERSION, rel(self.entry)))
        add(" * Sources digest %s; git blob id of each input below" % digest.hexdigest()[:16])
        add(" * (git log --all --find-object=ID names the commit that has it).")
        for name, blob in blobs:
            add(" *   %-40s %s" % (name, blob[:12]))
        add(" */")
        add("#define BOT_AMALGAMATION 1")
        if pragmas:
            for ln in PRAGMAS:
                add(ln)
        for f in self.features:
            add(f)
        for inc in self.system:
            add(inc)
        for p in self.order:
            body = self.body_lines(p, dev)
            if dev:
                add("#line 1 \"%s\"" % rel(p))
                for text, no in body:
                    add(text, p, no)
            else:
                for text, no in body:
                    if text.strip():
                        add(text, p, no)
        text = "\n".join(lines) + "\n"
        return text, lmap


def load_config(game):
    cfg = {"limit": DEFAULT_LIMIT, "pragmas": True}
    path = os.path.join(ROOT, "games", game, "merge.json")
    if os.path.isfile(path):
        try:
            with open(path) as f:
                cfg.update(json.load(f))
        except ValueError as e:
            raise MergeError("%s:1: bad JSON: %s" % (rel(path), e))
    return cfg


def generate(game, entry=None, out_name=None, pragmas=None, limit=True):
    cfg = load_config(game)
    if pragmas is None:
        pragmas = cfg["pragmas"]
    m = Merger(game, entry)
    m.run()
    out_name = out_name or "dist/%s.c" % game
    dist, dmap = m.emit(False, pragmas, out_name)
    dev, _ = m.emit(True, pragmas, out_name)
    size = len(dist)
    if limit:  # rule 9
        lim = cfg["limit"]
        if size > lim:
            raise MergeError("%s: %d characters, over the judge's limit of %d" % (out_name, size, lim))
        if size > WARN_FRACTION * lim:
            print("merge.py: warning: %s is %d characters, %.0f%% of the limit %d" %
                  (out_name, size, 100.0 * size / lim, lim), file=sys.stderr)
    return m, dist, dev, dmap


def write_if_changed(path, text):
    """Writes path unless it already holds text; either way its modification
    time becomes now, so make sees it newer than the inputs it was made from
    (a fresh clone gives files arbitrary times) and does not rerun us."""
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    try:
        with open(path, encoding="ascii") as f:
            if f.read() == text:
                os.utime(path, None)
                return
    except OSError:
        pass
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="ascii", newline="\n") as f:
        f.write(text)
    os.replace(tmp, path)


def cmd_build(args):
    game = None
    entry = out = dev_out = None
    pragmas = None
    limit = True
    it = iter(args)
    for a in it:
        if a == "--entry":
            entry = next(it, None)
        elif a == "--out":
            out = next(it, None)
        elif a == "--dev":
            dev_out = next(it, None)
        elif a == "--no-pragmas":
            pragmas = False
        elif a == "--no-limit":
            limit = False
        elif a.startswith("-") or game:
            raise MergeError("usage: merge.py build GAME [--entry F] [--out F] [--dev F] [--no-pragmas] [--no-limit]")
        else:
            game = a
    if not game:
        raise MergeError("usage: merge.py build GAME")
    out = out or os.path.join("dist", game + ".c")
    base = os.path.splitext(os.path.basename(out))[0]
    dev_out = dev_out or os.path.join("build", base + ".dev.c")
    m, dist, dev, dmap = generate(game, entry, rel(os.path.abspath(out)), pragmas, limit)
    write_if_changed(os.path.join(ROOT, out) if not os.path.isabs(out) else out, dist)
    write_if_changed(os.path.join(ROOT, dev_out) if not os.path.isabs(dev_out) else dev_out, dev)
    mapfile = os.path.join(ROOT, "build", base + ".map")
    write_if_changed(mapfile, json.dumps({"file": rel(os.path.abspath(out)), "map": dmap}) + "\n")
    inputs = [rel(p) for p in m.order] + ["merge.py"]
    cfg = os.path.join("games", game, "merge.json")
    if os.path.isfile(os.path.join(ROOT, cfg)):
        inputs.append(cfg)
    targets = "%s %s" % (rel(os.path.abspath(out)), rel(os.path.abspath(dev_out)))
    dep = "%s: %s\n" % (targets, " ".join(inputs)) + "".join("%s:\n" % p for p in inputs)
    write_if_changed(os.path.join(ROOT, "build", "dep", base + ".d"), dep)
    print("merge.py: %s: %d characters, %d files" % (rel(os.path.abspath(out)), len(dist), len(m.order)))
    return 0


def entry_game(path):
    """The game an entry file belongs to: games/GAME/... or tests/GAME/...
    when games/GAME exists; None otherwise (tests/modules/...)."""
    parts = rel(os.path.abspath(path)).split("/")
    if len(parts) >= 3 and parts[0] in ("games", "tests") and \
            os.path.isdir(os.path.join(ROOT, "games", parts[1])):
        return parts[1]
    return None


def link_set(entry):
    """(the .c files a binary built from entry links: entry first, then the
    .c paired with every header it includes, transitively; every file the
    walk read). Includes resolve as for `build`, plus tests/ (testhelp.h),
    as the compiler's -I flags have it."""
    m = Merger(entry_game(entry), entry, extra_dirs=[os.path.join(ROOT, "tests")])
    m.walk()
    srcs = [rel(m.entry)] + [rel(p) for p in m.cfiles]
    return srcs, [rel(p) for p in m.order]


def cmd_deps(args):
    usage = "usage: merge.py deps ENTRY.c [--mk FILE]"
    entry = mk = None
    it = iter(args)
    for a in it:
        if a == "--mk":
            mk = next(it, None)
            if mk is None:
                raise MergeError(usage)
        elif a.startswith("-") or entry:
            raise MergeError(usage)
        else:
            entry = a
    if not entry:
        raise MergeError(usage)
    if not entry.endswith(".c"):
        raise MergeError("%s: an entry is a .c file" % entry)
    srcs, inputs = link_set(entry)
    if mk is None:
        print(" ".join(srcs))
        return 0
    name = rel(os.path.abspath(entry))
    text = "# %s -- written by merge.py deps; do not edit\n" % os.path.basename(mk)
    text += "LINK_SRCS_%s := %s\n" % (name, " ".join(srcs))
    text += "%s: %s merge.py\n" % (mk, " ".join(inputs))
    text += "".join("%s:\n" % p for p in inputs)
    write_if_changed(mk if os.path.isabs(mk) else os.path.join(ROOT, mk), text)
    return 0


def cmd_check(games):
    bad = 0
    if not games:
        games = sorted(g for g in os.listdir(os.path.join(ROOT, "games"))
                       if os.path.isfile(os.path.join(ROOT, "games", g, "main.c")))
    for g in games:
        _, dist, _, _ = generate(g)
        path = os.path.join(ROOT, "dist", g + ".c")
        try:
            with open(path, encoding="ascii") as f:
                have = f.read()
        except (OSError, UnicodeDecodeError):
            have = None
        if have != dist:
            print("merge.py: dist/%s.c does not match its sources: run `make` and commit dist/" % g)
            bad += 1
        else:
            print("merge.py: dist/%s.c matches its sources" % g)
    print("%d passed, %d failed" % (len(games) - bad, bad))
    return 1 if bad else 0


def cmd_where(args):
    if len(args) != 1 or ":" not in args[0]:
        raise MergeError("usage: merge.py where FILE:LINE")
    fname, _, line = args[0].rpartition(":")
    try:
        line = int(line)
    except ValueError:
        raise MergeError("usage: merge.py where FILE:LINE (LINE is a number)")
    if fname.endswith(".dev.c"):
        raise MergeError("%s keeps #line directives, so compilers, sanitizers and gdb already "
                         "name the source file and line; `where` maps the lines of dist/GAME.c "
                         "and build/GAME-NAME.c" % fname)
    base = os.path.splitext(os.path.basename(fname))[0]
    mapfile = os.path.join(ROOT, "build", base + ".map")
    lmap = None
    if os.path.isfile(mapfile):
        with open(mapfile) as f:
            lmap = json.load(f)["map"]
    else:
        game = base.split("-")[0]
        entry = None
        if "-" in base:
            entry = os.path.join(ROOT, "games", game, "bot_%s.c" % base.split("-", 1)[1])
        if not os.path.isfile(entry or os.path.join(ROOT, "games", game, "main.c")):
            raise MergeError("%s: no line map (build/%s.map) and no game source it could come "
                             "from; `where` maps the lines of dist/GAME.c and build/GAME-NAME.c"
                             % (fname, base))
        _, _, _, lmap = generate(game, entry, fname, limit=False)
    path = fname if os.path.isabs(fname) else os.path.join(ROOT, fname)
    if os.path.isfile(path):
        with open(path, "rb") as f:
            nlines = f.read().count(b"\n")
    else:
        nlines = max((out_line for out_line, _, _ in lmap), default=0)
    if line < 1 or line > nlines:
        raise MergeError("%s has %d lines: line %d is past its end" % (fname, nlines, line)
                         if line > nlines else "line numbers start at 1")
    for out_line, src_path, src_line in lmap:
        if out_line == line:
            print("%s:%d" % (src_path, src_line))
            return 0
    print("merge.py: line %d of %s comes from no source line (banner or hoisted line)" % (line, fname))
    return 1


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if len(argv) >= 2 else 2
    cmd, args = argv[1], argv[2:]
    try:
        if cmd == "build":
            return cmd_build(args)
        if cmd == "check":
            return cmd_check(args)
        if cmd == "where":
            return cmd_where(args)
        if cmd == "deps":
            return cmd_deps(args)
        raise MergeError("unknown command %r (build, check, where, deps)" % cmd)
    except MergeError as e:
        print("merge.py: error: %s" % e, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
