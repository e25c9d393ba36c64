#!/bin/sh
# The firmware names no game and no family: what a game is and does lives
# in the engine (engine/games.def, and engine.c's dispatch on the family),
# which the firmware asks (engine.h), so that a game or a family is added
# without touching firmware/ (docs/adding-a-game.md).  Checks that no file
# of firmware/ names a game's id (GAME_<ID> of engine/games.def) or a
# family (FAMILY_<F>), and that the check finds one where one is.  In TAP.
# usage: tests/scripts/firmware_names.sh BUILD-FOLDER [FIRMWARE-FOLDER]
set -u
firmware=${2:-firmware}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

ids=$(sed -n 's/^GAME(\([A-Z0-9_]*\),.*/\1/p' engine/games.def | paste -sd'|' -)
pattern="\\b(GAME_($ids)|FAMILY_[A-Z0-9_]+)\\b"

# names FOLDER: the lines of FOLDER's sources that name a game or a family.
names() {
	grep -nHE "$pattern" "$1"/*.c "$1"/*.h 2>/dev/null
}

echo "1..3"
count=$(echo "$ids" | tr '|' '\n' | grep -c .)
if [ "$count" -gt 0 ]; then
	echo "ok 1 - the ids of $count games read from engine/games.def"
else
	echo "not ok 1 - no game ids read from engine/games.def"
fi

# A game and a family named, and the words a check by prefix alone would
# take for them: an event (GAME_BEGAN), the count (GAME_COUNT), a constant
# that ends in a game's id (ENGINE_GAME_FIRST).
mkdir "$work/planted"
first=$(echo "$ids" | cut -d'|' -f1)
last=$(echo "$ids" | tr '|' '\n' | tail -n 1)
printf 'int f(int game)\n{\n\treturn game == GAME_%s;\n}\n' "$first" >"$work/planted/view.c"
printf 'int g(int family)\n{\n\treturn family == FAMILY_HEAPS || family == ENGINE_GAME_FIRST;\n}\n' >"$work/planted/lights.c"
printf '#define GAME_BEGAN 0 /* an event, not a game */\n#define X (GAME_COUNT + MY_GAME_%s)\n' "$last" \
	>"$work/planted/game.h"
found=$(names "$work/planted" | cut -d: -f1 | xargs -n1 basename | sort | paste -sd' ' -)
if [ "$found" = "lights.c view.c" ]; then
	echo "ok 2 - a game and a family named in planted files are found, and nothing else"
else
	echo "not ok 2 - a game and a family named in planted files are found, and nothing else"
	names "$work/planted" | sed 's/^/#   /'
fi

if names "$firmware" >"$work/found"; then
	echo "not ok 3 - $firmware/ names no game and no family"
	sed 's/^/#   /' "$work/found"
else
	echo "ok 3 - $firmware/ names no game and no family"
fi
