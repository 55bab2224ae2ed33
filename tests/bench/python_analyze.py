#!/usr/bin/env python3
"""What roofline.analyze() costs from Python: the median of 15 timings of 2,000 calls each (gc as
timeit leaves it: off), per statement, with the minimum and maximum beside it. Not a test: run it
by hand on a quiet machine, against the build tree's package (or another build's, side by side).

  tests/bench/python_analyze.py build/python
  tests/bench/python_analyze.py build/python "roofline.analyze(model='llama-3-8b', batch=8)"
"""

import statistics
import sys
import timeit

sys.path.insert(0, sys.argv[1] if len(sys.argv) > 1 else "build/python")
import roofline  # noqa: E402

statements = sys.argv[2:] or ["roofline.analyze()", "roofline.analyze(model='llama-3-8b', batch=8)"]
times = {s: [] for s in statements}
for _ in range(15):
    for s in statements:  # interleaved, so a noisy moment touches each alike
        times[s].append(timeit.timeit(s, number=2000, globals={"roofline": roofline}) / 2000 * 1e6)
for s, t in times.items():
    print(f"{s:50s} median {statistics.median(t):6.1f} us  min {min(t):6.1f}  max {max(t):6.1f}")
