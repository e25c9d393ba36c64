#!/bin/sh
# Only firmware/game.c writes the game in progress: game_state, its one
# writable name (firmware/game.h), is named by no other source file;
# every other file reads the game through the pointer to const `game`.
# Prints TAP.
# usage: tests/scripts/game_writer.sh BUILD-FOLDER (unused)
set -u
others=$(grep -rlw --include='*.c' --include='*.h' game_state firmware engine hal board sim tests tools |
	grep -vx -e firmware/game.c -e firmware/game.h)
if [ -z "$others" ]; then
	echo "ok 1 - only firmware/game.c and its header name game_state"
else
	echo "not ok 1 - only firmware/game.c and its header name game_state: also" $others
fi
