#!/bin/sh
# No include circle and no call circle among the files of firmware/, nor
# among those of hal/, in TAP.
# A module is a .c file with its .h, and the files named after it with a
# suffix: view_draw.c and view_draw.h are the inside of the view (they say
# so), part of the module view.  Module A depends on module B when a file of
# A includes B's header (LAYER/B.h), or when A's object uses a symbol that
# B's object defines (a call, or a read of B's data), read with nm from the
# objects make test builds: firmware/'s host objects (BUILD/host/firmware),
# hal/'s from the default edition's AVR build (BUILD/avr/hal: hal/ has no
# host objects).
# A circle means two modules each depend on the other, through others or
# not, so neither can be understood or tested without the other; tsort
# finds one and says which modules it joins.  main.c, the chip's start-up,
# has no host object: it calls, and nothing calls it, so it closes no
# circle of calls.  An interrupt handler calls like any function: the tick's
# handler (hal/timer.c) calls nothing, so that the sleep, which counts the
# ticks, may use the timer without a circle.
# usage: tests/scripts/circles.sh BUILD-FOLDER
set -u
build=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# module LAYER FILE: the module FILE of LAYER belongs to.
module() {
	name=$(basename "$2" | sed 's/\.[ch]$//; s/\.o$//')
	prefix=${name%%_*}
	if [ "$prefix" != "$name" ] && { [ -e "$1/$prefix.c" ] || [ -e "$1/$prefix.h" ]; }; then
		name=$prefix
	fi
	echo "$name"
}

# check NAME FILE: ok when tsort finds no loop in the dependencies of FILE.
check() {
	if tsort "$2" >/dev/null 2>"$work/loop"; then
		echo "ok - $1"
	else
		echo "not ok - $1"
		sed -e 's/^tsort: .*: input contains a loop:$/a circle through:/' -e 's/^tsort: /  /' "$work/loop" |
			sed 's/^/#   /'
	fi
}

# check_layer LAYER OBJECTS: the two checks of the folder LAYER, whose
# objects are in the folder OBJECTS.
check_layer() {
	layer=$1
	objects=$2

	# ---- includes ----
	: >"$work/includes"
	for file in "$layer"/*.c "$layer"/*.h; do
		[ -e "$file" ] || continue
		from=$(module "$layer" "$file")
		echo "$from $from" >>"$work/includes" # every module is a node, circle or not
		sed -n 's|^[[:space:]]*#[[:space:]]*include[[:space:]]*"'"$layer"'/\([^"]*\)\.h".*|\1|p' "$file" |
			while read -r to; do
				[ "$to" = "$from" ] || echo "$from $to"
			done >>"$work/includes"
	done
	modules=$(awk '{print $1}' "$work/includes" | sort -u | wc -l)

	# ---- calls (and data) ----
	: >"$work/defined"
	: >"$work/calls"
	count=0
	for object in "$objects"/*.o; do
		[ -e "$object" ] || continue
		count=$((count + 1))
		nm -P --defined-only "$object" | awk -v m="$(module "$layer" "$object")" '$2 ~ /^[TDBRC]$/ {print $1, m}' >>"$work/defined"
	done
	sort -u "$work/defined" >"$work/defined.sorted"
	for object in "$objects"/*.o; do
		[ -e "$object" ] || continue
		from=$(module "$layer" "$object")
		echo "$from $from" >>"$work/calls"
		nm -P --undefined-only "$object" | awk '{print $1}' | sort -u |
			join - "$work/defined.sorted" | awk -v f="$from" '$2 != f {print f, $2}' >>"$work/calls"
	done
	edges=$(awk '$1 != $2' "$work/calls" | sort -u | wc -l)

	if [ "$count" -eq 0 ]; then
		echo "not ok - no_call_circle_in_$layer (no objects in $objects: make test builds them)"
		return
	fi
	echo "# $modules modules of $layer/ by their includes; $count objects, $edges dependencies between modules by their symbols"
	check "no_include_circle_in_$layer" "$work/includes"
	check "no_call_circle_in_$layer" "$work/calls"
}

check_layer firmware "$build/host/firmware"
check_layer hal "$build/avr/hal"
exit 0
