#!/bin/bash
# make test's last lines, for CI (which shows only the end of the output): what failed, a test
# binary that ended without its totals (a crash: the test it was running), then the sum.
# Usage: test-summary.sh STATUS GTK4-LOG LOG…   (STATUS: the runs' exit status, 0 or not)
status=$1 gtk4=$2
shift 2
total=0 failed=0
for log in "$@"; do
  [ -f "$log" ] || { echo "missing log: $log"; failed=$((failed + 1)); continue; }
  grep -E "error: -\[|: error: |^✘ |' failed \(" "$log" | grep -v "Test Suite" | head -20
  # "Executed 370 tests, with 0 failures", or "…, with 7 tests skipped and 0 failures" (a test run
  # again inside a namespace of its own says so where it is skipped).
  xc=$(grep -E '^\s*Executed [0-9]+ tests?, with ([0-9]+ tests? skipped and )?[0-9]+ failures?' "$log" | tail -1 \
    | sed -E 's/.*Executed ([0-9]+) tests?, with ([0-9]+ tests? skipped and )?([0-9]+) failures?.*/\1 \3/')
  if grep -qE "^Test Case '" "$log" && ! grep -qE "^Test Suite '(All tests|Selected tests|[^']+\.xctest)' (passed|failed)" "$log"; then
    echo "$log: the XCTest run ended without its totals, during: $(grep -E "^Test Case '.*' started" "$log" | tail -1)"
    tail -5 "$log"
    # Counted from the cases themselves; the one running counts as failed.
    xc="$(($(grep -cE "^Test Case '.*' (passed|failed) \(" "$log") + 1)) $(($(grep -cE "^Test Case '.*' failed \(" "$log") + 1))"
  fi
  st=$(grep -E 'Test run with [0-9]+ tests?' "$log" | tail -1 | sed -E 's/.*Test run with ([0-9]+) tests?.*(passed|failed).*/\1/')
  stf=$(grep -E 'Test run with [0-9]+ tests? .*failed' "$log" | sed -E 's/.* with ([0-9]+) issues?.*/\1/' | tail -1)
  set -- $xc
  total=$((total + ${1:-0} + ${st:-0}))
  failed=$((failed + ${2:-0} + ${stf:-0}))
done
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
gtk4tests=$(grep -E '^\s*Executed [0-9]+ tests?' "$gtk4" 2>/dev/null | tail -1 | sed -E 's/.*Executed ([0-9]+) tests?.*/\1/')
echo "tests: $((total - failed)) passed, $failed failed (GTK 4: ${gtk4tests:-none})"
