#!/bin/sh
# A short run of the benchmark (make bench): every game's start and slowest
# known positions and one short game from the start, the baseline stopped
# early.  Checks each game's cycle goal for the machine's move on the AVR,
# that the AVR answers exactly as the host engine does, legally and
# winning, that the baseline's outcomes agree, and that the engine's flash
# tables stay in flash.  Prints TAP (bench_run --tap).
# usage: tests/scripts/bench.sh BUILD-FOLDER
set -u
build=$1
run="$build/bench/bench_run"
if [ ! -x "$run" ] || [ ! -f "$build/bench/bench.elf" ]; then
	echo "not ok 1 - bench program built ($build/bench: make BUILD=$build bench)"
	exit 1
fi
# The same arguments as `make bench`, with a short run's settings.
"$run" --tap --cap 2000000 --games 1 --plies 6 \
	"$build/bench/bench.elf" "$build/avr/$build/gen/engine_tables.o" "$build"/avr/engine/*.o
