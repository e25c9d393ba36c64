#!/bin/sh
# The order of the functions (tools/link_order.c) does what it claims, in
# TAP, for every firmware build in the build folder: in the final link at
# least as many calls between functions are short (RCALL, RJMP) as the
# order's script says it brings within reach (the tool's --count reads
# the link as it is: which calls the linker shortened), and the firmware
# is smaller than the first link, laid out by the linker alone.
# usage: tests/scripts/link_order.sh BUILD-FOLDER
set -u
build=$1
tool="$build/host/link_order"
listing=$(mktemp)
trap 'rm -f "$listing"' EXIT

flash() {
	avr-size -A "$1" | awk '$1 == ".text" || $1 == ".data" { sum += $2 } END { print sum + 0 }'
}

n=0
for elf in "$build/grundy-box.elf" "$build"/edition/*/grundy-box.elf "$build"/without/*/grundy-box.elf; do
	[ -e "$elf.ld" ] || continue
	name=$(basename "$(dirname "$elf")")
	[ "$elf" = "$build/grundy-box.elf" ] && name=pocket
	claimed=$(sed -n 's/.*: \([0-9]*\) of \([0-9]*\) calls and jumps between functions.*/\1/p' "$elf.ld")
	avr-objdump -d "$elf" >"$listing"
	counted=$("$tool" --count "$elf.map" "$listing" | sed -n 's/^\([0-9]*\) of .*/\1/p')
	n=$((n + 1))
	if [ -n "$claimed" ] && [ -n "$counted" ] && [ "$counted" -ge "$claimed" ]; then
		echo "ok $n - ${name}_calls_short_as_the_order_claims ($counted short, $claimed claimed)"
	else
		echo "not ok $n - ${name}_calls_short_as_the_order_claims (${counted:-?} short, ${claimed:-?} claimed)"
	fi
	first=$(flash "$elf.first")
	ordered=$(flash "$elf")
	n=$((n + 1))
	if [ "$ordered" -lt "$first" ]; then
		echo "ok $n - ${name}_ordered_smaller_than_linker_alone ($ordered bytes, $first alone)"
	else
		echo "not ok $n - ${name}_ordered_smaller_than_linker_alone ($ordered bytes, $first alone)"
	fi
done
if [ "$n" -eq 0 ]; then
	echo "not ok 1 - no firmware build with an order's script in $build"
fi
echo "1..$n"
