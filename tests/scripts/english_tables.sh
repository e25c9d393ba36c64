#!/bin/sh
# The English tables of a firmware without Polish (mk/gen.mk): a table
# given to the packer as extern:NAME=SOURCE is declared, with its count,
# but neither defined nor given codes, so the code table holds no Polish
# letter (a byte from 0x80, engine/letters.def) when only the English
# texts are packed, and does when the Polish ones are too.  Prints TAP.
# usage: tests/scripts/english_tables.sh BUILD-FOLDER
set -u
build=$1
textpack="$build/host/textpack"
english='packed_console=firmware/console_texts.def:TEXT.1,ODRA_PROMPT.1'
polish='packed_console_pl=firmware/console_texts.def:TEXT.2,ODRA_PROMPT.2'
if [ ! -x "$textpack" ]; then
	echo "not ok 1 - the packer built ($textpack: make builds it)"
	exit 0
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$textpack" gen "$out/both.c" "$out/both.h" "$english" "$polish" &&
	"$textpack" gen "$out/english.c" "$out/english.h" "$english" "extern:$polish" ||
	{ echo "not ok 1 - the packer packs both ways"; exit 0; }

# The code table's characters: the 0x.. bytes of packed_code's lines.
code_bytes() {
	sed -n '/^const uint8_t packed_code/,/^};/p' "$1" | sed 's:/\*.*::' | grep -o '0x[0-9a-f]*'
}
if code_bytes "$out/both.c" | grep -q '^0x[89a-f]' && ! code_bytes "$out/english.c" | grep -q '^0x[89a-f]'; then
	echo "ok 1 - english_code_has_no_polish_letter"
else
	echo "not ok 1 - english_code_has_no_polish_letter"
fi
if grep -qx 'extern const uint8_t packed_console_pl\[\] ENGINE_FLASH;' "$out/english.h" &&
	[ "$(sed -n 's/^#define PACKED_CONSOLE_PL_COUNT //p' "$out/english.h")" = \
		"$(sed -n 's/^#define PACKED_CONSOLE_COUNT //p' "$out/english.h")" ] &&
	! grep -q 'packed_console_pl' "$out/english.c"; then
	echo "ok 2 - extern_table_declared_with_its_count_not_defined"
else
	echo "not ok 2 - extern_table_declared_with_its_count_not_defined"
fi
# The English table's bytes, with and without the Polish texts' codes.
size_in() {
	sed -n 's/^extern const uint8_t packed_console\[\([0-9]*\)\].*/\1/p' "$1"
}
both=$(size_in "$out/both.h")
only=$(size_in "$out/english.h")
echo "# packed_console: $both bytes in codes made with the Polish texts, $only without"
if [ "$only" -le "$both" ]; then
	echo "ok 3 - english_table_no_larger"
else
	echo "not ok 3 - english_table_no_larger"
fi
