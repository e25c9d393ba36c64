/*
 * Packed text: every text of the X-macro lists that the build packs
 * (engine/error_texts.def, firmware/console_texts.def,
 * firmware/screen_texts.def, engine/teach_texts.def and the games' Polish
 * texts of engine/games.def), in English and in Polish, decodes from the
 * generated tables back to its source literal as the compiler reads it,
 * each Polish letter as its one byte (engine/letters.def); each list has
 * as many texts as its tables say; the texts that fill an LCD row alone
 * fit its 16 columns in both languages; and the engine prints its error
 * messages, its words and the games' names in the language chosen.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "engine/engine.h"
#include "engine/packed_text.h"
#include "engine/text.h"
#include "packed_tables.h"

#define TEXT_OUT_MAX 256u
#define LCD_WIDTH 16u
#define MENU_NAME_MOST 14u /* a game's name between the menu's < > */

struct entry {
	const char *name;
	const char *text[LANGUAGES];
};

static const struct entry error_texts[] = {
#define ERROR_TEXT(err, english, polish) { #err, { english, polish } },
#include "engine/error_texts.def"
#undef ERROR_TEXT
};

static const struct entry console_texts[] = {
#define TEXT(name, english, polish) { #name, { english, polish } },
#define FEATURE_TEXT(name, english, polish)
#include "firmware/console_texts.def"
};
static const struct entry console_feature_texts[] = {
#define FEATURE_TEXT(name, english, polish) { #name, { english, polish } },
#include "firmware/console_texts.def"
#undef TEXT
};

static const struct entry screen_texts[] = {
#define SCREEN_TEXT(name, english, polish) { #name, { english, polish } },
#include "firmware/screen_texts.def"
};

static const struct entry exhibit_texts[] = {
#define EXHIBIT_TEXT(name, english, polish) { #name, { english, polish } },
#include "firmware/screen_texts.def"
};

static const struct entry teach_texts[] = {
#define TEACH_TEXT(name, english, polish) { #name, { english, polish } },
#include "engine/teach_texts.def"
#undef TEACH_TEXT
};

/* The games' Polish name and summary, in the order of the games. */
static const struct entry polish_games[] = {
#define GAME_POLISH(ID, name, summary) { #ID, { name, summary } },
#include "engine/games.def"
};

/* The Polish words: a part word's two forms, a verb's two. */
static const struct entry polish_words[] = {
#define PART_WORD_POLISH(ID, one, many) { #ID, { one, many } },
#define VERB_POLISH(ID, yours, mine) { #ID, { yours, mine } },
#include "engine/games.def"
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* The Polish letters' UTF-8, by their place. */
static const char *const letters[] = {
#define LETTER(utf8, plain, ...) utf8,
#include "engine/letters.def"
#undef LETTER
};

static unsigned long texts_checked;

/* `utf8` as the firmware holds it: each Polish letter one byte from
 * TEXT_LETTER_FIRST.  Fails on any other byte above ASCII. */
static void to_codes(const char *utf8, char *out, size_t size)
{
	size_t n = 0;
	for (const char *at = utf8; *at != '\0'; at++) {
		assert_true(n + 1 < size);
		if ((unsigned char)*at < 0x80u) {
			out[n++] = *at;
			continue;
		}
		size_t letter = 0;
		while (letter < COUNT(letters) && strncmp(at, letters[letter], 2) != 0) {
			letter++;
		}
		if (letter == COUNT(letters)) {
			fail_msg("\"%s\": a byte above ASCII that is no Polish letter", utf8);
		}
		out[n++] = (char)(TEXT_LETTER_FIRST + letter);
		at++;
	}
	out[n] = '\0';
}

static void check_decoded(const char *out, const char *utf8, const char *name)
{
	char expected[TEXT_OUT_MAX];
	to_codes(utf8, expected, sizeof expected);
	if (strcmp(out, expected) != 0) {
		fail_msg("%s decodes as \"%s\", expected \"%s\"", name, out, utf8);
	}
	texts_checked++;
}

/* Text `index` of `table` decodes to `utf8`. */
static void check_text(const uint8_t *table, uint8_t index, const char *utf8, const char *name)
{
	char out[TEXT_OUT_MAX];
	struct buffer_sink b;
	buffer_sink_init(&b, out, sizeof out);
	print_packed(&b.sink, packed_code, table, index);
	assert_false(b.overflowed);
	check_decoded(out, utf8, name);
}

/* The same for a table in groups. */
static void check_grouped(const uint8_t *table, const uint16_t *at, uint8_t per_group, uint8_t index, const char *utf8,
			  const char *name)
{
	char out[TEXT_OUT_MAX];
	struct buffer_sink b;
	buffer_sink_init(&b, out, sizeof out);
	print_to(&b.sink);
	put_grouped(packed_code, table, at, per_group, index);
	assert_false(b.overflowed);
	check_decoded(out, utf8, name);
}

/* Characters a text takes on the LCD: a Polish letter is one. */
static size_t columns(const char *utf8)
{
	size_t n = 0;
	for (const char *at = utf8; *at != '\0'; at++) {
		if (((unsigned char)*at & 0xc0u) != 0x80u) {
			n++;
		}
	}
	return n;
}

static void test_error_texts(void **state)
{
	(void)state;
	texts_checked = 0;
	assert_int_equal(PACKED_ERRORS_COUNT, COUNT(error_texts));
	assert_int_equal(PACKED_ERRORS_PL_COUNT, COUNT(error_texts));
	for (uint8_t i = 0; i < COUNT(error_texts); i++) {
		check_text(packed_errors, i, error_texts[i].text[LANGUAGE_ENGLISH], error_texts[i].name);
		check_text(packed_errors_pl, i, error_texts[i].text[LANGUAGE_POLISH], error_texts[i].name);
		for (unsigned language = 0; language < LANGUAGES; language++) {
			if (columns(error_texts[i].text[language]) > LCD_WIDTH) {
				fail_msg("%s: \"%s\" is wider than the LCD", error_texts[i].name,
					 error_texts[i].text[language]);
			}
		}
	}
	printf("# %lu error messages decoded back, each at most %u columns\n", texts_checked, LCD_WIDTH);
}

static void test_console_texts(void **state)
{
	(void)state;
	texts_checked = 0;
	assert_int_equal(PACKED_CONSOLE_COUNT, COUNT(console_texts));
	assert_int_equal(PACKED_CONSOLE_PL_COUNT, COUNT(console_texts));
	for (uint8_t i = 0; i < COUNT(console_texts); i++) {
		check_text(packed_console, i, console_texts[i].text[LANGUAGE_ENGLISH], console_texts[i].name);
		check_text(packed_console_pl, i, console_texts[i].text[LANGUAGE_POLISH], console_texts[i].name);
	}
	assert_int_equal(PACKED_CONSOLE_FEATURES_COUNT, COUNT(console_feature_texts));
	assert_int_equal(PACKED_CONSOLE_FEATURES_PL_COUNT, COUNT(console_feature_texts));
	for (uint8_t i = 0; i < COUNT(console_feature_texts); i++) {
		check_text(packed_console_features, i, console_feature_texts[i].text[LANGUAGE_ENGLISH],
			   console_feature_texts[i].name);
		check_text(packed_console_features_pl, i, console_feature_texts[i].text[LANGUAGE_POLISH],
			   console_feature_texts[i].name);
	}
	printf("# %lu console texts decoded back\n", texts_checked);
}

/* A screen text whose name ends in _ROW fills a row alone. */
static void check_screen_table(const struct entry *texts, size_t count, const uint8_t *english,
			       const uint16_t *english_at, const uint8_t *polish, const uint16_t *polish_at)
{
	for (uint8_t i = 0; i < count; i++) {
		check_grouped(english, english_at, 4, i, texts[i].text[LANGUAGE_ENGLISH], texts[i].name);
		check_grouped(polish, polish_at, 4, i, texts[i].text[LANGUAGE_POLISH], texts[i].name);
		size_t length = strlen(texts[i].name);
		if (length > 4 && strcmp(texts[i].name + length - 4, "_ROW") == 0) {
			for (unsigned language = 0; language < LANGUAGES; language++) {
				if (columns(texts[i].text[language]) > LCD_WIDTH) {
					fail_msg("%s: \"%s\" is wider than the LCD", texts[i].name,
						 texts[i].text[language]);
				}
			}
		}
	}
}

static void test_screen_texts(void **state)
{
	(void)state;
	texts_checked = 0;
	assert_int_equal(PACKED_SCREEN_COUNT, COUNT(screen_texts));
	assert_int_equal(PACKED_SCREEN_PL_COUNT, COUNT(screen_texts));
	assert_int_equal(PACKED_EXHIBIT_COUNT, COUNT(exhibit_texts));
	assert_int_equal(PACKED_EXHIBIT_PL_COUNT, COUNT(exhibit_texts));
	check_screen_table(screen_texts, COUNT(screen_texts), packed_screen, packed_screen_at, packed_screen_pl,
			   packed_screen_pl_at);
	check_screen_table(exhibit_texts, COUNT(exhibit_texts), packed_exhibit, packed_exhibit_at, packed_exhibit_pl,
			   packed_exhibit_pl_at);
	printf("# %lu screen texts decoded back\n", texts_checked);
}

/* The screen text named `name`, in `language`. */
static const char *screen_text(const char *name, unsigned language)
{
	for (size_t i = 0; i < COUNT(screen_texts); i++) {
		if (strcmp(screen_texts[i].name, name) == 0) {
			return screen_texts[i].text[language];
		}
	}
	for (size_t i = 0; i < COUNT(exhibit_texts); i++) {
		if (strcmp(exhibit_texts[i].name, name) == 0) {
			return exhibit_texts[i].text[language];
		}
	}
	fail_msg("no screen text %s", name);
	return "";
}

/* The menus' row 0, "Label <value>", at its widest: each label with the
 * longest of its values (or the widest number it shows, and its unit). */
static void test_menu_rows_fit(void **state)
{
	(void)state;
	static const struct {
		const char *label, *values[2], *number;
	} items[] = {
		{ "SCREEN_LABEL_RULE", { "SCREEN_RULE_NORMAL", "SCREEN_RULE_MISERE" }, "" },
		{ "SCREEN_LABEL_VARIANT", { "SCREEN_VARIANT_ANY", "SCREEN_VARIANT_ADJACENT" }, "" },
		{ "SCREEN_LABEL_FIRST", { "SCREEN_FIRST_YOU", "SCREEN_FIRST_ME" }, "" },
		{ "SCREEN_LABEL_LEVEL", { NULL, NULL }, "3" },
		{ "SCREEN_LABEL_COLS", { NULL, NULL }, "8" },
		{ "SCREEN_OP_LOCK_GAME", { "SCREEN_OP_NO", "SCREEN_OP_YES" }, "" },
		{ "SCREEN_OP_LOCK_LEVEL", { "SCREEN_OP_NO", "SCREEN_OP_YES" }, "" },
		{ "SCREEN_OP_IDLE_MENU", { "SCREEN_OP_SECONDS", NULL }, "240" },
		{ "SCREEN_OP_IDLE_GAME", { "SCREEN_OP_MINUTES", NULL }, "30" },
		{ "SCREEN_OP_SOUND", { "SCREEN_OP_ON", "SCREEN_OP_OFF" }, "" },
		{ "SCREEN_OP_LANGUAGE", { "SCREEN_LANGUAGE_ENGLISH", "SCREEN_LANGUAGE_POLISH" }, "" },
	};
	unsigned checked = 0;
	for (size_t i = 0; i < COUNT(items); i++) {
		for (unsigned language = 0; language < LANGUAGES; language++) {
			size_t widest = 0;
			for (unsigned v = 0; v < 2; v++) {
				size_t width =
					items[i].values[v] ? columns(screen_text(items[i].values[v], language)) : 0;
				widest = width > widest ? width : widest;
			}
			size_t row = columns(screen_text(items[i].label, language)) + strlen("<>") +
				     strlen(items[i].number) + widest;
			if (row > LCD_WIDTH) {
				fail_msg("%s: %zu columns at its widest in language %u", items[i].label, row, language);
			}
			checked++;
		}
	}
	/* A hint, "Win: Divide by 2": its word, the person's verb, a digit. */
	for (unsigned language = 0; language < LANGUAGES; language++) {
		for (uint8_t verb = ENGINE_VERB_TAKE; verb < ENGINE_WORDS; verb++) {
			const char *word = language == LANGUAGE_POLISH ? polish_words[verb].text[ENGINE_FORM_YOURS]
								       : engine_word(verb);
			size_t row = columns(screen_text("SCREEN_HINT", language)) + columns(word) + strlen(" 2");
			if (row > LCD_WIDTH) {
				fail_msg("a hint with \"%s\": %zu columns in language %u", word, row, language);
			}
			checked++;
		}
	}
	printf("# %u menu rows and hints at their widest fit the LCD\n", checked);
}

static void test_teach_texts(void **state)
{
	(void)state;
	texts_checked = 0;
	assert_int_equal(PACKED_TEACH_COUNT, COUNT(teach_texts));
	for (uint8_t i = 0; i < COUNT(teach_texts); i++) {
		check_text(packed_teach, i, teach_texts[i].text[LANGUAGE_ENGLISH], teach_texts[i].name);
		check_text(packed_teach_pl, i, teach_texts[i].text[LANGUAGE_POLISH], teach_texts[i].name);
	}
	printf("# %lu texts of the reason why decoded back\n", texts_checked);
}

/* The engine prints in the language chosen: the errors, every game's
 * title and summary, every word in both forms; English again after. */
static void test_engine_in_polish(void **state)
{
	(void)state;
	texts_checked = 0;
	char out[TEXT_OUT_MAX];
	struct buffer_sink b;
	assert_int_equal(COUNT(polish_games), GAME_COUNT);
	assert_int_equal(COUNT(polish_words), ENGINE_WORDS);
	text_language = LANGUAGE_POLISH;
	for (unsigned err = 0; err < ENGINE_ERR_COUNT; err++) {
		buffer_sink_init(&b, out, sizeof out);
		engine_print_error((enum engine_error)err, &b.sink);
		check_decoded(out, error_texts[err].text[LANGUAGE_POLISH], error_texts[err].name);
	}
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		buffer_sink_init(&b, out, sizeof out);
		print_to(&b.sink);
		engine_put_game_title(game);
		check_decoded(out, polish_games[game].text[0], polish_games[game].name);
		if (columns(polish_games[game].text[0]) > MENU_NAME_MOST) {
			fail_msg("%s: \"%s\" does not fit the menu's < >", polish_games[game].name,
				 polish_games[game].text[0]);
		}
		buffer_sink_init(&b, out, sizeof out);
		engine_print_game_text(game, ENGINE_TEXT_SUMMARY, &b.sink);
		check_decoded(out, polish_games[game].text[1], polish_games[game].name);
	}
	for (uint8_t word = 0; word < ENGINE_WORDS; word++) {
		for (uint8_t form = 0; form < 2; form++) {
			buffer_sink_init(&b, out, sizeof out);
			print_to(&b.sink);
			engine_put_word(word, form);
			check_decoded(out, polish_words[word].text[form], polish_words[word].name);
		}
	}
	text_language = LANGUAGE_ENGLISH;
	buffer_sink_init(&b, out, sizeof out);
	engine_print_error(ENGINE_ERR_EMPTY, &b.sink);
	check_decoded(out, error_texts[ENGINE_ERR_EMPTY].text[LANGUAGE_ENGLISH], "ENGINE_ERR_EMPTY");
	buffer_sink_init(&b, out, sizeof out);
	print_to(&b.sink);
	engine_put_game_title(GAME_MISERE_NIM);
	check_decoded(out, "Misere nim", "the English title");
	buffer_sink_init(&b, out, sizeof out);
	print_to(&b.sink);
	engine_put_word(ENGINE_VERB_TAKE, ENGINE_FORM_MINE);
	check_decoded(out, "I take", "the machine's verb");
	buffer_sink_init(&b, out, sizeof out);
	print_to(&b.sink);
	engine_put_word(ENGINE_WORD_HEAP, ENGINE_FORM_MANY);
	check_decoded(out, "Heaps", "a part word's plural");
	printf("# %lu texts printed by the engine in Polish, then English\n", texts_checked);
}

/* engine_print_error prints each error's own message, and a value out of
 * range as bad syntax. */
static void test_print_error(void **state)
{
	(void)state;
	unsigned checked = 0;
	for (unsigned err = 0; err <= ENGINE_ERR_COUNT; err++) {
		char out[TEXT_OUT_MAX];
		struct buffer_sink b;
		buffer_sink_init(&b, out, sizeof out);
		engine_print_error((enum engine_error)err, &b.sink);
		assert_string_equal(out, error_texts[err < ENGINE_ERR_COUNT ? err : ENGINE_ERR_SYNTAX].text[0]);
		checked++;
	}
	printf("# %u errors printed\n", checked);
}

/* The packed tables are smaller than the texts they hold. */
static void test_smaller(void **state)
{
	(void)state;
	size_t plain = 0;
	for (size_t i = 0; i < COUNT(error_texts); i++) {
		plain += strlen(error_texts[i].text[0]) + 1u;
	}
	for (size_t i = 0; i < COUNT(console_texts); i++) {
		plain += strlen(console_texts[i].text[0]) + 1u;
	}
	size_t packed = sizeof packed_code + sizeof packed_errors + sizeof packed_console;
	printf("# %zu bytes of texts, %zu packed with their code table\n", plain, packed);
	assert_true(packed < plain);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_error_texts),  cmocka_unit_test(test_console_texts),
		cmocka_unit_test(test_screen_texts), cmocka_unit_test(test_menu_rows_fit),
		cmocka_unit_test(test_teach_texts),  cmocka_unit_test(test_engine_in_polish),
		cmocka_unit_test(test_print_error),  cmocka_unit_test(test_smaller),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
