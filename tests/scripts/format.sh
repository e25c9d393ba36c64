#!/bin/sh
# Every C file of the project is as clang-format leaves it (.clang-format
# says the style), in TAP: one line a folder, the files that differ named
# with the first lines clang-format would change.  `make format` rewrites
# them so.  Only clang-format's major version in .clang-format is relied
# on: another version may lay out a line otherwise.
# usage: tests/scripts/format.sh BUILD-FOLDER (unused)
#        tests/scripts/format.sh --list    the files, one a line
set -u
FOLDERS="common engine firmware hal board sim tests tools"

files_of() {
	find "$@" -type f \( -name '*.c' -o -name '*.h' \) | sort
}

if [ "${1:-}" = --list ]; then
	files_of $FOLDERS
	exit 0
fi

if ! command -v clang-format >/dev/null; then
	echo "not ok 1 - formatted (clang-format is not installed: tools/install-deps installs it)"
	exit 0
fi
echo "# $(clang-format --version)"
n=0
for folder in $FOLDERS; do
	n=$((n + 1))
	files=$(files_of "$folder")
	unformatted=""
	for file in $files; do
		if ! clang-format "$file" | cmp -s - "$file"; then
			unformatted="$unformatted $file"
		fi
	done
	count=$(echo "$files" | wc -w)
	if [ -z "$unformatted" ]; then
		echo "ok $n - ${folder}_formatted ($count files)"
	else
		echo "not ok $n - ${folder}_formatted ($(echo $unformatted | wc -w) of $count files differ: make format)"
		for file in $unformatted; do
			clang-format "$file" | diff -u "$file" - | sed -n '3,12p' | sed "s|^|#   $file: |"
		done
	fi
done
echo "1..$n"
