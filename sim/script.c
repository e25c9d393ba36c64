/*
 * The script runner (see script.h).
 */
#define _GNU_SOURCE /* memmem, getline */

#include "sim/script.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "sim/lcd_text.h"

#define SCRIPT_MAX_WORDS 8
#define SCRIPT_PRESS_MS 120u
#define SCRIPT_WAIT_MS 5000u

struct script {
	const char *path;
	unsigned line_number;
	struct sim *sim;
	FILE *out;
	size_t uart_seen; /* wait-uart looks after the previous match */
	uint32_t violations_reported;
	char *words[SCRIPT_MAX_WORDS];
	size_t lengths[SCRIPT_MAX_WORDS]; /* text may hold \x00 */
	int word_count;
};

static void script_print_screen(const struct sim *sim, FILE *to)
{
	char lines[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS + 1];
	sim_lcd_lines(sim, lines);
	fprintf(to, "+----------------+\n");
	for (int row = 0; row < BOARD_LCD_ROWS; row++) {
		char utf8[LCD_TEXT_LINE_SIZE];
		lcd_text_line_utf8(sim, lines[row], utf8);
		fprintf(to, "|%s|\n", utf8);
	}
	fprintf(to, "+----------------+\n");
}

__attribute__((format(printf, 2, 3))) static bool script_fail(struct script *script, const char *format, ...)
{
	fprintf(stderr, "%s:%u: ", script->path, script->line_number);
	va_list args;
	va_start(args, format);
	vfprintf(stderr, format, args);
	va_end(args);
	fprintf(stderr, "\nThe screen at cycle %llu:\n", (unsigned long long)sim_cycles(script->sim));
	script_print_screen(script->sim, stderr);
	return false;
}

/* ---- parsing ---------------------------------------------------------------- */

static int script_hex_digit(char c)
{
	if (c >= '0' && c <= '9') {
		return c - '0';
	}
	if (c >= 'a' && c <= 'f') {
		return c - 'a' + 10;
	}
	if (c >= 'A' && c <= 'F') {
		return c - 'A' + 10;
	}
	return -1;
}

/* Decodes a quoted word in place, from just after the opening quote.
 * Returns the character after the closing quote, or NULL if malformed. */
static char *script_unquote(struct script *script, char *from, size_t *length)
{
	char *to = from;
	char *start = from;
	while (*from && *from != '"') {
		if (*from != '\\') {
			*to++ = *from++;
			continue;
		}
		from++;
		switch (*from) {
		case 'r':
			*to++ = '\r';
			break;
		case 'n':
			*to++ = '\n';
			break;
		case 't':
			*to++ = '\t';
			break;
		case '\\':
		case '"':
			*to++ = *from;
			break;
		case 'x': {
			int high = script_hex_digit(from[1]);
			int low = high < 0 ? -1 : script_hex_digit(from[2]);
			if (low < 0) {
				script_fail(script, "\\x needs two hex digits");
				return NULL;
			}
			*to++ = (char)(high * 16 + low);
			from += 2;
			break;
		}
		default:
			script_fail(script, "unknown escape \\%c in a quoted text", *from ? *from : ' ');
			return NULL;
		}
		from++;
	}
	if (*from != '"') {
		script_fail(script, "a quoted text has no closing quote");
		return NULL;
	}
	*length = (size_t)(to - start);
	*to = '\0';
	return from + 1;
}

/* Splits a line into words; quoted text is one word.  False on a syntax error. */
static bool script_split(struct script *script, char *line)
{
	script->word_count = 0;
	char *at = line;
	for (;;) {
		while (*at == ' ' || *at == '\t' || *at == '\r' || *at == '\n') {
			at++;
		}
		if (!*at || *at == '#') {
			return true;
		}
		if (script->word_count == SCRIPT_MAX_WORDS) {
			return script_fail(script, "too many words on one line");
		}
		int index = script->word_count++;
		if (*at == '"') {
			script->words[index] = at + 1;
			char *next = script_unquote(script, at + 1, &script->lengths[index]);
			if (!next) {
				return false;
			}
			at = next;
			continue;
		}
		script->words[index] = at;
		while (*at && *at != ' ' && *at != '\t' && *at != '\r' && *at != '\n') {
			at++;
		}
		script->lengths[index] = (size_t)(at - script->words[index]);
		if (*at) {
			*at++ = '\0';
		}
	}
}

static bool script_number(struct script *script, int index, uint32_t fallback, uint32_t *value)
{
	if (index >= script->word_count) {
		*value = fallback;
		return true;
	}
	char *end;
	errno = 0;
	unsigned long number = strtoul(script->words[index], &end, 10);
	if (errno || *end || end == script->words[index] || number > UINT32_MAX) {
		return script_fail(script, "\"%s\" is not a number", script->words[index]);
	}
	*value = (uint32_t)number;
	return true;
}

static bool script_button(struct script *script, int index, enum board_button *button)
{
	static const char *const names[BUTTON_COUNT] = {
		[BUTTON_RIGHT] = "RIGHT", [BUTTON_UP] = "UP",         [BUTTON_DOWN] = "DOWN",
		[BUTTON_LEFT] = "LEFT",   [BUTTON_SELECT] = "SELECT",
	};
	if (index < script->word_count) {
		for (int b = BUTTON_RIGHT; b < BUTTON_COUNT; b++) {
			if (strcasecmp(script->words[index], names[b]) == 0) {
				*button = (enum board_button)b;
				return true;
			}
		}
	}
	return script_fail(script, "expected a button: RIGHT, UP, DOWN, LEFT or SELECT");
}

static bool script_arguments(struct script *script, int least, int most)
{
	int given = script->word_count - 1;
	if (given < least || given > most) {
		return script_fail(script, "%s takes %d to %d arguments, not %d", script->words[0], least, most, given);
	}
	return true;
}

/* ---- commands ------------------------------------------------------------------- */

struct uart_search {
	const char *text;
	size_t length;
	size_t from;
	size_t found_end;
};

static bool script_uart_found(struct sim *sim, void *ctx)
{
	struct uart_search *search = ctx;
	size_t total = sim_uart_output_length(sim);
	if (search->from > total) {
		return false;
	}
	const char *output = sim_uart_output(sim);
	const char *hit = memmem(output + search->from, total - search->from, search->text, search->length);
	if (!hit) {
		return false;
	}
	search->found_end = (size_t)(hit - output) + search->length;
	return true;
}

static bool script_press(struct script *script, bool bouncy, bool hold)
{
	enum board_button button;
	uint32_t ms;
	uint32_t seed = 1;
	if (!script_arguments(script, hold ? 2 : 1, bouncy ? 3 : 2) || !script_button(script, 1, &button) ||
	    !script_number(script, 2, SCRIPT_PRESS_MS, &ms) || (bouncy && !script_number(script, 3, 1, &seed))) {
		return false;
	}
	if (bouncy) {
		sim_press_bouncy(script->sim, button, ms, seed);
	} else {
		sim_press(script->sim, button, ms);
	}
	return true;
}

static bool script_wait(struct script *script)
{
	uint32_t timeout;
	if (!script_arguments(script, 1, 2) || !script_number(script, 2, SCRIPT_WAIT_MS, &timeout)) {
		return false;
	}
	if (!sim_wait_text(script->sim, script->words[1], timeout)) {
		return script_fail(script, "wait \"%s\": not on the screen after %u ms", script->words[1], timeout);
	}
	return true;
}

static bool script_wait_uart(struct script *script)
{
	uint32_t timeout;
	if (!script_arguments(script, 1, 2) || !script_number(script, 2, SCRIPT_WAIT_MS, &timeout)) {
		return false;
	}
	struct uart_search search = { script->words[1], script->lengths[1], script->uart_seen, 0 };
	if (!sim_run_until(script->sim, script_uart_found, &search, timeout)) {
		size_t total = sim_uart_output_length(script->sim);
		size_t from = script->uart_seen < total ? script->uart_seen : total;
		return script_fail(
			script, "wait-uart \"%s\": not sent within %u ms; the chip sent since the last match: \"%s\"",
			script->words[1], timeout, sim_uart_output(script->sim) + from);
	}
	script->uart_seen = search.found_end;
	return true;
}

static bool script_cycles(struct script *script)
{
	uint64_t total = sim_cycles(script->sim);
	uint64_t asleep = sim_sleep_cycles(script->sim);
	fprintf(script->out, "cycles %llu asleep %llu (%.1f%%)\n", (unsigned long long)total,
		(unsigned long long)asleep, total ? 100.0 * (double)asleep / (double)total : 0.0);
	return true;
}

static bool script_command(struct script *script)
{
	const char *name = script->words[0];
	struct sim *sim = script->sim;
	uint32_t ms;
	if (!strcmp(name, "press")) {
		return script_press(script, false, false);
	}
	if (!strcmp(name, "bounce")) {
		return script_press(script, true, false);
	}
	if (!strcmp(name, "hold")) {
		return script_press(script, false, true);
	}
	if (!strcmp(name, "down")) {
		enum board_button button;
		if (!script_arguments(script, 1, 1) || !script_button(script, 1, &button)) {
			return false;
		}
		sim_button_down(sim, button);
		return true;
	}
	if (!strcmp(name, "up")) {
		if (!script_arguments(script, 0, 0)) {
			return false;
		}
		sim_button_up(sim);
		return true;
	}
	if (!strcmp(name, "run")) {
		if (!script_arguments(script, 1, 1) || !script_number(script, 1, 0, &ms)) {
			return false;
		}
		sim_run_ms(sim, ms);
		return true;
	}
	if (!strcmp(name, "wait")) {
		return script_wait(script);
	}
	if (!strcmp(name, "expect")) {
		if (!script_arguments(script, 1, 1)) {
			return false;
		}
		return sim_lcd_contains(sim, script->words[1]) ||
		       script_fail(script, "expect \"%s\": not on the screen", script->words[1]);
	}
	if (!strcmp(name, "send")) {
		if (!script_arguments(script, 1, 1)) {
			return false;
		}
		sim_uart_send(sim, script->words[1], script->lengths[1]);
		return true;
	}
	if (!strcmp(name, "wait-uart")) {
		return script_wait_uart(script);
	}
	if (!strcmp(name, "screen")) {
		if (!script_arguments(script, 0, 0)) {
			return false;
		}
		script_print_screen(sim, script->out);
		return true;
	}
	if (!strcmp(name, "png")) {
		if (!script_arguments(script, 1, 1)) {
			return false;
		}
		return sim_lcd_save_png(sim, script->words[1]) == 0 ||
		       script_fail(script, "could not write %s", script->words[1]);
	}
	if (!strcmp(name, "cycles")) {
		return script_arguments(script, 0, 0) && script_cycles(script);
	}
	if (!strcmp(name, "power-cycle")) {
		if (!script_arguments(script, 0, 0)) {
			return false;
		}
		sim_power_cycle(sim);
		script->uart_seen = sim_uart_output_length(sim);
		return true;
	}
	return script_fail(script, "unknown command \"%s\"", name);
}

/* After each command: the chip must still run and the LCD timings hold. */
static bool script_check_health(struct script *script)
{
	if (sim_stopped(script->sim)) {
		return script_fail(script, "the firmware %s", sim_state_text(script->sim));
	}
	uint32_t violations = sim_lcd_violations(script->sim);
	if (violations > script->violations_reported) {
		script->violations_reported = violations;
		return script_fail(script, "LCD timing violated (%u so far); the first: %s", violations,
				   sim_lcd_first_violation(script->sim));
	}
	return true;
}

int sim_script_run(const char *path, const struct sim_options *options, const char *png_path, FILE *out)
{
	FILE *file = fopen(path, "r");
	if (!file) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return 1;
	}
	struct sim *sim = sim_open(options);
	if (!sim) {
		fclose(file);
		return 1;
	}
	struct script script = { .path = path, .sim = sim, .out = out };
	char *line = NULL;
	size_t capacity = 0;
	bool passed = true;
	unsigned commands = 0;
	while (passed && getline(&line, &capacity, file) >= 0) {
		script.line_number++;
		passed = script_split(&script, line);
		if (passed && script.word_count > 0) {
			commands++;
			passed = script_command(&script) && script_check_health(&script);
		}
	}
	if (passed && ferror(file)) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		passed = false;
	}
	if (sim_watchdog_resets(sim) > 0) {
		fprintf(stderr, "%s: note: the watchdog reset the chip %u time%s\n", path, sim_watchdog_resets(sim),
			sim_watchdog_resets(sim) == 1 ? "" : "s");
	}
	if (passed) {
		fprintf(stderr, "%s: passed, %u commands, %.3f s simulated\n", path, commands,
			(double)sim_cycles(sim) / BOARD_F_CPU);
	}
	if (png_path && sim_lcd_save_png(sim, png_path) != 0) {
		passed = false;
	}
	free(line);
	fclose(file);
	sim_close(sim);
	return passed ? 0 : 1;
}
