#!/bin/sh
# Every relative link of README.md and docs/*.md resolves: the file or
# folder it names exists (relative to the page), and an anchor (#part) is a
# heading of the page it points into, as GitHub makes anchors (lower case,
# spaces to hyphens, punctuation dropped).  Links to other sites are not
# followed.  Links inside code blocks and code spans are not links.
# One TAP line per page.
# usage: tests/scripts/doc_links.sh BUILD-FOLDER (unused) [PAGE...]
set -u
shift
[ $# -gt 0 ] || set -- README.md docs/*.md

# The page's anchors, one a line: its headings as GitHub makes them.
anchors() {
	sed -n 's/^#\{1,6\} \{1,\}//p' "$1" |
		tr '[:upper:]' '[:lower:]' |
		sed -e 's/`//g' -e 's/[^a-z0-9 _-]//g' -e 's/ /-/g'
}

# The page's link targets, one a line, outside code blocks and code spans.
targets() {
	awk '/^ *```/ { fenced = !fenced; next } !fenced && !/^    / { print }' "$1" |
		sed 's/`[^`]*`//g' |
		grep -o '\]([^) ]*)' |
		sed 's/^](\(.*\))$/\1/'
}

n=0
for page in "$@"; do
	n=$((n + 1))
	dir=$(dirname "$page")
	bad=
	count=0
	for target in $(targets "$page"); do
		case $target in
		http://* | https://* | mailto:*) continue ;;
		esac
		count=$((count + 1))
		file=${target%%#*}
		anchor=
		case $target in
		*#*) anchor=${target#*#} ;;
		esac
		if [ -z "$file" ]; then
			into=$page
		else
			into=$dir/$file
			if [ ! -e "$into" ]; then
				bad="$bad $target"
				continue
			fi
		fi
		if [ -n "$anchor" ] && ! anchors "$into" | grep -qx -- "$anchor"; then
			bad="$bad $target"
		fi
	done
	if [ -z "$bad" ]; then
		echo "ok $n - $page: its $count links resolve"
	else
		echo "not ok $n - $page: links that resolve to nothing:$bad"
	fi
done
echo "1..$n"
