#!/bin/sh
# The serial console under libFuzzer (tests/fuzz/) for a bounded time:
# FUZZ_TEST_SECONDS (default 30), from the seed corpus of real commands.
# `make fuzz` runs longer and keeps its corpus.  Prints TAP.
# usage: tests/scripts/fuzz.sh BUILD-FOLDER
set -u
fuzzer="$1/fuzz/fuzz_console"
seconds=${FUZZ_TEST_SECONDS:-30}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ ! -x "$fuzzer" ]; then
	echo "not ok 1 - console_fuzzed_${seconds}_s (no $fuzzer: make $fuzzer)"
	exit 0
fi
# The first folder receives what the run learns; the seeds are only read.
"$fuzzer" -max_total_time="$seconds" -timeout=10 -dict=tests/fuzz/console.dict \
	-artifact_prefix="$work/" -print_final_stats=1 "$work" tests/fuzz/seeds >"$work/log" 2>&1
status=$?
runs=$(awk '/stat::number_of_executed_units:/ {print $2}' "$work/log")
rate=$(awk '/stat::average_exec_per_sec:/ {print $2}' "$work/log")
units=$(ls "$work" | grep -vc '^log$')
if [ "$status" -eq 0 ] && [ -n "$runs" ]; then
	echo "# $runs inputs in $seconds s ($rate a second), $units new corpus entries, no finding"
	echo "ok 1 - console_fuzzed_${seconds}_s"
else
	grep -v '^#' "$work/log" | tail -40 | sed 's/^/#   /'
	for crash in "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-*; do
		[ -e "$crash" ] || continue
		keep="$1/fuzz/$(basename "$crash")"
		cp "$crash" "$keep"
		echo "# the input that failed: $keep (run: $fuzzer $keep)"
	done
	echo "not ok 1 - console_fuzzed_${seconds}_s"
fi
