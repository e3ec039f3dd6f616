#!/usr/bin/env python3
"""slang_lint.py: slang's command line through pyslang's driver.

    .venv/bin/python scripts/slang_lint.py -Weverything --top sam_fifo a.sv b.sv

The arguments are those of the `slang` program (pyslang ships the library, not
the program). Diagnostics go to stderr as `file:line:col: warning: text [-Wname]`;
the exit status is 0 when the design compiled without errors, whatever the
warnings (testbenches/tests/lint.rs reads them), 1 on errors, 2 on bad arguments.
"""
import shlex
import sys

from pyslang import driver


def main(argv):
    drv = driver.Driver()
    drv.addStandardArgs()
    line = " ".join(shlex.quote(a) for a in ["slang"] + argv)
    if not drv.parseCommandLine(line, driver.CommandLineOptions()):
        return 2
    if not drv.processOptions():
        return 2
    ok = drv.parseAllSources()
    ok = drv.runFullCompilation(False) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
