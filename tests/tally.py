#!/usr/bin/env python3
"""tally.py -- sums the "N passed, N failed" lines of a `make test` log.

Usage: tally.py LOG [MAKE_EXIT_CODE]
Prints how many suites reported, then the closing line
"total: N passed, N failed[, N skipped]" (skipped tests, those a suite
reports as "N passed, N failed, N skipped", are neither passed nor
failed; the part is left out when there are none). Besides the suites' own failures it counts one
failure per file make could not build (a "*** [...: TARGET] Error" or "No
rule to make target" line naming a path: the suites that needed it never
ran), and one if make failed with nothing else to show for it. Exits 1 if
anything failed or if nothing ran.
"""
import re
import sys

LINE = re.compile(r"^(?:\w+: )?(\d+) passed, (\d+) failed(?:, (\d+) skipped)?\s*$")
MAKE_ERROR = re.compile(r"^make(?:\[\d+\])?: \*\*\* (?:\[[^\]]*?: ([^\]:]+)\] Error \d+"
                        r"|No rule to make target '([^']+)')")


def main(argv):
    if len(argv) < 2:
        print("usage: tally.py LOG [MAKE_EXIT_CODE]", file=sys.stderr)
        return 2
    make_rc = int(argv[2]) if len(argv) > 2 else 0
    passed = failed = skipped = suites = 0
    unbuilt = []
    try:
        with open(argv[1], encoding="utf-8", errors="replace") as f:
            for line in f:
                m = LINE.match(line.rstrip("\n"))
                if m:
                    suites += 1
                    passed += int(m.group(1))
                    failed += int(m.group(2))
                    skipped += int(m.group(3) or 0)
                m = MAKE_ERROR.match(line)
                if m:
                    target = m.group(1) or m.group(2)
                    # a path, not a phony suite runner (test-x, smoke-x)
                    if "/" in target and target not in unbuilt:
                        unbuilt.append(target)
    except OSError as e:
        print("tally.py: cannot read %s: %s" % (argv[1], e), file=sys.stderr)
        return 2
    for target in unbuilt:
        print("tally: make could not build %s" % target)
    failed += len(unbuilt)
    if make_rc != 0 and failed == 0:
        failed = 1  # a step failed without a summary line: count it
        print("tally: a make step failed (exit %d) outside any suite" % make_rc)
    print("tally: %d suites reported" % suites)
    print("total: %d passed, %d failed%s" % (passed, failed, ", %d skipped" % skipped if skipped else ""))
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
