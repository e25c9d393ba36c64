#!/bin/sh
# Makes docs/screens/<game>.png: the LCD as the simulator draws it, one
# screen of each game of the rulebook, with the machine moving first from
# the rulebook's start and announcing its move (the pieces it takes
# hatched on the boards and strips, its heap in brackets on the lines).
#
# usage: docs/screens/make.sh [FIRMWARE.elf [SIMULATOR]]
#        (defaults: build/grundy-box.elf and build/grundy-sim; make them first)
set -eu
here=$(dirname "$0")
elf=${1:-build/grundy-box.elf}
sim=${2:-build/grundy-sim}
script=$(mktemp)
trap 'rm -f "$script"' EXIT
# The games in the menu's order (enum engine_game); a fresh chip's menu
# shows Marienbad, the third.
set -- nim misere-nim marienbad limit-nim subtraction subtract-digit divide prime-power nimble \
	matrix-nim poker-nim pebbles kayles wythoff chomp taktix kubo nineteen
index=0
for game in "$@"; do
	{
		echo "run 300"
		# From Marienbad (2) to this game, the shorter way round.
		steps=$(( (index - 2 + 18) % 18 ))
		if [ $steps -le 9 ]; then
			i=0; while [ $i -lt $steps ]; do echo "press RIGHT"; i=$((i + 1)); done
		else
			i=0; while [ $i -lt $((18 - steps)) ]; do echo "press LEFT"; i=$((i + 1)); done
		fi
		echo "press UP"      # the score
		echo "press UP"      # who moves first
		echo "press RIGHT"   # the machine
		echo "press SELECT"  # play
		echo "press DOWN"    # past the help
		echo 'wait "I " 3000'
		echo "run 20"
		echo "screen"
	} > "$script"
	"$sim" --script "$script" "$elf" --png "$here/$game.png"
	index=$((index + 1))
done
