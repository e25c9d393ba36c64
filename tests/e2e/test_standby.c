/*
 * The pocket on batteries (firmware/standby.h), through the pins: the
 * backlight's D10 read as the shield sees it (an input lights it, an
 * output low darkens it, high stops the run: sim/harness.h), the HD44780's
 * display on/off as the LCD model decodes it, the sleep modes from SMCR
 * and the cycles asleep in each, the serial transcript and the EEPROM.
 *   - The backlight goes off two minutes after the last key, at the menu
 *     and in a game; the key that lights it again does nothing else,
 *     whichever key, pressed, held to repeat or held long.
 *   - Ten minutes after the last key, standby: the display off, the
 *     backlight off, the chip asleep in power-down at least 99.9% of the
 *     time (measured) and woken by the watchdog every 32 ms.
 *   - Every button wakes it within 100 ms, at any phase of the watchdog's
 *     period; the screen comes back as it was and the key does nothing
 *     else (no screen, transcript line or EEPROM write follows).
 *   - A game in progress is kept across standby and goes on.
 *   - A power cut in standby loses no saved setting: standby writes
 *     nothing, and the settings saved before come back.
 *   - The menu's items set the idle times, 1 to 255 minutes (held at both
 *     ends), which survive a power cut and rule when the light goes off
 *     and standby begins; a record saved in the layout before the idle
 *     times loads as the defaults, not as what its bytes would say.
 *   - A hang in standby, interrupts off, is reset by the watchdog.
 * The figures (times, fractions, latencies) are printed as notes.
 *
 * needs: STANDBY SAVE TRANSCRIPT (the backlight, standby and their idle times,
 * kept in the EEPROM; games read from the transcript)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/engine.h"
#include "sim/harness.h"
#include "tests/e2e/e2e.h"

#define CYCLES_PER_MS (BOARD_F_CPU / 1000u)
#define MINUTE_MS 60000u
#define LIGHT_DEFAULT_MIN 2u
#define STANDBY_DEFAULT_MIN 10u
/* Each idle time ends within a second after its minutes: the idle time
 * counts from the last key, and the firmware looks at it every pass. */
#define IDLE_SLACK_MS 1000u
#define WAKE_MOST_MS 100u
#define POWER_DOWN_LEAST 0.999
#define MEASURE_MS 10000u
#define WATCHDOG_PERIOD_MS 32u
#define SETTLE_MS 100u
#define EEPROM_BYTES 1024u
#define SETTINGS_MAX 256u
#define PRESS_RELEASED_MS 40u /* e2e_press() returns this long after the release */

/* ---- what the pins show ---- */

static bool dark(struct sim *sim, void *ctx)
{
	(void)ctx;
	return !sim_backlight_lit(sim);
}

static bool display_off(struct sim *sim, void *ctx)
{
	(void)ctx;
	return !sim_lcd_display_on(sim);
}

static bool display_on(struct sim *sim, void *ctx)
{
	(void)ctx;
	return sim_lcd_display_on(sim);
}

static bool lit(struct sim *sim, void *ctx)
{
	(void)ctx;
	return sim_backlight_lit(sim);
}

static double ms_since(struct sim *sim, uint64_t cycle)
{
	return (double)(sim_cycles(sim) - cycle) / CYCLES_PER_MS;
}

/* Runs until `done`, which must come between `least_ms` and `most_ms` after
 * `from` (a cycle); returns the milliseconds it took. */
static double expect_after(struct sim *sim, bool (*done)(struct sim *, void *), const char *what, uint64_t from,
			   uint32_t least_ms, uint32_t most_ms)
{
	uint32_t left = most_ms + 1u - (uint32_t)ms_since(sim, from);
	if (!sim_run_until(sim, done, NULL, left)) {
		fail_msg("%s: not within %u ms (%s)", what, most_ms, sim_state_text(sim));
	}
	double took = ms_since(sim, from);
	if (took < least_ms) {
		fail_msg("%s after %.1f ms, before %u ms", what, took, least_ms);
	}
	return took;
}

struct screen {
	char lines[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS + 1];
};

static struct screen screen_now(struct sim *sim)
{
	struct screen now;
	sim_lcd_lines(sim, now.lines);
	return now;
}

static void expect_screen(struct sim *sim, const struct screen *before, const char *when)
{
	struct screen now = screen_now(sim);
	if (memcmp(&now, before, sizeof now) != 0) {
		fail_msg("%s: the LCD shows |%s|%s|, not |%s|%s| as before", when, now.lines[0], now.lines[1],
			 before->lines[0], before->lines[1]);
	}
}

/* The cycle of the last key's release, e2e_press() having just returned. */
static uint64_t released(struct sim *sim)
{
	return sim_cycles(sim) - (uint64_t)PRESS_RELEASED_MS * CYCLES_PER_MS;
}

/* ---- the menu ---- */

/* The number of the menu item showing, "Standby <10m>". */
static unsigned menu_number(struct sim *sim)
{
	char text[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, 0, text);
	const char *open = strchr(text, '<');
	assert_non_null(open);
	return (unsigned)strtoul(open + 1, NULL, 10);
}

/* Sets the item at `label` to `minutes` with single presses. */
static void menu_set_minutes(struct sim *sim, const char *label, unsigned minutes)
{
	e2e_menu_find(sim, label);
	for (unsigned presses = 0; presses < 300u && menu_number(sim) != minutes; presses++) {
		e2e_press(sim, menu_number(sim) < minutes ? BUTTON_RIGHT : BUTTON_LEFT);
	}
	assert_int_equal(menu_number(sim), minutes);
}

static void expect_item(struct sim *sim, const char *text)
{
	char row[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, 0, row);
	if (strcmp(row, text) != 0) {
		fail_msg("the menu shows \"%s\", not \"%s\"", row, text);
	}
}

/* ---- standby ---- */

/* Standby `standby_min` minutes after the last key's release: the display
 * off, then (an LCD instruction later) the backlight, then power-down. */
static void wait_for_standby(struct sim *sim, uint64_t last_key, unsigned standby_min)
{
	uint32_t at = standby_min * MINUTE_MS;
	double took = expect_after(sim, display_off, "standby", last_key, at, at + IDLE_SLACK_MS);
	sim_run_ms(sim, 1);
	assert_false(sim_backlight_lit(sim));
	assert_false(sim_lcd_display_on(sim));
	print_message("# standby %.1f s after the last key\n", took / 1000.0);
}

/* A button pressed in standby: the display back on within WAKE_MOST_MS,
 * the backlight lit, the screen as it was; held `hold_ms`, then let go,
 * and SETTLE_MS after.  Returns the milliseconds to the display; *let_go
 * is the cycle of the release. */
static double wake(struct sim *sim, enum board_button button, uint32_t hold_ms, const struct screen *before,
		   uint64_t *let_go)
{
	assert_false(sim_lcd_display_on(sim));
	uint64_t pressed = sim_cycles(sim);
	sim_button_down(sim, button);
	double took = expect_after(sim, display_on, "the display after a key", pressed, 0, WAKE_MOST_MS);
	expect_after(sim, lit, "the backlight after a key", pressed, 0, WAKE_MOST_MS);
	expect_screen(sim, before, "woken");
	sim_run_ms(sim, hold_ms - (uint32_t)ms_since(sim, pressed));
	sim_button_up(sim);
	*let_go = sim_cycles(sim);
	sim_run_ms(sim, SETTLE_MS);
	return took;
}

static struct sim *boot(void)
{
	struct sim *sim = e2e_boot(0);
	assert_true(sim_backlight_lit(sim));
	assert_true(sim_lcd_display_on(sim));
	return sim;
}

/* ---- the tests ---- */

/* The backlight at the menu: lit until two minutes after the last key,
 * then off; each button, pressed, held to repeat or held long, lights it
 * and does nothing else; the next press acts. */
static void the_backlight_goes_off_after_the_idle_time_and_a_key_only_lights_it(void **state)
{
	(void)state;
	struct sim *sim = boot();
	e2e_menu_find(sim, "First move <");
	uint64_t last_key = released(sim);
	uint32_t light_ms = LIGHT_DEFAULT_MIN * MINUTE_MS;
	sim_run_ms(sim, light_ms - IDLE_SLACK_MS);
	assert_true(sim_backlight_lit(sim));
	double took = expect_after(sim, dark, "the backlight off", last_key, light_ms, light_ms + IDLE_SLACK_MS);
	print_message("# the backlight off %.1f s after the last key\n", took / 1000.0);
	assert_true(sim_lcd_display_on(sim));

	static const struct {
		enum board_button button;
		uint32_t hold_ms;
	} keys[] = {
		{ BUTTON_DOWN, 40 },    /* would show the next item */
		{ BUTTON_RIGHT, 40 },   /* would change who moves first */
		{ BUTTON_LEFT, 1500 },  /* held: would change it, then repeat */
		{ BUTTON_UP, 1500 },    /* held: would go through the items */
		{ BUTTON_SELECT, 40 },  /* would begin a game */
		{ BUTTON_SELECT, 1500 } /* held long */
	};
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		struct screen before = screen_now(sim);
		size_t transcript = sim_uart_output_length(sim);
		uint64_t pressed = sim_cycles(sim);
		sim_button_down(sim, keys[i].button);
		expect_after(sim, lit, "the backlight after a key", pressed, 0, WAKE_MOST_MS);
		sim_run_ms(sim, keys[i].hold_ms);
		sim_button_up(sim);
		last_key = sim_cycles(sim);
		sim_run_ms(sim, SETTLE_MS);
		expect_screen(sim, &before, "after the key that lit the backlight");
		assert_int_equal(sim_uart_output_length(sim), transcript);
		/* Dark again two minutes after that key. */
		expect_after(sim, dark, "the backlight off again", last_key, light_ms, light_ms + IDLE_SLACK_MS);
	}
	/* Lit by a key that does nothing else, the next key acts. */
	e2e_press(sim, BUTTON_DOWN);
	assert_true(sim_backlight_lit(sim));
	expect_item(sim, "First move <you>");
	e2e_press(sim, BUTTON_RIGHT);
	expect_item(sim, "First move <me>");
	e2e_close(sim);
}

/* Standby at its default time, and what the chip does in it: asleep in
 * power-down at least 99.9% of the time, woken by the watchdog. */
static void standby_comes_after_ten_minutes_and_sleeps_in_power_down(void **state)
{
	(void)state;
	struct sim *sim = boot();
	e2e_menu_find(sim, "First move <");
	uint64_t last_key = released(sim);
	sim_run_ms(sim, STANDBY_DEFAULT_MIN * MINUTE_MS - IDLE_SLACK_MS);
	assert_true(sim_lcd_display_on(sim));
	assert_false(sim_backlight_lit(sim)); /* off since minute 2 */
	wait_for_standby(sim, last_key, STANDBY_DEFAULT_MIN);
	sim_run_ms(sim, SETTLE_MS);

	uint64_t cycles = sim_cycles(sim);
	uint64_t down = sim_sleep_cycles_in(sim, SIM_SLEEP_POWER_DOWN);
	uint64_t wakes = sim_sleeps_in(sim, SIM_SLEEP_POWER_DOWN);
	uint64_t idle = sim_sleep_cycles_in(sim, SIM_SLEEP_IDLE);
	sim_run_ms(sim, MEASURE_MS);
	double span = (double)(sim_cycles(sim) - cycles);
	double fraction = (double)(sim_sleep_cycles_in(sim, SIM_SLEEP_POWER_DOWN) - down) / span;
	uint64_t woken = sim_sleeps_in(sim, SIM_SLEEP_POWER_DOWN) - wakes;
	print_message("# standby: asleep in power-down %.3f%% of %u s, in idle %.3f%%, woken %llu times (every "
		      "%.1f ms)\n",
		      100.0 * fraction, MEASURE_MS / 1000u,
		      100.0 * (double)(sim_sleep_cycles_in(sim, SIM_SLEEP_IDLE) - idle) / span,
		      (unsigned long long)woken, (double)MEASURE_MS / (double)woken);
	if (fraction < POWER_DOWN_LEAST) {
		fail_msg("asleep in power-down %.3f%% of the time in standby, under %.1f%%", 100.0 * fraction,
			 100.0 * POWER_DOWN_LEAST);
	}
	/* The watchdog's period, 32 ms, give or take a wake-up. */
	uint64_t expected = MEASURE_MS / WATCHDOG_PERIOD_MS;
	assert_true(woken + 1u >= expected && woken <= expected + 1u);
	assert_false(sim_lcd_display_on(sim));
	assert_false(sim_backlight_lit(sim));
	e2e_close(sim);
}

/* Every button wakes standby within 100 ms, at phases across the
 * watchdog's period, and does nothing else. */
static void a_key_wakes_standby_within_100_ms_and_does_nothing_else(void **state)
{
	(void)state;
	struct sim *sim = boot();
	menu_set_minutes(sim, "Standby <", 1);
	sim_run_ms(sim, SETTLE_MS); /* the save of the idle time */
	e2e_press(sim, BUTTON_UP);
	expect_item(sim, "Light off <2m>");
	uint64_t last_key = released(sim);
	static const struct {
		enum board_button button;
		uint32_t hold_ms;
	} keys[] = {
		{ BUTTON_RIGHT, 120 },  { BUTTON_LEFT, 120 },   { BUTTON_UP, 120 },      { BUTTON_DOWN, 120 },
		{ BUTTON_SELECT, 120 }, { BUTTON_RIGHT, 1500 }, { BUTTON_SELECT, 1500 },
	};
	double slowest = 0.0;
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		struct screen before = screen_now(sim);
		wait_for_standby(sim, last_key, 1);
		size_t transcript = sim_uart_output_length(sim);
		uint32_t writes = sim_eeprom_writes(sim);
		/* Each at another phase of the watchdog's 32 ms. */
		sim_run_ms(sim, 1000u + 5u * (uint32_t)i);
		double took = wake(sim, keys[i].button, keys[i].hold_ms, &before, &last_key);
		slowest = took > slowest ? took : slowest;
		expect_screen(sim, &before, "after the key that woke it");
		assert_int_equal(sim_uart_output_length(sim), transcript);
		assert_int_equal(sim_eeprom_writes(sim), writes);
	}
	print_message("# %zu wake-ups, the slowest %.1f ms from the press to the display\n",
		      sizeof keys / sizeof keys[0], slowest);
	e2e_press(sim, BUTTON_RIGHT);
	expect_item(sim, "Light off <3m>"); /* and the next key acts */
	e2e_close(sim);
}

/* Runs until the person's turn shows in `game`. */
static bool turn_showing(struct sim *sim, void *ctx)
{
	return e2e_screen_of(sim, *(const uint8_t *)ctx) == E2E_TURN;
}

static void expect_turn(struct sim *sim, uint8_t game)
{
	if (!sim_run_until(sim, turn_showing, &game, 10000)) {
		fail_msg("the person's turn never showed (%s)", sim_state_text(sim));
	}
	sim_run_ms(sim, SETTLE_MS);
}

/* A game left at the person's turn sleeps with the box and goes on: the
 * same screen, the same game in the transcript, a long SELECT (which
 * leaves a game) only waking it. */
static void a_game_in_progress_is_kept_across_standby(void **state)
{
	(void)state;
	struct sim *sim = boot();
	menu_set_minutes(sim, "Standby <", 1);
	struct e2e_setup setup = e2e_start(GAME_NIM, false);
	e2e_menu_set(sim, &setup);
	struct position pos;
	e2e_setup_position(&setup, &pos);
	e2e_press(sim, BUTTON_SELECT); /* the game, its page of help first */
	expect_turn(sim, GAME_NIM);
	uint32_t seed = 21;
	struct move mv;
	e2e_choose_random(&pos, &mv, &seed);
	e2e_enter_move(sim, &pos, &mv, true);
	uint64_t last_key = sim_cycles(sim);
	assert_true(sim_wait_uart(sim, "me ", 10000));
	expect_turn(sim, GAME_NIM); /* after the machine's move */
	struct e2e_transcript told;
	e2e_check_transcript(sim, &told);
	assert_true(told.in_game);
	unsigned moves = told.moves;
	assert_int_equal(moves, 2);

	struct screen before = screen_now(sim);
	wait_for_standby(sim, last_key, 1);
	sim_run_ms(sim, 5000);
	wake(sim, BUTTON_SELECT, 1500, &before, &last_key);
	expect_screen(sim, &before, "after the long SELECT that woke it");
	e2e_check_transcript(sim, &told);
	assert_true(told.in_game);
	assert_int_equal(told.moves, moves);
	assert_int_equal(told.games, 1);

	/* The game goes on from where it was. */
	pos = told.pos;
	e2e_choose_random(&pos, &mv, &seed);
	e2e_enter_move(sim, &pos, &mv, true);
	sim_run_ms(sim, 3000);
	e2e_check_transcript(sim, &told);
	assert_true(told.moves > moves);
	assert_int_equal(told.games, 1);
	e2e_close(sim);
}

/* Whether the menu has the item `text` (going round it once). */
static void expect_menu_item(struct sim *sim, const char *text)
{
	char label[BOARD_LCD_COLUMNS + 1];
	snprintf(label, sizeof label, "%.*s", (int)(strchr(text, '<') - text + 1), text);
	e2e_menu_find(sim, label);
	expect_item(sim, text);
}

/* Runs until no EEPROM write has begun for SETTLE_MS: a save is over. */
static void wait_for_saves(struct sim *sim)
{
	for (int i = 0; i < 100; i++) {
		uint32_t writes = sim_eeprom_writes(sim);
		sim_run_ms(sim, SETTLE_MS);
		if (sim_eeprom_writes(sim) == writes && !sim_eeprom_write_under_way(sim, NULL, NULL)) {
			return;
		}
	}
	fail_msg("the EEPROM's writes never ended");
}

/* Settings saved, then standby: it writes nothing, and a power cut in it
 * gives them all back. */
static void a_power_cut_in_standby_loses_no_saved_setting(void **state)
{
	(void)state;
	struct sim *sim = boot();
	menu_set_minutes(sim, "Light off <", 3);
	menu_set_minutes(sim, "Standby <", 1);
	e2e_menu_find(sim, "Level <");
	e2e_press(sim, BUTTON_LEFT);
	expect_item(sim, "Level <2>");
	e2e_menu_find(sim, "First move <");
	e2e_press(sim, BUTTON_RIGHT);
	expect_item(sim, "First move <me>");
	e2e_press(sim, BUTTON_SELECT); /* a game begins: its set-up saved */
	sim_run_ms(sim, 2000);
	wait_for_saves(sim);
	uint8_t saved[EEPROM_BYTES];
	sim_eeprom_read(sim, saved);
	uint32_t writes = sim_eeprom_writes(sim);
	if (!sim_run_until(sim, display_off, NULL, 2u * MINUTE_MS)) {
		fail_msg("no standby (%s)", sim_state_text(sim));
	}
	assert_false(sim_eeprom_write_under_way(sim, NULL, NULL));
	sim_run_ms(sim, 5000);
	assert_false(sim_lcd_display_on(sim));
	assert_int_equal(sim_eeprom_writes(sim), writes);
	uint8_t at_cut[EEPROM_BYTES];
	sim_eeprom_read(sim, at_cut);
	assert_memory_equal(at_cut, saved, sizeof saved);

	sim_power_cycle(sim);
	e2e_expect_menu(sim, 1000);
	assert_true(sim_lcd_display_on(sim));
	assert_true(sim_backlight_lit(sim));
	expect_menu_item(sim, "Level <2>");
	expect_menu_item(sim, "First move <me>");
	expect_menu_item(sim, "Light off <3m>");
	expect_menu_item(sim, "Standby <1m>");
	e2e_close(sim);
}

/* The idle times at their ends, 1 and 255 minutes (an arrow held runs up
 * the numbers), saved at once: after a power cut the menu shows them, and
 * they rule when the light goes off and standby begins. */
static void the_menu_sets_the_idle_times_which_survive_a_power_cut(void **state)
{
	(void)state;
	struct sim *sim = boot();
	expect_menu_item(sim, "Light off <2m>");
	e2e_press(sim, BUTTON_LEFT);
	expect_item(sim, "Light off <1m>");
	e2e_press(sim, BUTTON_LEFT);
	expect_item(sim, "Light off <1m>"); /* the least */
	e2e_press(sim, BUTTON_DOWN);
	expect_item(sim, "Standby <10m>");
	sim_button_down(sim, BUTTON_RIGHT);
	sim_run_ms(sim, 10000);
	sim_button_up(sim);
	sim_run_ms(sim, SETTLE_MS);
	expect_item(sim, "Standby <255m>");
	e2e_press(sim, BUTTON_RIGHT);
	expect_item(sim, "Standby <255m>"); /* the most */
	wait_for_saves(sim);
	sim_power_cycle(sim);
	e2e_expect_menu(sim, 1000);
	expect_menu_item(sim, "Light off <1m>");
	expect_menu_item(sim, "Standby <255m>");
	menu_set_minutes(sim, "Standby <", 2);
	wait_for_saves(sim);
	sim_power_cycle(sim);
	e2e_expect_menu(sim, 1000);
	expect_menu_item(sim, "Standby <2m>");

	/* From the last key: dark after a minute, standby after two. */
	uint64_t last_key = released(sim);
	double took = expect_after(sim, dark, "the backlight off", last_key, MINUTE_MS, MINUTE_MS + IDLE_SLACK_MS);
	assert_true(sim_lcd_display_on(sim));
	print_message("# the backlight off %.1f s after the last key, as set\n", took / 1000.0);
	wait_for_standby(sim, last_key, 2);
	e2e_close(sim);
}

/* CRC-16/ARC (reflected polynomial 0xA001) from `crc`, as the records'. */
static uint16_t crc16_arc(uint16_t crc, const uint8_t *bytes, size_t length)
{
	for (size_t i = 0; i < length; i++) {
		crc ^= bytes[i];
		for (int bit = 0; bit < 8; bit++) {
			crc = (crc & 1u) ? (uint16_t)(crc >> 1 ^ 0xA001u) : (uint16_t)(crc >> 1);
		}
	}
	return crc;
}

/* The pocket's record formats (firmware/store.h): before the idle times,
 * and with them, two bytes after the level. */
#define FORMAT_BEFORE 0x4701u
#define FORMAT_NOW 0x4801u
#define IDLE_TIMES_AT 2u
#define IDLE_TIMES_SIZE 2u

/* An EEPROM holding one record of `bytes` in slot 0, in `format`. */
static void eeprom_with_record(uint8_t eeprom[EEPROM_BYTES], const uint8_t *bytes, size_t size, uint16_t format)
{
	memset(eeprom, 0xFF, EEPROM_BYTES);
	memcpy(eeprom, bytes, size);
	eeprom[size] = 7; /* its sequence number */
	uint16_t crc = crc16_arc(format, eeprom, size + 1u);
	eeprom[size + 1u] = (uint8_t)crc;
	eeprom[size + 2u] = (uint8_t)(crc >> 8);
}

static size_t settings_size(void)
{
	size_t size = e2e_firmware_data_size("settings");
	assert_true(size > IDLE_TIMES_AT + IDLE_TIMES_SIZE && size <= SETTINGS_MAX);
	return size;
}

/* Settings unlike the defaults, kept as a record of the layout before
 * the idle times (as the pocket edition saved them until it had standby)
 * load as the defaults; the same settings in today's layout load as they
 * are, so the test sees the firmware read a record. */
static void a_record_without_the_idle_times_loads_as_the_defaults(void **state)
{
	(void)state;
	struct sim *sim = boot();
	menu_set_minutes(sim, "Light off <", 5);
	menu_set_minutes(sim, "Standby <", 7);
	e2e_menu_find(sim, "Level <");
	e2e_press(sim, BUTTON_LEFT);
	e2e_press(sim, BUTTON_LEFT);
	expect_item(sim, "Level <1>");
	size_t size = settings_size();
	uint8_t now[SETTINGS_MAX];
	assert_true(sim_ram_symbol(sim, "settings", now, size));
	uint8_t before[SETTINGS_MAX];
	memcpy(before, now, IDLE_TIMES_AT);
	memcpy(before + IDLE_TIMES_AT, now + IDLE_TIMES_AT + IDLE_TIMES_SIZE, size - IDLE_TIMES_AT - IDLE_TIMES_SIZE);

	uint8_t eeprom[EEPROM_BYTES];
	eeprom_with_record(eeprom, now, size, FORMAT_NOW);
	sim_power_cycle_with(sim, eeprom);
	e2e_expect_menu(sim, 1000);
	expect_menu_item(sim, "Level <1>");
	expect_menu_item(sim, "Light off <5m>");
	expect_menu_item(sim, "Standby <7m>");

	eeprom_with_record(eeprom, before, size - IDLE_TIMES_SIZE, FORMAT_BEFORE);
	sim_power_cycle_with(sim, eeprom);
	e2e_expect_menu(sim, 1000);
	expect_menu_item(sim, "Level <3>");
	expect_menu_item(sim, "Light off <2m>");
	expect_menu_item(sim, "Standby <10m>");
	e2e_close(sim);
}

static bool resets_seen(struct sim *sim, void *ctx)
{
	return sim_watchdog_resets(sim) >= *(const uint32_t *)ctx;
}

/* Standby, then a hang: reset within two of its periods (the chip clears
 * WDIE at a time-out, and the loop that sets it again no longer runs),
 * back at the menu with the display and the backlight on, the watchdog
 * at its usual period, its `resets`-th reset. */
static void hang_in_standby(struct sim *sim, uint64_t last_key, bool (*hang)(struct sim *), const char *how,
			    uint32_t resets)
{
	uint64_t awake_period = sim_watchdog_period(sim);
	wait_for_standby(sim, last_key, 1);
	sim_run_ms(sim, 1000);
	uint64_t period = sim_watchdog_period(sim);
	assert_int_equal(period, (uint64_t)WATCHDOG_PERIOD_MS * CYCLES_PER_MS);
	uint64_t hung = sim_cycles(sim);
	assert_true(hang(sim));
	if (!sim_run_until(sim, resets_seen, &resets, (uint32_t)(2u * period / CYCLES_PER_MS + 1u))) {
		fail_msg("hung %s: no watchdog reset within two periods (%s)", how, sim_state_text(sim));
	}
	uint64_t to_reset = sim_watchdog_reset_cycle(sim) - hung;
	assert_true(to_reset <= 2u * period);
	print_message("# hung in standby %s: reset %.1f ms after the hang (the period %.0f ms)\n", how,
		      (double)to_reset / CYCLES_PER_MS, (double)period / CYCLES_PER_MS);
	e2e_expect_menu(sim, 3000);
	assert_true(sim_lcd_display_on(sim));
	assert_true(sim_backlight_lit(sim));
	assert_int_equal(sim_watchdog_period(sim), awake_period);
	sim_run_ms(sim, 1000);
	assert_int_equal(sim_watchdog_resets(sim), resets);
	assert_false(sim_stopped(sim));
}

/* A hang in standby, with interrupts off (nothing serves the watchdog's
 * interrupt) and with interrupts on (its interrupt is served, and must
 * not re-arm it), is reset by the watchdog; the settings come back. */
static void a_hang_in_standby_is_reset_by_the_watchdog(void **state)
{
	(void)state;
	struct sim *sim = boot();
	menu_set_minutes(sim, "Standby <", 1);
	hang_in_standby(sim, released(sim), sim_hang, "with interrupts off", 1);
	expect_menu_item(sim, "Standby <1m>");
	hang_in_standby(sim, released(sim), sim_hang_interrupts_kept, "with interrupts on", 2);
	expect_menu_item(sim, "Standby <1m>");
	assert_false(sim_backlight_ever_driven_high(sim));
	sim_close(sim);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_backlight_goes_off_after_the_idle_time_and_a_key_only_lights_it),
		cmocka_unit_test(standby_comes_after_ten_minutes_and_sleeps_in_power_down),
		cmocka_unit_test(a_key_wakes_standby_within_100_ms_and_does_nothing_else),
		cmocka_unit_test(a_game_in_progress_is_kept_across_standby),
		cmocka_unit_test(a_power_cut_in_standby_loses_no_saved_setting),
		cmocka_unit_test(the_menu_sets_the_idle_times_which_survive_a_power_cut),
		cmocka_unit_test(a_record_without_the_idle_times_loads_as_the_defaults),
		cmocka_unit_test(a_hang_in_standby_is_reset_by_the_watchdog),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
