# Where each end-to-end test runs, as its header comment says (mk/tests.mk
# reads it): for every line " * needs: ...", " * lacks: ..." or
# " * build: ..." of the first comment of tests/e2e/TEST.c, the word
# TEST.KEY: and one word TEST.KEY:WORD for each word after it, up to a
# bracket (words in brackets are for the reader).  All on one line.
# usage: awk -f tests/e2e/declared.awk tests/e2e/test_*.c
FNR == 1 {
	test = FILENAME
	sub(/.*\//, "", test)
	sub(/\.c$/, "", test)
	header = 1
}
header && /^ \* (needs|lacks|build):/ {
	line = $0
	sub(/\(.*/, "", line)
	n = split(line, word, " ")
	out = out " " test "." word[2]
	for (i = 3; i <= n; i++)
		out = out " " test "." word[2] word[i]
}
header && /\*\// {
	header = 0
}
END {
	print out
}
