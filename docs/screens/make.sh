#!/bin/sh
# Makes docs/screens/<game>.png: the LCD as the simulator draws it, one
# screen of each game of the rulebook, with the machine moving first from
# the rulebook's start and announcing its move (the pieces it takes
# hatched on the boards and strips, its heap in brackets on the lines).
#
# usage: docs/screens/make.sh [FIRMWARE.elf [SIMULATOR [EXHIBIT.elf]]]
#        (defaults: the pocket edition's build/grundy-box.elf, which
#        teaches, build/grundy-sim and the exhibit edition's
#        build/edition/exhibit/grundy-box.elf; make them first)
set -eu
here=$(dirname "$0")
elf=${1:-build/grundy-box.elf}
sim=${2:-build/grundy-sim}
exhibit_elf=${3:-build/edition/exhibit/grundy-box.elf}
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
		echo "press UP"      # the level
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

# The hint and the reason why (docs/playing.md, Hints, the reason why and slips):
# Marienbad, the machine first from the start, which it cannot win; on
# the person's turn, won now, LEFT held on "Take 0" for the hint, then
# RIGHT for the reason why.
cat > "$script" <<'SCRIPT'
run 300
press UP
press UP
press UP
press RIGHT
press SELECT
press DOWN
wait "Take 1" 6000
press LEFT
hold LEFT 3500
wait "Win:" 1000
screen
png HINT
press RIGHT
run 100
screen
png WHY
SCRIPT
sed -i "s|HINT|$here/hint.png|; s|WHY|$here/why.png|" "$script"
"$sim" --script "$script" "$elf"

# The exhibit in English and in Polish (docs/exhibit.md, Polish):
# the operator menu's language item, set to the language (SELECT held
# from power-on opens the menu; the item is its seventh); the visitors'
# menu as the rules begin to run; the person's move in Marienbad, 3 of
# the row of 7; then, on a fresh chip, the machine's first move.
for lang in en pl; do
	{
		echo "down SELECT"
		echo "power-cycle"
		echo "run 1600"
		echo "up"
		echo "run 200"
		i=0; while [ $i -lt 6 ]; do echo "press DOWN"; i=$((i + 1)); done
		[ $lang = pl ] && echo "press RIGHT"
		echo "run 50"
		echo "png $here/operator-$lang.png"
		echo "hold SELECT 1200"
		echo "run 400"
		echo "png $here/menu-$lang.png"
		echo "press SELECT"  # play, the person first
		echo "press DOWN"    # past the help
		echo "run 300"
		echo "press DOWN"; echo "press DOWN"; echo "press DOWN" # the row of 7
		echo "press RIGHT"; echo "press RIGHT"
		echo "run 50"
		echo "png $here/take-$lang.png"
		echo "hold SELECT 1200"  # leave the game
		echo "run 300"
		echo "press UP"      # the score
		echo "press UP"      # the level
		echo "press UP"      # who moves first
		echo "press RIGHT"   # the machine
		echo "press SELECT"  # play
		echo "press DOWN"    # past the help
		[ $lang = pl ] && echo 'wait "Bior" 3000' || echo 'wait "I " 3000'
		echo "run 20"
		echo "png $here/move-$lang.png"
	} > "$script"
	"$sim" --script "$script" "$exhibit_elf"
done
