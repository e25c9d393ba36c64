#!/bin/sh
# The engine's dispatch is made from engine/families.def (engine/dispatch.h),
# so that a family is added without touching engine.c or analysis.c
# (docs/adding-a-game.md): checks that no source of engine/ has a
# `case FAMILY_<F>:` written by hand, and that the check finds one where one
# is.  In TAP.
# usage: tests/scripts/engine_dispatch.sh BUILD-FOLDER [ENGINE-FOLDER]
set -u
engine=${2:-engine}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# cases FOLDER: the lines of FOLDER's sources with a case label of a family.
cases() {
	grep -nHE '\bcase[[:space:]]+FAMILY_[A-Z0-9_]+[[:space:]]*:' "$1"/*.c "$1"/*.h 2>/dev/null
}

echo "1..2"
# A hand-written case, and dispatch.h's pasted one, which is not.
mkdir "$work/planted"
printf 'int f(int family)\n{\n\tswitch (family) {\n\tcase FAMILY_HEAPS:\n\t\treturn 1;\n\t}\n\treturn 0;\n}\n' \
	>"$work/planted/engine.c"
printf '#define FAMILY_CASE_(ID) case FAMILY_##ID:\n' >"$work/planted/dispatch.h"
found=$(cases "$work/planted" | cut -d: -f1 | xargs -n1 basename | paste -sd' ' -)
if [ "$found" = "engine.c" ]; then
	echo "ok 1 - a family's case written by hand in a planted file is found, and nothing else"
else
	echo "not ok 1 - a family's case written by hand in a planted file is found, and nothing else"
	cases "$work/planted" | sed 's/^/#   /'
fi

if cases "$engine" >"$work/found"; then
	echo "not ok 2 - $engine/ dispatches on the family only through families.def"
	sed 's/^/#   /' "$work/found"
else
	echo "ok 2 - $engine/ dispatches on the family only through families.def"
fi
