/*
 * The stack's high-water mark, measured on the real firmware in the
 * simulator.  The harness paints the RAM above the firmware's static data
 * at power-on (sim/harness.h); each step below repaints what lies below
 * the stack pointer, runs, and reads how deep the stack went.  The steps
 * drive the heaviest paths a person can reach, through the pins:
 *
 *   - every game's analysis line and machine move (`GAME POSITION`, then
 *     `go GAME POSITION`) from its start and from the positions that keep
 *     the engine busiest (the benchmark's slowest, make bench), with the
 *     board the console prints and the LCD drawing the move;
 *   - a whole game of every game set up in the menu and played with the
 *     buttons, the machine moving first;
 *   - the Odra challenge, help and the board.
 *
 * Each edition is driven through what it holds (its switches, as
 * GRUNDY_BOX_FEATURES names them): the games with the buttons in every
 * edition, a hint and the reason why of every game's start with
 * FEATURE_TEACHING, the analysis line with FEATURE_ANALYSIS, the machine's
 * moves and the board at the console with FEATURE_TYPED_PLAY, the Odra
 * challenge with FEATURE_ODRA.
 *
 * The deepest step is named in one line:
 *   stack high-water N bytes (STEP); static RAM M; free F of 2048
 * and static RAM and the stack together must leave STACK_MARGIN bytes of
 * the 2,048 free.
 *
 * needs: (no switch: the games with the buttons in every edition, and what
 * the edition's console and teaching add)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "engine/engine.h"
#include "engine/text.h"
#include "tests/e2e/e2e.h"
#include "tests/e2e/e2e_serial.h"

/* What must stay free: the stack measured here is that of the paths driven,
 * with the interrupts where they happened to fall; an interrupt at the
 * deepest point adds its own frame (the registers it saves and its return
 * address: about a dozen bytes, and interrupts do not nest), and a path or
 * position no step reaches may go somewhat deeper.  128 bytes cover both
 * several times over. */
#define STACK_MARGIN 128u
#define TEXT_MAX 512u
#define TURN_MS 20000u   /* the slowest start (a 32-bit prime's factors) and the pause */
#define LEAVE_MS 1600u   /* a long SELECT: past KEYS_LONG_MS */
#define HELP_MS 3000u    /* the keys' help before the person's first turn */
#define GESTURE_MS 3500u /* LEFT held: the hint comes after about 3 s */
#define WHY_MS 3000u     /* the reason why worked out and some of it run along row 1 */
#define QUIET_MS 50u

#define REPEAT_10(s) s " " s " " s " " s " " s " " s " " s " " s " " s " " s
#define ROWS_40(s) REPEAT_10(s) " " REPEAT_10(s) " " REPEAT_10(s) " " REPEAT_10(s)

/* The positions that keep the engine busiest (tools/bench/bench_positions.c's
 * slowest), each as the console takes it after "go ": 120 characters at
 * most, so Matrix Nim's 8 x 8 of 255 becomes 7 x 3. */
static const char *const heavy[] = {
	"nim 65535 65535 65535 65535 65535 65535 65535 65535",
	"nim 1 1 1 1 1 1 1 65535",
	"misere-nim 65534 65535 65535 65535 65535 65535 65535 65535",
	"misere-nim 1 1 1 1 1 1 1 1",
	"marienbad 65535 65535 65535 65535 65535 65535 65535 65534",
	"limit-nim k=255 65535 65535 65535 65535 65535 65535 65535 65535",
	"subtraction S=1,2,3,4,5,6,7,8 65535 65535 65535 65535 65535 65535 65535 65535",
	"subtract-digit 4294967295",
	"divide 4294967295 4294967294 4294967293 4294967292 4294967291 4294967290 4294967289 4294967288",
	"prime-power 223092870",
	"prime-power 4294967291",
	"nimble 65535 65534 65533 65532 65531 65530 65529 65528",
	"matrix-nim 255 255 255 / 255 255 255 / 255 255 255 / 255 255 255 / 255 255 255 / 255 255 255 / 255 255 254",
	"poker-nim k=255 0/65535 0/65535 0/65535 0/65535 0/65535 0/65535 0/65535 1/65535",
	"pebbles 160",
	"pebbles " ROWS_40("4"),
	"kayles 80",
	"kayles " ROWS_40("2"),
	"kayles 1 2 3 4 5 6 7 8 9 10 11 2 2 2 2",
	"wythoff 65535 65535",
	"wythoff 40503 65535",
	"chomp 8 8 8 1",
	"taktix any normal OOOO/OOOO/OOOO/OOOO",
	"taktix any misere OOOO/OOOO/OOOO/OOOO",
	"taktix adjacent normal OOOO/OOOO/OOOO/OOOO",
};

/* The deepest step so far. */
struct deepest {
	uint16_t bytes;
	char step[TEXT_MAX];
	unsigned steps;
};

/* Repaints before a step. */
static void step_begin(struct sim *sim)
{
	sim_stack_repaint(sim);
}

/* After a step: its depth, kept when it is the deepest. */
static uint16_t step_end(struct sim *sim, struct deepest *deepest, const char *step)
{
	e2e_check_health(sim);
	uint16_t bytes = sim_stack_high_water(sim);
	deepest->steps++;
	if (bytes > deepest->bytes) {
		deepest->bytes = bytes;
		snprintf(deepest->step, sizeof deepest->step, "%s", step);
	}
	return bytes;
}

struct reply_end {
	const char *over; /* the engine's text for a game that is over */
};

/* The board a command waits for is printed: the person's turn, or the end. */
static bool board_printed(struct sim *sim, void *ctx)
{
	const struct reply_end *end = ctx;
	const char *out = sim_uart_output(sim);
	char over_line[64];
	snprintf(over_line, sizeof over_line, "\r\n%s\r\n", end->over);
	return strstr(out, "\r\nyour move\r\n") != NULL || strstr(out, over_line) != NULL ||
	       strncmp(out, "error: ", 7) == 0;
}

/* Leaves whatever game the LCD shows with a long SELECT: the menu again. */
static void leave_game(struct sim *sim)
{
	sim_press(sim, BUTTON_SELECT, LEAVE_MS);
	e2e_expect_menu(sim, 2000);
}

/* The deepest of a game's steps of each kind. */
struct game_worst {
	uint16_t buttons;
	uint16_t hint;
	uint16_t analysis;
	uint16_t move;
	unsigned positions;
};

static void keep_max(uint16_t *max, uint16_t bytes)
{
	if (bytes > *max) {
		*max = bytes;
	}
}

/* The analysis line of one position. */
static void analysis_step(struct sim *sim, const char *position, struct deepest *deepest, struct game_worst *worst)
{
	char step[TEXT_MAX];
	char reply[TEXT_MAX];
	step_begin(sim);
	e2e_serial_ask(sim, position, reply, sizeof reply);
	if (strncmp(reply, "game=", 5) != 0) {
		fail_msg("\"%s\" got \"%s\"", position, reply);
	}
	snprintf(step, sizeof step, "analysis %s", position);
	keep_max(&worst->analysis, step_end(sim, deepest, step));
}

/* The machine's move from one position, begun at the console. */
static void typed_move_step(struct sim *sim, const char *position, const char *over, struct deepest *deepest,
			    struct game_worst *worst)
{
	char step[TEXT_MAX];
	char go[TEXT_MAX / 2u]; /* a console line, 120 characters at most, and "go " */
	snprintf(go, sizeof go, "go %s", position);
	struct reply_end end = { over };
	step_begin(sim);
	sim_uart_clear_output(sim);
	e2e_serial_send(sim, go);
	if (!sim_run_until(sim, board_printed, &end, TURN_MS) || strncmp(sim_uart_output(sim), "error: ", 7) == 0) {
		fail_msg("\"%s\": no machine move and board in %u ms: \"%s\"", go, TURN_MS, sim_uart_output(sim));
	}
	e2e_settle(sim, QUIET_MS);
	snprintf(step, sizeof step, "machine's move, %s", go);
	keep_max(&worst->move, step_end(sim, deepest, step));
	leave_game(sim);
}

/* Those of one position that the edition holds. */
static void position_steps(struct sim *sim, const char *position, const char *over, struct deepest *deepest,
			   struct game_worst *worst)
{
	bool analysis = e2e_feature("ANALYSIS"), typed_play = e2e_feature("TYPED_PLAY");
	if (analysis) {
		analysis_step(sim, position, deepest, worst);
	}
	if (typed_play) {
		typed_move_step(sim, position, over, deepest, worst);
	}
	worst->positions += analysis || typed_play;
}

/* A hint of the game's start, the person to move, and its reason why,
 * asked with the buttons. */
static uint16_t hint_step(struct sim *sim, uint8_t game, struct deepest *deepest)
{
	char step[TEXT_MAX];
	char title[32];
	e2e_game_title(game, title, sizeof title);
	struct e2e_setup setup = e2e_start(game, false);
	e2e_menu_set(sim, &setup);
	e2e_press(sim, BUTTON_SELECT);
	sim_run_ms(sim, HELP_MS);
	step_begin(sim);
	sim_button_down(sim, BUTTON_LEFT);
	sim_run_ms(sim, GESTURE_MS);
	sim_button_up(sim);
	sim_run_ms(sim, QUIET_MS);
	char row0[BOARD_LCD_COLUMNS + 1], row1[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, 0, row0);
	e2e_line(sim, 1, row1);
	bool hint = false;
	for (const char *row = row0; row != NULL; row = row == row0 ? row1 : NULL) {
		hint = hint || strstr(row, "Win: ") != NULL || strstr(row, "Every move") != NULL;
	}
	if (!hint) {
		fail_msg("%s: LEFT held brought no hint: \"%s\" / \"%s\"", title, row0, row1);
	}
	e2e_press(sim, BUTTON_RIGHT);
	sim_run_ms(sim, WHY_MS);
	leave_game(sim);
	snprintf(step, sizeof step, "the hint and the reason why of %s's start", title);
	return step_end(sim, deepest, step);
}

/* One whole game set up in the menu and played with the buttons. */
static uint16_t button_game(struct sim *sim, uint8_t game, struct deepest *deepest, uint32_t seed)
{
	char step[TEXT_MAX];
	char title[32];
	e2e_game_title(game, title, sizeof title);
	struct e2e_setup setup = e2e_start(game, true);
	struct e2e_figures figures;
	memset(&figures, 0, sizeof figures);
	step_begin(sim);
	e2e_menu_set(sim, &setup);
	e2e_play_game(sim, &setup, NULL, e2e_choose_random, &seed, 0, false, &figures);
	e2e_leave_game_over(sim);
	e2e_expect_menu(sim, 2000);
	snprintf(step, sizeof step, "%s set up in the menu and played with the buttons", title);
	return step_end(sim, deepest, step);
}

static void console_steps(struct sim *sim, struct deepest *deepest)
{
	if (e2e_feature("ODRA")) {
		step_begin(sim);
		e2e_serial_ask_until(sim, "odra", "odra: rows 0-65535, one a line, then an empty line", 1000);
		const char *rows[] = { "65535", "1", "65534", "4", "0", "12345" };
		for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
			e2e_serial_send(sim, rows[i]);
		}
		sim_uart_clear_output(sim);
		e2e_serial_send(sim, "");
		assert_true(e2e_serial_wait_lines(sim, 1, 1000));
		step_end(sim, deepest, "the Odra challenge");
	}

	if (e2e_feature("CONSOLE")) {
		step_begin(sim);
		e2e_serial_ask_all(sim, "help", QUIET_MS);
		step_end(sim, deepest, "help");
	}

	if (e2e_feature("TYPED_PLAY") && e2e_game_in_firmware(GAME_NINETEEN)) {
		step_begin(sim);
		e2e_serial_ask_all(sim, "new nineteen", 700);
		e2e_serial_ask_all(sim, "board", QUIET_MS);
		step_end(sim, deepest, "board");
		leave_game(sim);
	}
}

static void stack_and_static_ram_leave_the_margin(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	struct deepest deepest = { 0, "power-on and the menu", 0 };
	step_end(sim, &deepest, "power-on and the menu");
	sim_uart_clear_output(sim);

	char over[64];
	e2e_error_text(ENGINE_ERR_GAME_OVER, over, sizeof over);
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		if (!e2e_game_to_test(game)) {
			continue;
		}
		struct game_worst worst = { 0, 0, 0, 0, 0 };
		worst.buttons = button_game(sim, game, &deepest, 7919u * (game + 1u));
		if (e2e_feature("TEACHING")) {
			worst.hint = hint_step(sim, game, &deepest);
		}
		struct position start;
		engine_start_position(&start, game);
		char position[TEXT_MAX];
		struct buffer_sink sink;
		buffer_sink_init(&sink, position, sizeof position);
		engine_print_game_name(game, &sink.sink);
		print_char(&sink.sink, ' ');
		engine_print_position(&start, &sink.sink);
		assert_false(sink.overflowed);
		position_steps(sim, position, over, &deepest, &worst);
		const char *name = engine_game_name(game);
		size_t length = strlen(name);
		for (size_t i = 0; i < sizeof heavy / sizeof heavy[0]; i++) {
			if (strncmp(heavy[i], name, length) == 0 && heavy[i][length] == ' ') {
				position_steps(sim, heavy[i], over, &deepest, &worst);
			}
		}
		char hint[TEXT_MAX] = "", console[TEXT_MAX] = "";
		if (e2e_feature("TEACHING")) {
			snprintf(hint, sizeof hint, ", %u in a hint and its reason why", worst.hint);
		}
		if (worst.positions > 0) {
			snprintf(console, sizeof console,
				 ", %u in an analysis and %u in a machine's move at the console (from %u positions)",
				 worst.analysis, worst.move, worst.positions);
		}
		print_message("# %s: stack at most %u bytes in a game with the buttons%s%s\n", name, worst.buttons,
			      hint, console);
	}
	console_steps(sim, &deepest);

	uint16_t ram = sim_ram_size(sim);
	uint16_t static_ram = sim_static_ram(sim);
	int free_bytes = (int)ram - (int)static_ram - (int)deepest.bytes;
	print_message("# stack high-water %u bytes (%s); static RAM %u; free %d of %u\n", deepest.bytes, deepest.step,
		      static_ram, free_bytes, ram);
	print_message("# %u steps measured; the margin kept free: %u bytes\n", deepest.steps, STACK_MARGIN);
	if (free_bytes < (int)STACK_MARGIN) {
		fail_msg("static RAM %u and stack %u leave %d bytes of %u free, less than the margin of %u", static_ram,
			 deepest.bytes, free_bytes, ram, STACK_MARGIN);
	}
	e2e_close(sim);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(stack_and_static_ram_leave_the_margin),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
