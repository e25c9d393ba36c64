#!/bin/sh
# cppcheck (Debian's) over engine/, firmware/ and hal/, in TAP: one line a
# build the sources are read as (the host's, every switch on, and each
# edition's switches, from BUILD/cppcheck/configs, which make writes), each
# finding as file:line: severity: id: message.  A finding that is not a
# fault is suppressed in tests/cppcheck-suppressions.txt, with its reason;
# every other is fixed.  The system's headers (avr-libc's) are not read:
# cppcheck needs only the project's.
# usage: tests/scripts/cppcheck.sh BUILD-FOLDER
set -u
build=$1
configs="$build/cppcheck/configs"
suppressions=tests/cppcheck-suppressions.txt

if ! command -v cppcheck >/dev/null; then
	echo "not ok 1 - cppcheck (cppcheck is not installed: tools/install-deps installs it)"
	exit 0
fi
if [ ! -r "$configs" ] || [ ! -r "$build/gen/engine_tables.h" ]; then
	echo "not ok 1 - cppcheck (no $configs or generated tables: make test makes them)"
	exit 0
fi
echo "# $(cppcheck --version)"
out=$(mktemp)
trap 'rm -f "$out"' EXIT

n=0
check() {
	name=$1
	shift
	n=$((n + 1))
	# shellcheck disable=SC2068
	cppcheck -q --std=c11 --enable=warning,style,performance,portability --error-exitcode=1 \
		--suppressions-list="$suppressions" -I. -I"$build/gen" \
		--template='{file}:{line}: {severity}: {id}: {message}' "$@" engine firmware hal >"$out" 2>&1
	status=$?
	if [ "$status" -eq 0 ] && [ ! -s "$out" ]; then
		echo "ok $n - cppcheck_finds_nothing_in_$name"
	else
		echo "not ok $n - cppcheck_finds_nothing_in_$name"
		sed 's/^/#   /' "$out"
	fi
}

check host
while read -r name flags; do
	# shellcheck disable=SC2086
	check "$name" $flags
done <"$configs"
echo "1..$n"
