"""pyunit.py -- runs a module's unittest cases and ends with the project's
closing line "N passed, N failed" (what tests/tally.py sums).

Usage, at the end of a test file:  sys.exit(pyunit.main(sys.modules[__name__]))
Returns the exit status: 0 iff at least one test ran and none failed.
"""
import sys
import unittest


def main(module):
    suite = unittest.defaultTestLoader.loadTestsFromModule(module)
    result = unittest.TextTestRunner(verbosity=2, stream=sys.stdout).run(suite)
    failed = len(result.failures) + len(result.errors)
    print("%d passed, %d failed" % (result.testsRun - failed, failed))
    return 0 if failed == 0 and result.testsRun > 0 else 1
