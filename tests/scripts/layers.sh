#!/bin/sh
# Each layer includes only what it may, in TAP (one line a layer): the
# folders are layers (README, Layout), and a layer that includes a higher
# one, or a sibling it should not know, is found here before it grows.
#   engine/    engine/ and the generated tables (a header named with no
#              folder: the build's $(BUILD)/gen is the only other include
#              path); portable C, so none of firmware/, hal/, board/, sim/
#   hal/       hal/ and board/: the only code that touches registers, below
#              everything but the board's facts
#   firmware/  anything of engine/, hal/, board/, firmware/ and the
#              generated tables, but nothing of sim/ (nor tests/, tools/)
#   board/     no header of the project: the board's facts stand alone
# Every layer may also include the system's headers (<...>) and the one
# header of compiler attributes, wherever it lives: any "FOLDER/attributes.h"
# of engine/ or of a folder of common headers, so that the check holds while
# the header moves.  Every #include "..." of the layer's .c, .h and .def
# files is read.
# usage: tests/scripts/layers.sh BUILD-FOLDER (unused)
set -u

# check LAYER NAME PATTERN: ok when every quoted include of LAYER's files
# matches the extended regular expression PATTERN (a path as written).
n=0
check() {
	layer=$1
	name=$2
	allowed="^(($3)|([a-z_]+/)?attributes\.h)$"
	n=$((n + 1))
	files=$(find "$layer" -maxdepth 1 -type f \( -name '*.c' -o -name '*.h' -o -name '*.def' \) | sort)
	if [ -z "$files" ]; then
		echo "not ok $n - $name (no files in $layer/)"
		return
	fi
	# file:line:path for every quoted include.
	bad=$(grep -nH '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' $files |
		sed 's/^\([^:]*:[0-9]*\):.*"\([^"]*\)".*/\1:\2/' |
		awk -F: -v allowed="$allowed" '$3 !~ allowed')
	count=$(grep -h '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' $files | wc -l)
	if [ -z "$bad" ]; then
		echo "ok $n - $name ($count includes of $(echo "$files" | wc -l) files)"
	else
		echo "not ok $n - $name"
		echo "$bad" | sed 's/^\(.*\):\([^:]*\)$/#   \1 includes "\2"/'
	fi
}

check engine engine_includes_only_engine 'engine/[^/]+|[^/]+'
check hal hal_includes_only_hal_and_board 'hal/[^/]+|board/[^/]+'
check firmware firmware_includes_nothing_of_sim '(engine|hal|board|firmware)/[^/]+|[^/]+'
check board board_includes_nothing_of_the_project 'attributes\.h'
echo "1..$n"
