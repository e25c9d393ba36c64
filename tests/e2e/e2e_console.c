/* What the end-to-end tests of the serial console share; see e2e_console.h. */
#include "tests/e2e/e2e_console.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "engine/text.h"
#include "tests/e2e/e2e.h"
#include "tests/e2e/e2e_serial.h"

#define ROW_MATCHES 40u /* matches drawn in a row at most */

/* ---- the host's lines ---- */

static void position_text(const struct position *pos, char *text, size_t size)
{
	struct buffer_sink sink;
	buffer_sink_init(&sink, text, (uint16_t)size);
	engine_print_position(pos, &sink.sink);
	assert_false(sink.overflowed);
}

void e2e_console_command_text(const struct position *pos, char *text, size_t size)
{
	char position[E2E_CONSOLE_TEXT_MAX];
	position_text(pos, position, sizeof position);
	snprintf(text, size, "%s %s", engine_game_name(pos->game), position);
}

void e2e_console_error_line(enum engine_error err, char *text, size_t size)
{
	struct buffer_sink sink;
	buffer_sink_init(&sink, text, (uint16_t)size);
	print_flash(&sink.sink, "error: ");
	engine_print_error(err, &sink.sink);
}

enum engine_error e2e_console_parse_command(const char *command, struct position *pos)
{
	size_t n = strcspn(command, " \t");
	uint8_t game = engine_find_game(command, (uint8_t)n);
	assert_int_not_equal(game, GAME_COUNT);
	if (command[n] == '\0') {
		engine_start_position(pos, game);
		return ENGINE_OK;
	}
	return engine_parse_position_to_analyse(pos, game, command + n + 1);
}

void e2e_console_host_line(const char *command, char *text, size_t size)
{
	struct position pos;
	enum engine_error err = e2e_console_parse_command(command, &pos);
	if (err != ENGINE_OK) {
		e2e_console_error_line(err, text, size);
		return;
	}
	e2e_host_analysis(&pos, text, size);
}

/* ---- the teleprinter picture, worked out here ---- */

static void append(char *text, size_t size, const char *format, ...) __attribute__((format(printf, 3, 4)));
static void append(char *text, size_t size, const char *format, ...)
{
	size_t n = strlen(text);
	va_list args;
	va_start(args, format);
	vsnprintf(text + n, size - n, format, args);
	va_end(args);
}

/* The rows of a board's text ('/' between them), each with its words in
 * lower case left out and single spaces between what stays, labelled from
 * `label` on. */
static void grid_picture(const char *position, char label, char *text, size_t size)
{
	char row[E2E_CONSOLE_TEXT_MAX] = "";
	for (const char *p = position;; p++) {
		if (*p == '/' || *p == '\0') {
			/* Words of a row: split at spaces, lower-case words dropped. */
			char kept[E2E_CONSOLE_TEXT_MAX] = "";
			for (char *word = strtok(row, " "); word != NULL; word = strtok(NULL, " ")) {
				if (word[0] >= 'a' && word[0] <= 'z') {
					continue;
				}
				append(kept, sizeof kept, "%s%s", kept[0] != '\0' ? " " : "", word);
			}
			append(text, size, "%c: %s\r\n", label++, kept);
			row[0] = '\0';
			if (*p == '\0') {
				return;
			}
			continue;
		}
		append(row, sizeof row, "%c", *p);
	}
}

void e2e_console_expected_board(const struct position *pos, const char *status, char *text, size_t size)
{
	char position[E2E_CONSOLE_TEXT_MAX];
	position_text(pos, position, sizeof position);
	snprintf(text, size, "%s %s\r\n", engine_game_name(pos->game), position);
	switch (pos->game) {
	case GAME_NIM:
	case GAME_MISERE_NIM:
	case GAME_MARIENBAD:
	case GAME_LIMIT_NIM:
	case GAME_SUBTRACTION:
	case GAME_POKER_NIM:
	case GAME_PEBBLES:
	case GAME_KAYLES:
	case GAME_WYTHOFF:
	case GAME_CHOMP:
		for (uint8_t i = 0; i < pos->count; i++) {
			unsigned size_i = pos->game == GAME_CHOMP       ? pos->u.chomp[i]
					  : pos->game == GAME_POKER_NIM ? pos->u.poker.heap[i]
									: pos->u.row[i];
			append(text, size, "%u: ", i + 1u);
			for (unsigned k = 0; k < size_i && k < ROW_MATCHES; k++) {
				append(text, size, "I");
			}
			append(text, size, "\r\n");
		}
		break;
	case GAME_MATRIX_NIM:
		grid_picture(position, '1', text, size);
		break;
	case GAME_TAKTIX:
	case GAME_KUBO:
	case GAME_NINETEEN:
		grid_picture(position, 'a', text, size);
		break;
	default: /* numbers: the first line says it all */
		break;
	}
	append(text, size, "%s\r\n", status);
}

/* ---- the device ---- */

struct sim *e2e_console_boot(void)
{
	struct sim *sim = e2e_boot(0);
	assert_non_null(strstr(sim_uart_output(sim), "grundy-box ready\r\n"));
	sim_uart_clear_output(sim);
	return sim;
}

void e2e_console_expect_reply(struct sim *sim, const char *line, const char *expected)
{
	char reply[E2E_CONSOLE_TEXT_MAX];
	e2e_serial_ask(sim, line, reply, sizeof reply);
	sim_run_ms(sim, E2E_CONSOLE_QUIET_MS);
	if (strcmp(reply, expected) != 0 || e2e_serial_lines(sim) != 1) {
		fail_msg("\"%s\":\n  device: %s\n  wanted: %s", line, sim_uart_output(sim), expected);
	}
}

void e2e_console_board_print(struct sim *sim, char *text, size_t size)
{
	e2e_serial_ask_all(sim, "board", E2E_CONSOLE_QUIET_MS);
	snprintf(text, size, "%s", sim_uart_output(sim));
}

/* Runs until a board print has ended ("your move" or "game is over"). */
static bool turn_back(struct sim *sim, void *ctx)
{
	(void)ctx;
	const char *text = sim_uart_output(sim);
	return strstr(text, "your move\r\n") != NULL || strstr(text, "game is over\r\n") != NULL;
}

void e2e_console_wait_turn_back(struct sim *sim)
{
	if (!sim_run_until(sim, turn_back, NULL, E2E_CONSOLE_TURN_MS)) {
		fail_msg("no board print ending the turn; the device wrote:\n%s", sim_uart_output(sim));
	}
	sim_run_ms(sim, E2E_CONSOLE_QUIET_MS);
}

static void expect_same_lcd(struct sim *sim, char before[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS + 1])
{
	char now[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS + 1];
	sim_lcd_lines(sim, now);
	for (uint8_t row = 0; row < BOARD_LCD_ROWS; row++) {
		if (strcmp(now[row], before[row]) != 0) {
			fail_msg("the LCD changed from |%s|%s| to |%s|%s|", before[0], before[1], now[0], now[1]);
		}
	}
}

void e2e_console_move_from_transcript(struct sim *sim, const char *who, struct position *pos)
{
	const char *text = sim_uart_output(sim);
	size_t n = strlen(who);
	const char *line = text;
	while (line != NULL && !(strncmp(line, who, n) == 0 && line[n] == ' ')) {
		line = strstr(line, "\r\n");
		line = line != NULL ? line + 2 : NULL;
	}
	if (line == NULL) {
		fail_msg("no move of \"%s\" in:\n%s", who, text);
	}
	const char *arrow = strstr(line, " -> ");
	const char *end = strstr(line, "\r\n");
	if (arrow == NULL || end == NULL || arrow > end) {
		fail_msg("the move is not \"%s MOVE -> POSITION\" in:\n%s", who, text);
	}
	char played[64];
	char after_text[E2E_CONSOLE_TEXT_MAX];
	snprintf(played, sizeof played, "%.*s", (int)(arrow - line - n - 1), line + n + 1);
	snprintf(after_text, sizeof after_text, "%.*s", (int)(end - arrow - 4), arrow + 4);
	struct move mv;
	assert_int_equal(engine_parse_move(pos, played, &mv), ENGINE_OK);
	assert_int_equal(engine_check_move(pos, &mv), ENGINE_OK);
	struct brute_pos before;
	struct brute_move bm;
	assert_true(brute_from_position(&before, pos));
	brute_move_from_engine(&bm, pos, &mv);
	assert_true(brute_is_legal(&before, &bm));
	engine_apply_move(pos, &mv);
	char now[E2E_CONSOLE_TEXT_MAX];
	position_text(pos, now, sizeof now);
	assert_string_equal(after_text, now);
}

static void take_snapshot(struct sim *sim, struct e2e_console_snapshot *snap)
{
	e2e_console_board_print(sim, snap->board, sizeof snap->board);
	sim_lcd_lines(sim, snap->lcd);
}

void e2e_console_expect_snapshot(struct sim *sim, struct e2e_console_snapshot *snap)
{
	char board[E2E_CONSOLE_TEXT_MAX];
	e2e_console_board_print(sim, board, sizeof board);
	assert_string_equal(board, snap->board);
	expect_same_lcd(sim, snap->lcd);
}

struct sim *e2e_console_boot_into_a_game(struct position *pos, struct e2e_console_snapshot *snap)
{
	struct sim *sim = e2e_console_boot();
	e2e_serial_ask_until(sim, "new nim 3 4 5", "your move", E2E_CONSOLE_TURN_MS);
	assert_int_equal(engine_parse_position(pos, GAME_NIM, "3 4 5"), ENGINE_OK);
	sim_uart_clear_output(sim);
	e2e_serial_send(sim, "1-1");
	e2e_console_wait_turn_back(sim);
	e2e_console_move_from_transcript(sim, "you", pos);
	e2e_console_move_from_transcript(sim, "me", pos);
	sim_run_ms(sim, 3000); /* the LCD settles on the person's turn */
	take_snapshot(sim, snap);
	return sim;
}
