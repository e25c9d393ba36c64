/*
 * Power cuts during a save of the settings (firmware/store.h), on the real
 * firmware in the simulator.  The harness keeps the chip busy for the
 * 3.4 ms each EEPROM byte takes to write, as on the chip (sim/harness.h).
 *
 * The settings of one game are saved (the old), the menu set up for
 * another, and SELECT pressed: the game begins and the new settings are
 * saved, into a blank slot, so every byte of the record is written.
 * Then, after saves round every slot, a save over the oldest record,
 * which writes only the few bytes that differ from it.  At each of the
 * two saves the simulator is forked, once per cut: each child runs
 * to its own cycle within the save (and a little before and after it),
 * cuts the power, and powers on with the EEPROM as the cut left it; a
 * byte being written at the cut is left, by turns, as it was, as it was
 * to be, or garbage.  The chip must come back, without a hang or a
 * watchdog reset, at the menu, with the settings in RAM exactly the old
 * or the new, and the menu showing that game (read on the LCD).
 *
 * It prints, for each save, the cuts made, how many fell during a byte's
 * write, and how many came back old and new; and the EEPROM's life.
 *
 * needs: SAVE (the saved settings alone)
 * lacks: STATS (with the statistics the settings kept are the few bytes before
 * the set-up, firmware/store.h, cut in the host's test_firmware_store, and
 * test_stats cuts the statistics' writes)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "engine/engine.h"
#include "sim/harness.h"
#include "tests/e2e/e2e.h"

#define CUTS 1000u              /* over a save of a whole record */
#define CUTS_OVER_A_RECORD 300u /* over a save of a few bytes */
#define CUT_JOBS 2u             /* children at once: the machine has two cores */
#define MARGIN_MS 3u            /* cuts before the first write and after the last */
#define BOOT_TIMEOUT_MS 3000u
#define SETTINGS_MAX 256u

/* What a child found, its exit status. */
enum outcome { CAME_BACK_OLD = 0, CAME_BACK_NEW = 1, CAME_BACK_OTHER = 2, NO_MENU = 3, WRONG_SCREEN = 4 };
#define DURING_A_WRITE 8 /* added when a byte's write was under way at the cut */

static size_t settings_size;
/* The size of the firmware's `settings`, as the AVR lays it out. */
static size_t firmware_settings_size(void)
{
	size_t size = e2e_firmware_data_size("settings");
	assert_true(size <= SETTINGS_MAX);
	return size;
}

static void read_settings(struct sim *sim, uint8_t out[SETTINGS_MAX])
{
	assert_true(sim_ram_symbol(sim, "settings", out, settings_size));
}

struct save_window {
	uint64_t first; /* the cycle the save's first byte write began */
	uint64_t end;   /* the cycle its last ended */
	uint32_t writes;
	uint8_t settings[SETTINGS_MAX]; /* the new settings */
};

static bool writing(struct sim *sim, void *ctx)
{
	return sim_eeprom_writes(sim) > *(const uint32_t *)ctx;
}

/* The save run whole, in a child: when it writes, and what. */
static struct save_window scout(struct sim *sim)
{
	int fds[2];
	assert_int_equal(pipe(fds), 0);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		close(fds[0]);
		struct save_window window;
		memset(&window, 0, sizeof window);
		uint32_t before = sim_eeprom_writes(sim);
		if (sim_run_until(sim, writing, &before, 1000)) {
			window.first = sim_cycles(sim);
		}
		sim_run_ms(sim, 1000);
		window.writes = sim_eeprom_writes(sim) - before;
		window.end = sim_eeprom_last_write_cycle(sim) + 16000000ull * 3400u / 1000000u;
		(void)sim_ram_symbol(sim, "settings", window.settings, settings_size);
		ssize_t written = write(fds[1], &window, sizeof window);
		_exit(written == (ssize_t)sizeof window ? 0 : 1);
	}
	close(fds[1]);
	struct save_window window;
	assert_int_equal(read(fds[0], &window, sizeof window), (ssize_t)sizeof window);
	close(fds[0]);
	int status = 0;
	waitpid(pid, &status, 0);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	return window;
}

/* In the child: the power cut at `cycle`, the byte under way left as
 * `torn` says (0 as it was, 1 as it was to be, 2 garbage), and the
 * power-on judged. */
static int cut_and_judge(struct sim *sim, uint64_t cycle, unsigned torn, const uint8_t *old, const uint8_t *new,
			 uint8_t old_game, uint8_t new_game)
{
	if (cycle > sim_cycles(sim)) {
		sim_run_cycles(sim, cycle - sim_cycles(sim));
	}
	uint8_t eeprom[EEPROM_SIZE];
	int during = e2e_eeprom_after_cut(sim, torn, (unsigned)cycle, eeprom) ? DURING_A_WRITE : 0;
	sim_power_cycle_with(sim, eeprom);
	if (!e2e_wait_line(sim, 0, "<", BOOT_TIMEOUT_MS) || sim_stopped(sim) || sim_watchdog_resets(sim) != 0) {
		return NO_MENU + during;
	}
	uint8_t now[SETTINGS_MAX];
	if (!sim_ram_symbol(sim, "settings", now, settings_size)) {
		return CAME_BACK_OTHER + during;
	}
	enum outcome outcome = memcmp(now, old, settings_size) == 0   ? CAME_BACK_OLD
			       : memcmp(now, new, settings_size) == 0 ? CAME_BACK_NEW
								      : CAME_BACK_OTHER;
	if (outcome == CAME_BACK_OTHER) {
		return outcome + during;
	}
	char title[32], expected[40], row[BOARD_LCD_COLUMNS + 1];
	e2e_game_title(outcome == CAME_BACK_OLD ? old_game : new_game, title, sizeof title);
	snprintf(expected, sizeof expected, "<%s>", title);
	e2e_line(sim, 0, row);
	return (strcmp(row, expected) == 0 ? (int)outcome : WRONG_SCREEN) + during;
}

/* What the cuts of one save gave. */
struct cut_counts {
	unsigned cuts;
	unsigned during; /* of them, during a byte's write */
	unsigned outcome[WRONG_SCREEN + 1];
	uint32_t writes;
	double save_ms;
};

/* SELECT pressed and let go on the menu set up for `new_game`: the
 * simulator forked there, `cuts` times, each child cutting the power at
 * its own cycle of the save that follows (from a little before its first
 * write to a little after its last), CUT_JOBS children at once.  The
 * parent's chip is left where the fork was. */
static struct cut_counts cut_the_save(struct sim *sim, unsigned cuts, const uint8_t *old, uint8_t old_game,
				      uint8_t new_game, uint8_t new_settings[SETTINGS_MAX])
{
	sim_button_down(sim, BUTTON_SELECT);
	sim_run_ms(sim, 40);
	sim_button_up(sim);
	uint64_t fork_cycle = sim_cycles(sim);
	struct save_window window = scout(sim);
	assert_true(window.first > fork_cycle);
	assert_true(window.writes > 0);
	assert_memory_not_equal(window.settings, old, settings_size);
	memcpy(new_settings, window.settings, settings_size);
	uint64_t margin = 16000ull * MARGIN_MS;
	uint64_t from = window.first - margin;
	uint64_t span = window.end + margin - from;

	struct cut_counts counts;
	memset(&counts, 0, sizeof counts);
	counts.writes = window.writes;
	counts.save_ms = (double)(window.end - window.first) / 16000.0;
	unsigned running = 0, next = 0;
	pid_t pids[CUT_JOBS];
	unsigned of_pid[CUT_JOBS];
	while (next < cuts || running > 0) {
		if (next < cuts && running < CUT_JOBS) {
			uint64_t cycle = from + span * next / (cuts - 1u);
			pid_t pid = fork();
			assert_true(pid >= 0);
			if (pid == 0) {
				_exit(cut_and_judge(sim, cycle, next % 3u, old, window.settings, old_game, new_game));
			}
			pids[running] = pid;
			of_pid[running] = next;
			running++;
			next++;
			continue;
		}
		int status = 0;
		pid_t done = wait(&status);
		assert_true(done > 0);
		unsigned slot = 0;
		while (slot < running && pids[slot] != done) {
			slot++;
		}
		assert_true(slot < running);
		unsigned which = of_pid[slot];
		pids[slot] = pids[running - 1u];
		of_pid[slot] = of_pid[running - 1u];
		running--;
		if (!WIFEXITED(status)) {
			fail_msg("cut %u: the child ended without a status (signal %d)", which,
				 WIFSIGNALED(status) ? WTERMSIG(status) : 0);
		}
		int code = WEXITSTATUS(status);
		counts.cuts++;
		if (code & DURING_A_WRITE) {
			counts.during++;
		}
		unsigned outcome = (unsigned)(code & ~DURING_A_WRITE);
		if (outcome > WRONG_SCREEN) {
			fail_msg("cut %u: the child failed (status %d)", which, code);
		}
		counts.outcome[outcome]++;
	}
	return counts;
}

static void print_counts(const char *what, const struct cut_counts *counts)
{
	print_message("# %s: %u power cuts over a save of %u byte writes (%.1f ms), %u of them during a byte's "
		      "write: %u came back with the old settings, %u with the new, %u with others, %u without the "
		      "menu, %u with the wrong game shown\n",
		      what, counts->cuts, counts->writes, counts->save_ms, counts->during,
		      counts->outcome[CAME_BACK_OLD], counts->outcome[CAME_BACK_NEW], counts->outcome[CAME_BACK_OTHER],
		      counts->outcome[NO_MENU], counts->outcome[WRONG_SCREEN]);
	assert_int_equal(counts->outcome[CAME_BACK_OTHER] + counts->outcome[NO_MENU] + counts->outcome[WRONG_SCREEN],
			 0);
	assert_true(counts->outcome[CAME_BACK_OLD] > 0 && counts->outcome[CAME_BACK_NEW] > 0);
	assert_true(counts->during > 0);
}

/* The parent's chip finishes the save and keeps it over a power cycle. */
static void finish_the_save(struct sim *sim, const uint8_t *new_settings)
{
	uint8_t back[SETTINGS_MAX];
	sim_run_ms(sim, 1000);
	sim_power_cycle(sim);
	e2e_expect_menu(sim, BOOT_TIMEOUT_MS);
	read_settings(sim, back);
	assert_memory_equal(back, new_settings, settings_size);
}

/* Who moves first toggled on the menu, and SELECT: a save of the new
 * setting; then a long SELECT back to the menu, at the game. */
static void save_the_other_first_player(struct sim *sim)
{
	e2e_menu_find(sim, "First move <");
	e2e_press(sim, BUTTON_RIGHT);
	e2e_press(sim, BUTTON_SELECT);
	sim_run_ms(sim, 1000);
	sim_button_down(sim, BUTTON_SELECT);
	sim_run_ms(sim, 1200);
	sim_button_up(sim);
	e2e_expect_menu(sim, 1000);
	e2e_menu_find(sim, "<");
}

static void a_power_cut_during_a_save_brings_back_the_old_settings_or_the_new(void **state)
{
	(void)state;
	struct timespec began;
	clock_gettime(CLOCK_MONOTONIC, &began);
	settings_size = firmware_settings_size();

	struct sim *sim = e2e_boot(0);
	/* The old settings: Nim, the machine first, saved as its game began;
	 * back after a power cycle. */
	struct e2e_setup old_setup = e2e_start(GAME_NIM, true);
	e2e_menu_set(sim, &old_setup);
	e2e_press(sim, BUTTON_SELECT);
	sim_run_ms(sim, 1000);
	uint8_t old[SETTINGS_MAX], new[SETTINGS_MAX], back[SETTINGS_MAX];
	read_settings(sim, old);
	sim_power_cycle(sim);
	e2e_expect_menu(sim, BOOT_TIMEOUT_MS);
	read_settings(sim, back);
	assert_memory_equal(back, old, settings_size);

	/* The new: Matrix Nim, the person first, saved when SELECT begins
	 * it, into a blank slot: the whole record is written. */
	struct e2e_setup new_setup = e2e_start(GAME_MATRIX_NIM, false);
	e2e_menu_set(sim, &new_setup);
	struct cut_counts whole = cut_the_save(sim, CUTS, old, GAME_NIM, GAME_MATRIX_NIM, new);
	print_counts("a whole record", &whole);
	finish_the_save(sim, new);

	/* Saves round every slot (the record is the settings, a sequence
	 * number and a CRC: firmware/store.h), then one more, over the
	 * oldest record: only the bytes that differ from it are written. */
	unsigned record = (unsigned)settings_size + 3u;
	unsigned slots = 1024u / record;
	for (unsigned i = 0; i < slots + 1u; i++) {
		save_the_other_first_player(sim);
	}
	read_settings(sim, old);
	e2e_menu_find(sim, "First move <");
	e2e_press(sim, BUTTON_RIGHT);
	e2e_menu_find(sim, "<");
	struct cut_counts over = cut_the_save(sim, CUTS_OVER_A_RECORD, old, GAME_MATRIX_NIM, GAME_MATRIX_NIM, new);
	print_counts("over the oldest record", &over);
	finish_the_save(sim, new);

	/* The life of the chip's EEPROM, from the record the firmware
	 * writes: each slot is written at most once in as many saves as
	 * there are slots. */
	unsigned long saves = 100000ul * slots;
	print_message("# EEPROM life on the chip: records of %u bytes in %u slots; each cell written at most once "
		      "in %u saves: %lu saves, at a save a game and 100 games a day %lu days (%lu years)\n",
		      record, slots, slots, saves, saves / 100u, saves / 100u / 365u);
	struct timespec ended;
	clock_gettime(CLOCK_MONOTONIC, &ended);
	double seconds = (double)(ended.tv_sec - began.tv_sec) + (double)(ended.tv_nsec - began.tv_nsec) / 1e9;
	print_message("# %u power cuts in all, %.1f s\n", whole.cuts + over.cuts, seconds);
	e2e_close(sim);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_power_cut_during_a_save_brings_back_the_old_settings_or_the_new),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
