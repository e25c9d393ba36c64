/*
 * The text packer (tools/textpack): its reader takes from X-macro lists and
 * C sources the bytes the compiler would store (escapes, "\0" inside a
 * literal, adjacent literals, string macros, also from an included header,
 * entries, their fields or tables picked by name), and refuses what it
 * cannot read; its
 * Huffman codes, decoded by the engine's decoder, give back every text of
 * random lists byte for byte.
 */
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "engine/packed_text.h"
#include "engine/text.h"
#include "tools/textpack/textpack.h"

#define TEXTS_MOST 64u

static char folder[] = "/tmp/textpack-test-XXXXXX";

/* Writes `source` to a file `name` in the test's folder; gives its path. */
static const char *write_file(const char *name, const char *source)
{
	static char paths[4][256];
	static unsigned next;
	char *path = paths[next++ % 4u];
	snprintf(path, sizeof paths[0], "%s/%s", folder, name);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(source, f);
	assert_int_equal(fclose(f), 0);
	return path;
}

/* The texts read from `source` (a file `name`, with `tables`) are
 * `expected`, a list of `count` texts given with their lengths. */
static void check_read(const char *name, const char *source, const char *tables, const char *const *expected,
		       const size_t *lengths, size_t count)
{
	struct text_list list = { 0 };
	assert_int_equal(textpack_read(write_file(name, source), tables, &list), 0);
	assert_int_equal(list.count, count);
	size_t raw = 0;
	for (size_t i = 0; i < count; i++) {
		assert_int_equal(list.texts[i].length, lengths[i]);
		assert_memory_equal(list.texts[i].bytes, expected[i], lengths[i]);
		raw += lengths[i] + 1u;
	}
	assert_int_equal(list.raw_bytes, raw);
	textpack_free(&list);
}

static void test_def_literals(void **state)
{
	(void)state;
	const char *source = "/* a comment, \"not a text\" */\n"
			     "TEXT(A, \"a\\0b\" \"c\") // \"nor this\"\n"
			     "TEXT(B, \"\\x41\\101\\n\\\"\\\\?\")\n"
			     "TEXT(C, \"\")\n"
			     "TEXT(D, 'x', \"it's\")\n";
	static const char *const expected[] = { "a", "bc", "AA\n\"\\?", "", "it's" };
	static const size_t lengths[] = { 1, 2, 6, 0, 4 };
	check_read("literals.def", source, NULL, expected, lengths, 5);
}

static void test_def_macros(void **state)
{
	(void)state;
	char source[512];
	/* A Polish letter in UTF-8 becomes its one byte (engine/letters.def):
	 * ź, the eighth, 0x87. */
	const char *header = write_file("words.h", "#define W_TAKE \"We\xc5\xba\"\n#define W_OR \" or \"\n");
	snprintf(source, sizeof source,
		 "#include \"%s\"\n"
		 "#define LOCAL \"L\" \"M\"\n"
		 "#define NOT_A_STRING (1 + 2)\n"
		 "#define CALLS(x) x \"\\0\"\n"
		 "GAME(NIM, \"nim\", W_TAKE \" 1\" W_OR \"more\", HEAPS, 8)\n"
		 "VERB(TAKE, LOCAL \"n\")\n",
		 header);
	static const char *const all[] = { "nim", "We\x87 1 or more", "LMn" };
	static const size_t all_lengths[] = { 3, 13, 3 };
	check_read("macros.def", source, NULL, all, all_lengths, 3);
	static const char *const verbs[] = { "LMn" };
	static const size_t verb_lengths[] = { 3 };
	check_read("macros.def", source, "VERB", verbs, verb_lengths, 1);
	check_read("macros.def", source, "GAME", all, all_lengths, 2);
	static const char *const summaries[] = { "We\x87 1 or more", "LMn" };
	static const size_t summary_lengths[] = { 13, 3 };
	check_read("macros.def", source, "GAME.2,VERB", summaries, summary_lengths, 2);
	check_read("macros.def", source, "GAME.1", all, all_lengths, 1);
}

/* Fields picked by NAME.N come out of each entry in the order named; the
 * string macros of a header reached through two others are read. */
static void test_def_fields_in_order(void **state)
{
	(void)state;
	char source[512];
	const char *words = write_file("words.h", "#define W_OR \" or \"\n");
	char inner[256];
	snprintf(inner, sizeof inner, "#include \"%s\"\n", words);
	const char *first = write_file("first.h", inner);
	const char *second = write_file("second.h", inner);
	snprintf(source, sizeof source,
		 "#include \"%s\"\n"
		 "#include \"%s\"\n"
		 "GAME(NIM, \"nim\", \"H-N\", \"3 4 5\", \"Take 1\" W_OR \"more.\")\n"
		 "GAME(KAYLES, \"kayles\", \"R.P\", \"1 12\", \"Knock.\")\n",
		 first, second);
	static const char *const picked[] = { "Take 1 or more.", "3 4 5", "H-N", "Knock.", "1 12", "R.P" };
	static const size_t lengths[] = { 15, 5, 3, 6, 4, 3 };
	check_read("fields.def", source, "GAME.4,GAME.3,GAME.2", picked, lengths, 6);
}

static void test_c_tables(void **state)
{
	(void)state;
	const char *source = "#include \"engine/flash.h\"\n"
			     "static const char words[] ENGINE_FLASH = \"p\\0q\";\n"
			     "static const char other[4][3] ENGINE_FLASH = { \"ab\", \"c\" };\n"
			     "static const uint8_t numbers[] ENGINE_FLASH = { 1, 2 };\n"
			     "static const char *name = \"not in flash\";\n"
			     "void f(void) { put_flash(ENGINE_FLASH_STR(\"s\" \"t\")); g(x ? \"u\" : \"v\"); }\n";
	static const char *const everything[] = { "p", "q", "ab", "c", "st" };
	static const size_t everything_lengths[] = { 1, 1, 2, 1, 2 };
	check_read("tables.c", source, NULL, everything, everything_lengths, 5);
	static const char *const picked[] = { "ab", "c", "st" };
	static const size_t picked_lengths[] = { 2, 1, 2 };
	check_read("tables.c", source, "other,ENGINE_FLASH_STR", picked, picked_lengths, 3);
}

/* Each of these is refused with an error, not read wrongly. */
static void test_refused(void **state)
{
	(void)state;
	static const char *const sources[] = {
		"TEXT(A, \"no end)\n",
		"TEXT(A, \"two\nlines\")\n",
		"TEXT(A, \"\\q\")\n",
		"TEXT(A, \"\\x\")\n",
		"TEXT(A, \"\\x100\")\n",
		"TEXT(A, \"caf\xc3\xa9\")\n", /* é: no letter of engine/letters.def */
		"TEXT(A, \"\\xe9\")\n",       /* a byte above ASCII that is no letter's */
		"TEXT(A)\n",                  /* no texts at all */
	};
	unsigned refused = 0;
	/* The reader's messages are expected here: kept off the test's output. */
	fflush(stderr);
	int saved_stderr = dup(STDERR_FILENO);
	int null = open("/dev/null", O_WRONLY);
	assert_true(saved_stderr >= 0 && null >= 0);
	dup2(null, STDERR_FILENO);
	close(null);
	for (size_t i = 0; i < sizeof sources / sizeof sources[0]; i++) {
		struct text_list list = { 0 };
		if (textpack_read(write_file("bad.def", sources[i]), NULL, &list) != 0) {
			refused++;
		} else {
			printf("# accepted: %s", sources[i]);
		}
		textpack_free(&list);
	}
	struct text_list list = { 0 };
	int missing = textpack_read("/nonexistent/texts.def", NULL, &list);
	fflush(stderr);
	dup2(saved_stderr, STDERR_FILENO);
	close(saved_stderr);
	printf("# %u bad sources refused\n", refused);
	assert_int_equal(refused, sizeof sources / sizeof sources[0]);
	assert_int_not_equal(missing, 0);
}

static uint32_t random_state = 12345u;

static uint32_t next_random(void)
{
	random_state = random_state * 1103515245u + 12345u;
	return random_state >> 8;
}

/* Random lists (skewed alphabets, every byte but NUL, empty texts) packed
 * and decoded back. */
static void test_huffman_round_trip(void **state)
{
	(void)state;
	static struct text texts[TEXTS_MOST];
	static uint8_t code[512];
	static uint8_t bits[TEXTS_MOST * TEXTPACK_TEXT_MAX * 2u];
	unsigned lists = 0;
	unsigned checked = 0;
	for (unsigned round = 0; round < 200u; round++) {
		struct text_list list = { .texts = texts, .count = 1u + next_random() % TEXTS_MOST };
		unsigned alphabet = 1u + next_random() % 255u;
		for (size_t i = 0; i < list.count; i++) {
			texts[i].length = next_random() % 40u;
			for (size_t j = 0; j < texts[i].length; j++) {
				/* A product of two leans towards the small bytes, as the
				 * letters of a text lean towards a few. */
				uint32_t a = next_random() % alphabet;
				uint32_t b = next_random() % alphabet;
				texts[i].bytes[j] = (uint8_t)(1u + a * b / alphabet);
			}
		}
		uint8_t lengths[256];
		uint16_t codes[256];
		unsigned longest = textpack_huffman_lengths(&list, lengths);
		assert_true(longest >= 1u);
		if (longest > PACKED_CODE_BITS_MAX) {
			continue; /* the packer refuses these; none is expected here */
		}
		textpack_huffman_table(lengths, longest, code, codes);
		size_t size = textpack_huffman_pack(texts, list.count, lengths, codes, bits, sizeof bits);
		assert_true(size > 0);
		for (size_t i = 0; i < list.count; i++) {
			char out[TEXTPACK_TEXT_MAX + 1];
			struct buffer_sink b;
			buffer_sink_init(&b, out, sizeof out);
			print_packed(&b.sink, code, bits, (uint8_t)i);
			assert_false(b.overflowed);
			assert_int_equal(b.length, texts[i].length);
			assert_memory_equal(out, texts[i].bytes, texts[i].length);
			checked++;
		}
		lists++;
	}
	printf("# %u random lists packed, %u texts decoded back\n", lists, checked);
	assert_true(lists > 150u);
}

static int make_folder(void **state)
{
	(void)state;
	return mkdtemp(folder) == NULL;
}

static int remove_folder(void **state)
{
	(void)state;
	static const char *const names[] = { "literals.def", "words.h", "macros.def", "tables.c",
					     "bad.def",      "first.h", "second.h",   "fields.def" };
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		char path[256];
		snprintf(path, sizeof path, "%s/%s", folder, names[i]);
		unlink(path);
	}
	return rmdir(folder);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_def_literals),
		cmocka_unit_test(test_def_macros),
		cmocka_unit_test(test_def_fields_in_order),
		cmocka_unit_test(test_c_tables),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_huffman_round_trip),
	};
	return cmocka_run_group_tests(tests, make_folder, remove_folder);
}
