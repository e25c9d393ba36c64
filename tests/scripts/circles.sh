#!/bin/sh
# No include circle and no call circle among the files of firmware/, in TAP.
# A module is a .c file with its .h, and the files named after it with a
# suffix: view_draw.c and view_draw.h are the inside of the view (they say
# so), part of the module view.  Module A depends on module B when a file of
# A includes B's header (firmware/B.h), or when A's object uses a symbol
# that B's object defines (a call, or a read of B's data), read with nm
# from the host objects (BUILD/host/firmware/*.o: make test builds them).
# A circle means two modules each depend on the other, through others or
# not, so neither can be understood or tested without the other; tsort
# finds one and says which modules it joins.  main.c, the chip's start-up,
# has no host object: it calls, and nothing calls it, so it closes no
# circle of calls.
# usage: tests/scripts/circles.sh BUILD-FOLDER [FIRMWARE-FOLDER]
set -u
build=$1
firmware=${2:-firmware}
objects="$build/host/$firmware"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

module() {
	name=$(basename "$1" | sed 's/\.[ch]$//; s/\.o$//')
	prefix=${name%%_*}
	if [ "$prefix" != "$name" ] && { [ -e "$firmware/$prefix.c" ] || [ -e "$firmware/$prefix.h" ]; }; then
		name=$prefix
	fi
	echo "$name"
}

# ---- includes ----
: >"$work/includes"
for file in "$firmware"/*.c "$firmware"/*.h; do
	[ -e "$file" ] || continue
	from=$(module "$file")
	echo "$from $from" >>"$work/includes" # every module is a node, circle or not
	sed -n 's|^[[:space:]]*#[[:space:]]*include[[:space:]]*"'"$firmware"'/\([^"]*\)\.h".*|\1|p' "$file" |
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
	nm -P --defined-only "$object" | awk -v m="$(module "$object")" '$2 ~ /^[TDBRC]$/ {print $1, m}' >>"$work/defined"
done
sort -u "$work/defined" >"$work/defined.sorted"
for object in "$objects"/*.o; do
	[ -e "$object" ] || continue
	from=$(module "$object")
	echo "$from $from" >>"$work/calls"
	nm -P --undefined-only "$object" | awk '{print $1}' | sort -u |
		join - "$work/defined.sorted" | awk -v f="$from" '$2 != f {print f, $2}' >>"$work/calls"
done
edges=$(awk '$1 != $2' "$work/calls" | sort -u | wc -l)

# check NAME FILE: ok when tsort finds no loop in the dependencies of FILE.
status=0
check() {
	if tsort "$2" >/dev/null 2>"$work/loop"; then
		echo "ok - $1"
	else
		echo "not ok - $1"
		sed -e 's/^tsort: .*: input contains a loop:$/a circle through:/' -e 's/^tsort: /  /' "$work/loop" |
			sed 's/^/#   /'
		status=1
	fi
}

if [ "$count" -eq 0 ]; then
	echo "not ok - no_call_circle_in_firmware (no objects in $objects: make test builds them)"
	exit 0
fi
echo "# $modules modules of $firmware/ by their includes; $count objects, $edges dependencies between modules by their symbols"
check no_include_circle_in_firmware "$work/includes"
check no_call_circle_in_firmware "$work/calls"
exit 0
