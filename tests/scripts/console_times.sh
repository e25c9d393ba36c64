#!/bin/sh
# The hardest console lines and machine moves make bench has found
# (tools/bench/console_run.c), timed on the firmware in simavr as a
# person's terminal and the LCD see them: each within 250 ms.  Prints TAP.
# usage: tests/scripts/console_times.sh BUILD-FOLDER
set -u
build=$1
run="$build/bench/console_run"
if [ ! -x "$run" ] || [ ! -f "$build/edition/teletype/grundy-box.elf" ]; then
	echo "not ok 1 - console_run and the firmware built ($build)"
	exit 1
fi
"$run" --check "$build/edition/teletype/grundy-box.elf"
