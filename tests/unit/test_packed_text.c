/*
 * Packed text: every text of the X-macro lists that the build packs
 * (engine/error_texts.def, firmware/console_texts.def) decodes from the
 * generated tables back to its source literal, byte for byte, as the
 * compiler reads it; each list has as many texts as its table says; and
 * the engine prints its error messages from them.
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

static const char *const error_texts[] = {
#define ERROR_TEXT(err, words) words,
#include "engine/error_texts.def"
#undef ERROR_TEXT
};

static const char *const console_texts[] = {
#define TEXT(name, words) words,
#include "firmware/console_texts.def"
#undef TEXT
};

static unsigned long texts_checked;

/* Text `index` of `table` decodes to `expected`. */
static void check_text(const uint8_t *table, uint8_t index, const char *expected)
{
	char out[TEXT_OUT_MAX];
	struct buffer_sink b;
	buffer_sink_init(&b, out, sizeof out);
	print_packed(&b.sink, packed_code, table, index);
	assert_false(b.overflowed);
	if (strcmp(out, expected) != 0) {
		fail_msg("text %u decodes as \"%s\", expected \"%s\"", index, out, expected);
	}
	texts_checked++;
}

static void check_table(const uint8_t *table, const char *const *texts, size_t count)
{
	for (size_t i = 0; i < count; i++) {
		check_text(table, (uint8_t)i, texts[i]);
	}
}

static void test_error_texts(void **state)
{
	(void)state;
	assert_int_equal(PACKED_ERRORS_COUNT, sizeof error_texts / sizeof error_texts[0]);
	check_table(packed_errors, error_texts, PACKED_ERRORS_COUNT);
	printf("# %lu error messages decoded back\n", texts_checked);
}

static void test_console_texts(void **state)
{
	(void)state;
	texts_checked = 0;
	assert_int_equal(PACKED_CONSOLE_COUNT, sizeof console_texts / sizeof console_texts[0]);
	check_table(packed_console, console_texts, PACKED_CONSOLE_COUNT);
	printf("# %lu console texts decoded back\n", texts_checked);
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
		assert_string_equal(out, error_texts[err < ENGINE_ERR_COUNT ? err : ENGINE_ERR_SYNTAX]);
		checked++;
	}
	printf("# %u errors printed\n", checked);
}

/* The packed tables are smaller than the texts they hold. */
static void test_smaller(void **state)
{
	(void)state;
	size_t plain = 0;
	for (size_t i = 0; i < PACKED_ERRORS_COUNT; i++) {
		plain += strlen(error_texts[i]) + 1u;
	}
	for (size_t i = 0; i < PACKED_CONSOLE_COUNT; i++) {
		plain += strlen(console_texts[i]) + 1u;
	}
	size_t packed = sizeof packed_code + sizeof packed_errors + sizeof packed_console;
	printf("# %zu bytes of texts, %zu packed with their code table\n", plain, packed);
	assert_true(packed < plain);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_error_texts),
		cmocka_unit_test(test_console_texts),
		cmocka_unit_test(test_print_error),
		cmocka_unit_test(test_smaller),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
