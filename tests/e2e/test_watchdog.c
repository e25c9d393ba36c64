/*
 * The watchdog (hal/watchdog.h), tested on the real firmware in the
 * simulator with a real hang and no test code in the firmware: the harness
 * moves the program counter to avr-libc's _exit, which turns interrupts
 * off and jumps to itself for ever (sim_hang), at four moments:
 *   - at the menu,
 *   - during a game, at the person's turn,
 *   - while the machine computes its move (inside the engine's search),
 *   - during a save of the settings to the EEPROM.
 * Each time a game is set up and saved first.  The watchdog must reset the
 * chip within its period (as the firmware set WDTCSR); the firmware must
 * come back at the menu (the exhibit, whose ELF has attract mode: in
 * attract mode, whose key then brings the menu), its serial line first
 * saying "watchdog reset" then "grundy-box ready"; the settings must come back as the EEPROM kept
 * them (during a save: the old or the new, never others), or in an edition
 * that keeps none (GRUNDY_BOX_FEATURES without SAVE) as the defaults of a
 * power-on, the menu showing that game; and no second reset may follow.  A second reset would come
 * 16 ms after the first if the start-up left the watchdog as the reset
 * leaves it (on, with its shortest period), as the LCD's power-on wait
 * alone takes 50 ms.
 *
 * It prints, for each moment, the cycles from the hang to the reset and
 * the time from the reset to the menu.
 *
 * needs: (no switch: every edition; the settings come back as the EEPROM
 * kept them, or as the defaults in an edition that keeps none)
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
#include "firmware/settings.h"
#include "sim/harness.h"
#include "tests/e2e/e2e.h"

#define SETTINGS_MAX 256u
#define BOOT_TIMEOUT_MS 3000u
/* Attract mode shows its first move, then its caption. */
#define ATTRACT_CAPTION_MS 5000u
#define STATS_LINE_MS 100u
#define SAVE_MS 1000u    /* a save of the settings is over well within this */
#define QUIET_PERIODS 4u /* watchdog periods run after coming back, with no reset */
#define CYCLES_PER_MS 16000u
#define TURN_TIMEOUT_MS 5000u
#define SAVE_WRITES_BEFORE_HANG 3u /* byte writes of a save begun when it hangs */
#define FIRST_LINES "watchdog reset\r\ngrundy-box ready\r\n"

static size_t settings_size;
/* The exhibit's ELF (it has attract mode): it comes back in attract mode,
 * and keeps of the settings only the bytes before the set-up
 * (firmware/store.h), with its statistics beside them. */
static bool exhibit;
static size_t kept_size;
/* Whether the edition keeps its settings in the EEPROM; without, a reset
 * brings back the defaults, which each boot reads before any set-up. */
static bool saved;
static uint8_t defaults[SETTINGS_MAX];
static char elf[4096]; /* the firmware, found as e2e_init() finds it */

/* The size of the firmware's `settings`, from the ELF's symbols: the AVR
 * packs the struct without the host's padding. */
static size_t firmware_settings_size(void)
{
	char command[4200];
	snprintf(command, sizeof command,
		 "avr-nm -S '%s' | sed -n 's/^[0-9a-f]* \\([0-9a-f]*\\) [BbDd] settings$/\\1/p'", elf);
	FILE *pipe = popen(command, "r");
	assert_non_null(pipe);
	unsigned size = 0;
	int read = fscanf(pipe, "%x", &size);
	pclose(pipe);
	assert_int_equal(read, 1);
	assert_true(size > 0 && size <= SETTINGS_MAX);
	return size;
}

static void read_settings(struct sim *sim, uint8_t out[SETTINGS_MAX])
{
	assert_true(sim_ram_symbol(sim, "settings", out, settings_size));
}

static bool reset_seen(struct sim *sim, void *ctx)
{
	(void)ctx;
	return sim_watchdog_resets(sim) > 0;
}

static bool thinking(struct sim *sim, void *ctx)
{
	(void)ctx;
	return sim_led_thinking(sim);
}

static bool writes_reached(struct sim *sim, void *ctx)
{
	return sim_eeprom_writes(sim) >= *(const uint32_t *)ctx;
}

/* Boots, sets up `setup` in the menu and begins its game, which saves the
 * settings where the edition keeps them; the save is left to finish. */
static struct sim *boot_and_begin(const struct e2e_setup *setup)
{
	struct sim *sim = e2e_boot(0);
	/* A power-on is no watchdog reset. */
	assert_true(sim_wait_uart(sim, "grundy-box ready\r\n", BOOT_TIMEOUT_MS));
	assert_null(strstr(sim_uart_output(sim), "watchdog"));
	read_settings(sim, defaults);
	e2e_menu_set(sim, setup);
	e2e_press(sim, BUTTON_SELECT);
	sim_run_ms(sim, SAVE_MS);
	return sim;
}

/* A long SELECT: the game left, back to the menu. */
static void leave_the_game(struct sim *sim)
{
	sim_button_down(sim, BUTTON_SELECT);
	sim_run_ms(sim, 1200);
	sim_button_up(sim);
	e2e_expect_menu(sim, 1000);
}

/* Hangs the firmware now and checks what follows: the reset within the
 * watchdog's period, the menu and the serial line's first lines back, no
 * second reset.  The settings are the caller's to check. */
static void hang_and_come_back(struct sim *sim, const char *moment)
{
	uint64_t period = sim_watchdog_period(sim);
	assert_true(period > 0);
	assert_int_equal(sim_watchdog_resets(sim), 0);
	sim_uart_clear_output(sim);
	uint64_t hung = sim_cycles(sim);
	assert_true(sim_hang(sim));
	if (!sim_run_until(sim, reset_seen, NULL, (uint32_t)(2u * period / CYCLES_PER_MS))) {
		fail_msg("%s: no watchdog reset within twice its period (%s)", moment, sim_state_text(sim));
	}
	uint64_t to_reset = sim_watchdog_reset_cycle(sim) - hung;
	if (to_reset > period) {
		fail_msg("%s: the reset came %llu cycles after the hang, past the period of %llu", moment,
			 (unsigned long long)to_reset, (unsigned long long)period);
	}
	uint64_t reset = sim_watchdog_reset_cycle(sim);
	/* The line first: the menu drawn after it is the new start's, on
	 * the display its start-up cleared. */
	if (!sim_wait_uart(sim, "grundy-box ready\r\n", BOOT_TIMEOUT_MS)) {
		fail_msg("%s: the firmware never came back: %u watchdog resets in %u ms (%s)", moment,
			 sim_watchdog_resets(sim), BOOT_TIMEOUT_MS, sim_state_text(sim));
	}
	/* The exhibit (attract mode in the ELF) comes back in attract mode,
	 * and a key brings its menu; any other edition comes back at the
	 * menu. */
	if (exhibit) {
		if (!sim_run_until(sim, e2e_attract_caption_showing, NULL, ATTRACT_CAPTION_MS)) {
			fail_msg("%s: attract mode did not follow the watchdog reset", moment);
		}
		print_message("# %s: attract mode %.1f ms after the reset\n", moment,
			      (double)(sim_lcd_last_change(sim) - sim_watchdog_reset_cycle(sim)) / CYCLES_PER_MS);
		e2e_press(sim, BUTTON_DOWN);
	}
	e2e_expect_menu(sim, BOOT_TIMEOUT_MS);
	uint64_t menu = sim_lcd_last_change(sim);
	if (strncmp(sim_uart_output(sim), FIRST_LINES, strlen(FIRST_LINES)) != 0) {
		fail_msg("%s: after the reset the serial line said \"%s\"", moment, sim_uart_output(sim));
	}
	/* Back with the usual period, and no second reset: the start-up
	 * stopped the watchdog the reset left running at 16 ms. */
	assert_int_equal(sim_watchdog_period(sim), period);
	sim_run_cycles(sim, QUIET_PERIODS * period);
	assert_false(sim_stopped(sim));
	assert_int_equal(sim_watchdog_resets(sim), 1);
	/* The rest of the run's health (e2e_check_health, which wants no
	 * reset at all): the LCD started again by the rules, its
	 * backlight's pin never driven high. */
	if (sim_lcd_violations(sim) != 0) {
		fail_msg("%s: %u LCD timing violations, the first: %s", moment, sim_lcd_violations(sim),
			 sim_lcd_first_violation(sim));
	}
	assert_false(sim_backlight_ever_driven_high(sim));
	print_message("# %s: reset %llu cycles (%.1f ms) after the hang, within the period of %llu cycles "
		      "(%.1f ms); the menu %.1f ms after the reset; no reset in %u periods after\n",
		      moment, (unsigned long long)to_reset, (double)to_reset / CYCLES_PER_MS,
		      (unsigned long long)period, (double)period / CYCLES_PER_MS,
		      (double)(menu - reset) / CYCLES_PER_MS, QUIET_PERIODS);
}

/* What the menu shows after a reset: the set-up kept, or on the exhibit,
 * which keeps no visitor's set-up, the operator's game (Marienbad, as no
 * operator has set another) with who moves first kept; without saved
 * settings, the defaults' Marienbad, the person first. */
static struct e2e_setup setup_after_reset(const struct e2e_setup *setup)
{
	if (!saved) {
		return e2e_start(GAME_MARIENBAD, false);
	}
	return exhibit ? e2e_start(GAME_MARIENBAD, setup->machine_first) : *setup;
}

/* The settings in RAM are `before` again, as far as they are kept (the
 * defaults where none are), and the menu shows `setup`
 * (setup_after_reset). */
static void expect_settings(struct sim *sim, const uint8_t *before, const struct e2e_setup *setup)
{
	uint8_t after[SETTINGS_MAX];
	read_settings(sim, after);
	assert_memory_equal(after, saved ? before : defaults, kept_size);
	struct e2e_setup shown = setup_after_reset(setup);
	assert_true(e2e_menu_shows(sim, &shown));
}

/* The exhibit's statistics as the console's `stats` prints them. */
static void read_stats(struct sim *sim, char *out, size_t size)
{
	sim_uart_clear_output(sim);
	sim_uart_send(sim, "stats\r\n", 7);
	assert_true(sim_wait_uart(sim, "total: ", BOOT_TIMEOUT_MS));
	/* The line's end, and the command's: the watchdog's usual period
	 * again (a command runs with the long one). */
	sim_run_ms(sim, STATS_LINE_MS);
	snprintf(out, size, "%s", sim_uart_output(sim));
	assert_non_null(strstr(strstr(out, "total: "), "\r\n"));
}

/* The EEPROM as before the hang, the settings it kept and, on the
 * exhibit, the statistics. */
static void hang_with_settings_kept(struct sim *sim, const char *moment, const struct e2e_setup *setup)
{
	uint8_t before[SETTINGS_MAX], eeprom_before[1024], eeprom_after[1024];
	char stats_before[2048] = "", stats_after[2048] = "";
	if (exhibit) {
		read_stats(sim, stats_before, sizeof stats_before);
	}
	read_settings(sim, before);
	sim_eeprom_read(sim, eeprom_before);
	hang_and_come_back(sim, moment);
	sim_eeprom_read(sim, eeprom_after);
	assert_memory_equal(eeprom_after, eeprom_before, sizeof eeprom_before);
	expect_settings(sim, before, setup);
	if (exhibit) {
		read_stats(sim, stats_after, sizeof stats_after);
		assert_string_equal(stats_after, stats_before);
		print_message("# %s: the statistics after the reset as before it: %s", moment,
			      strstr(stats_after, "total: "));
	}
	sim_close(sim);
}

static void a_hang_at_the_menu_resets_to_the_menu(void **state)
{
	(void)state;
	struct e2e_setup setup = e2e_start(GAME_NIM, true);
	struct sim *sim = boot_and_begin(&setup);
	leave_the_game(sim);
	hang_with_settings_kept(sim, "at the menu", &setup);
}

static void a_hang_during_a_game_resets_to_the_menu(void **state)
{
	(void)state;
	struct e2e_setup setup = e2e_start(GAME_MATRIX_NIM, false);
	struct sim *sim = boot_and_begin(&setup);
	enum e2e_screen screen = e2e_screen_of(sim, setup.game);
	assert_true(screen == E2E_HELP || screen == E2E_TURN);
	hang_with_settings_kept(sim, "during a game", &setup);
}

static void a_hang_during_the_machines_move_resets_to_the_menu(void **state)
{
	(void)state;
	struct e2e_setup setup = e2e_start(GAME_TAKTIX, true);
	struct sim *sim = boot_and_begin(&setup);
	/* The game's keys shown first, then the machine's pause, then its
	 * search. */
	assert_true(sim_run_until(sim, thinking, NULL, TURN_TIMEOUT_MS));
	assert_true(sim_run_until_in_function(sim, "machine_move", TURN_TIMEOUT_MS));
	assert_true(sim_led_thinking(sim));
	hang_with_settings_kept(sim, "during the machine's move", &setup);
}

static void a_hang_during_a_save_keeps_the_old_settings_or_the_new(void **state)
{
	(void)state;
	struct e2e_setup old_setup = e2e_start(GAME_NIM, true);
	struct sim *sim = boot_and_begin(&old_setup);
	leave_the_game(sim);
	uint8_t old[SETTINGS_MAX], new[SETTINGS_MAX], after[SETTINGS_MAX];
	read_settings(sim, old);
	struct e2e_setup new_setup = e2e_start(GAME_MATRIX_NIM, false);
	/* The game begins and its save with it; on the exhibit, whose attract
	 * mode saves nothing, the save comes with the key that changes who
	 * moves first (firmware/store.h), pressed last.  The hang comes
	 * during the save's third byte's write. */
	enum board_button saving = BUTTON_SELECT;
	if (exhibit) {
		struct e2e_setup but_first = new_setup;
		but_first.machine_first = old_setup.machine_first;
		e2e_menu_set(sim, &but_first);
		e2e_menu_find(sim, "First move <");
		saving = BUTTON_RIGHT;
	} else {
		e2e_menu_set(sim, &new_setup);
	}
	uint32_t hang_at = sim_eeprom_writes(sim) + SAVE_WRITES_BEFORE_HANG;
	sim_button_down(sim, saving);
	sim_run_ms(sim, 40);
	sim_button_up(sim);
	assert_true(sim_run_until(sim, writes_reached, &hang_at, SAVE_MS));
	uint16_t address;
	uint8_t replaced;
	assert_true(sim_eeprom_write_under_way(sim, &address, &replaced));
	read_settings(sim, new);
	assert_memory_not_equal(new, old, kept_size);
	hang_and_come_back(sim, "during a save");
	read_settings(sim, after);
	bool came_back_old = memcmp(after, old, kept_size) == 0;
	if (!came_back_old && memcmp(after, new, kept_size) != 0) {
		fail_msg("the settings came back neither as before the save nor as it saved them");
	}
	struct e2e_setup shown = setup_after_reset(came_back_old ? &old_setup : &new_setup);
	assert_true(e2e_menu_shows(sim, &shown));
	print_message("# during a save: hung at byte write %u of the save, the settings came back %s\n",
		      SAVE_WRITES_BEFORE_HANG, came_back_old ? "as before it" : "as it saved them");
	sim_close(sim);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	const char *override = getenv("GRUNDY_BOX_ELF");
	const char *slash = strrchr(argv[0], '/');
	if (override != NULL && *override != '\0') {
		snprintf(elf, sizeof elf, "%s", override);
	} else {
		snprintf(elf, sizeof elf, "%.*s/../../grundy-box.elf", slash != NULL ? (int)(slash - argv[0]) : 1,
			 slash != NULL ? argv[0] : ".");
	}
	settings_size = firmware_settings_size();
	char command[4200];
	snprintf(command, sizeof command, "avr-nm '%s' | grep -q ' attract_idle_s$'", elf);
	exhibit = system(command) == 0;
	/* The exhibit keeps the bytes up to the operator's settings (store.h). */
	kept_size = exhibit ? offsetof(struct settings, exhibit) + sizeof(struct exhibit_settings) : settings_size;
	saved = e2e_feature("SAVE");
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_hang_at_the_menu_resets_to_the_menu),
		cmocka_unit_test(a_hang_during_a_game_resets_to_the_menu),
		cmocka_unit_test(a_hang_during_the_machines_move_resets_to_the_menu),
	};
	const struct CMUnitTest tests_with_saves[] = {
		cmocka_unit_test(a_hang_at_the_menu_resets_to_the_menu),
		cmocka_unit_test(a_hang_during_a_game_resets_to_the_menu),
		cmocka_unit_test(a_hang_during_the_machines_move_resets_to_the_menu),
		cmocka_unit_test(a_hang_during_a_save_keeps_the_old_settings_or_the_new),
	};
	return saved ? cmocka_run_group_tests(tests_with_saves, NULL, NULL) : cmocka_run_group_tests(tests, NULL, NULL);
}
