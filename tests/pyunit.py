"""pyunit.py -- the project's closing line "N passed, N failed[, N skipped]"
(what tests/tally.py sums; a skipped test is not a passed one) for Python tests, two ways:

  unittest cases:  sys.exit(pyunit.main(sys.modules[__name__]))
  script checks:   check = pyunit.Checks(); check(ok, "what"); ...;
                   return check.close()

Both give the exit status: 0 iff at least one test ran and none failed.
"""
import sys
import unittest


def main(module):
    suite = unittest.defaultTestLoader.loadTestsFromModule(module)
    result = unittest.TextTestRunner(verbosity=2, stream=sys.stdout).run(suite)
    failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
    skipped = len(result.skipped) + len(result.expectedFailures)
    passed = result.testsRun - failed - skipped
    print("%d passed, %d failed%s" % (passed, failed, ", %d skipped" % skipped if skipped else ""))
    return 0 if failed == 0 and passed > 0 else 1


class Checks:
    """Counts plain checks, printing "ok   what" or "FAIL what" for each."""

    def __init__(self):
        self.passed = self.failed = 0

    def __call__(self, ok, what):
        print(("ok   " if ok else "FAIL ") + what)
        sys.stdout.flush()
        if ok:
            self.passed += 1
        else:
            self.failed += 1

    def close(self):
        """Prints the closing line; returns the exit status."""
        print("%d passed, %d failed" % (self.passed, self.failed))
        return 0 if self.failed == 0 and self.passed > 0 else 1
