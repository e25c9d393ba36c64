/*
 * The soak test: a day at the museum for the exhibit, on the real firmware
 * in the simulator.  The museum opens as the day begins, for 9 hours.
 * Visitors arrive at random gaps (a seeded generator: the same day every
 * run, another with SOAK_SEED), each with one of the ways people use the
 * box: playing well (the host engine's best move), badly (random legal
 * moves, with an illegal entry now and then), pressing keys at random, or
 * mashing the buttons faster than any person; a quarter of them with
 * bouncing contacts (the voltage on ADC0 chatters).  Some walk away from a
 * game half played; the next visitor finds it.  Between them the box
 * stands idle, from seconds to an hour, and all night once the museum has
 * closed.  The power is cut at random moments of the day, and on purpose
 * while the settings are being saved (firmware/store.h), the byte being
 * written left as it was, as it was to be, or garbage, by turns.
 *
 * Checked all day: the firmware never crashes, hangs or resets by itself
 * (simavr's state, the watchdog's resets, and one "grundy-box ready" on
 * the serial line for each power-on, no more); it keeps answering (at
 * each visitor's arrival a key changes the LCD at once); it never breaks
 * an LCD timing; every move of the transcript is legal and every winner
 * right (e2e_check_transcript), and every game begun is accounted for:
 * won by the visitor, won by the box, left, or cut by the power.  At each
 * cut the EEPROM must hold a whole newest record (decoded here with the
 * layout and CRC of firmware/store.h), the one before the save under way
 * or the one it was writing, and the box must come back at the menu with
 * that record's settings.
 *
 * The tally of the transcript's games, per game, is what the statistics
 * kept in the EEPROM must say too.
 *
 * SOAK_HOURS sets the simulated hours: a whole day by default, which fits
 * CI's time (docs/exhibit.md, A day at the museum); idle hours cost
 * the host little, visitors more.  It prints the hours, the wall and CPU
 * time they took, the simulator's speed idle and with visitors, and every
 * count.
 *
 * The day's parts are in tests/e2e/soak/ (soak.h): the EEPROM's records,
 * the power cuts, the visitors and the tally.
 *
 * needs: SAVE TRANSCRIPT LAMPS SOUND STATS CONSOLE
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "engine/engine.h"
#include "sim/harness.h"
#include "tests/e2e/e2e.h"
#include "tests/e2e/soak/soak.h"

#define SOAK_DEFAULT_HOURS 24.0
#define SOAK_DEFAULT_SEED 4u
#define IDLE_CHUNK_MS 10000u

/* The box alone for `ms`, the power cut whenever its moment comes. */
static void idle(struct sim *sim, struct soak_day *day, uint64_t ms)
{
	uint64_t end = soak_day_cycles(day, sim) + ms * SOAK_CYCLES_PER_MS;
	day->idle_cycles += ms * SOAK_CYCLES_PER_MS;
	while (soak_day_cycles(day, sim) < end) {
		uint64_t left = end - soak_day_cycles(day, sim);
		uint64_t chunk = (uint64_t)IDLE_CHUNK_MS * SOAK_CYCLES_PER_MS;
		if (day->next_cut > soak_day_cycles(day, sim) && day->next_cut - soak_day_cycles(day, sim) < chunk) {
			chunk = day->next_cut - soak_day_cycles(day, sim) + 1u;
		}
		sim_run_cycles(sim, chunk < left ? chunk : left);
		(void)soak_step(sim, day);
	}
}

/* The museum opens at 9:00 and closes at 18:00; the day begins at opening
 * time, so that a short run has visitors too. */
#define OPEN_HOURS 9u

static bool museum_open(const struct soak_day *day, const struct sim *sim)
{
	uint64_t hour = soak_day_cycles(day, sim) / (uint64_t)SOAK_CYCLES_PER_HOUR;
	return hour % 24u < OPEN_HOURS;
}

/* Until the next visitor: while the museum is open seconds to an hour,
 * mostly a few minutes; closed, the box stands idle in spells of up to an
 * hour, the power cut now and then, until the museum opens again. */
static uint64_t gap_ms(struct soak_day *day, const struct sim *sim)
{
	uint32_t roll = soak_draw(day, 100);
	uint32_t seconds = roll < 70   ? soak_draw_between(day, 5, 180)
			   : roll < 95 ? soak_draw_between(day, 180, 900)
				       : soak_draw_between(day, 900, 3600);
	if (!museum_open(day, sim)) {
		seconds = soak_draw_between(day, 600, 3600);
	}
	return (uint64_t)seconds * 1000u;
}

static double cpu_seconds(void)
{
	struct timespec now;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
	return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static double seconds_between(const struct timespec *from, const struct timespec *to)
{
	return (double)(to->tv_sec - from->tv_sec) + (double)(to->tv_nsec - from->tv_nsec) / 1e9;
}

static void a_day_at_the_museum(void **state)
{
	(void)state;
	struct timespec wall_start, cpu_start, wall_end, cpu_end;
	clock_gettime(CLOCK_MONOTONIC, &wall_start);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu_start);
	static struct soak_day day;
	memset(&day, 0, sizeof day);
	day.settings_size = soak_firmware_settings_size();
	soak_expect_record_layout(day.settings_size);

	const char *seed_text = getenv("SOAK_SEED");
	day.seed = seed_text != NULL && *seed_text != '\0' ? (uint32_t)strtoul(seed_text, NULL, 0) : SOAK_DEFAULT_SEED;
	const char *hours_text = getenv("SOAK_HOURS");
	double hours = hours_text != NULL && *hours_text != '\0' ? strtod(hours_text, NULL) : SOAK_DEFAULT_HOURS;
	if (!(hours > 0.0 && hours <= 24.0 * 365.0)) {
		fail_msg("error: SOAK_HOURS must be a number of hours above 0, not \"%s\"", hours_text);
	}
	printf("# seed %u, %.2f simulated hours\n", day.seed, hours);
	fflush(stdout);
	day.random = day.seed;
	day.end_cycles = (uint64_t)(hours * SOAK_CYCLES_PER_HOUR);
	day.next_game = soak_next_game_held((uint8_t)soak_draw(&day, GAME_COUNT));

	struct sim *sim = e2e_boot(0);
	day.power_ons = 1;
	day.next_cut = (uint64_t)soak_draw_between(&day, 5u * 60u, 90u * 60u) * 1000u * SOAK_CYCLES_PER_MS;
	while (soak_day_cycles(&day, sim) < day.end_cycles) {
		double cpu = cpu_seconds();
		uint64_t left_ms = (day.end_cycles - soak_day_cycles(&day, sim)) / SOAK_CYCLES_PER_MS + 1u;
		uint64_t gap = gap_ms(&day, sim);
		idle(sim, &day, gap < left_ms ? gap : left_ms);
		day.idle_cpu += cpu_seconds() - cpu;
		if (museum_open(&day, sim) && soak_day_cycles(&day, sim) < day.end_cycles) {
			cpu = cpu_seconds();
			uint64_t cycles = soak_day_cycles(&day, sim);
			soak_visitor(sim, &day);
			day.visit_cpu += cpu_seconds() - cpu;
			day.visit_cycles += soak_day_cycles(&day, sim) - cycles;
		}
	}
	/* Closing time: a game still going on is left. */
	soak_back_to_menu(sim, &day);
	sim_run_ms(sim, SOAK_SETTLE_MS);
	soak_take_transcript(sim, &day, false);

	/* Every game begun was won, lost, left or cut. */
	for (uint8_t g = 0; g < GAME_COUNT; g++) {
		const struct soak_tally *t = &day.tally;
		if (t->played[g] != t->you[g] + t->me[g] + t->left[g] + t->cut[g]) {
			fail_msg("%s: %u games begun but %u won, %u lost, %u left, %u cut", engine_game_name(g),
				 t->played[g], t->you[g], t->me[g], t->left[g], t->cut[g]);
		}
	}
	soak_expect_statistics(sim, &day);
	clock_gettime(CLOCK_MONOTONIC, &wall_end);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu_end);
	soak_print_day(&day, sim, seconds_between(&wall_start, &wall_end), seconds_between(&cpu_start, &cpu_end));
	/* All the games over the day, and power cuts during saves. */
	if (hours >= 4.0) {
		for (uint8_t g = 0; g < GAME_COUNT; g++) {
			if (day.tally.played[g] == 0 && e2e_game_in_firmware(g)) {
				fail_msg("no game of %s was played all day", engine_game_name(g));
			}
		}
		assert_true(day.cuts_during_write > 0);
	}
	/* The cuts as the settings were saved leave a record, the old or the
	 * new: with none decoded after any cut, the checks of the records
	 * above checked nothing. */
	if (day.cuts_saving > 0 && day.came_back_old + day.came_back_new == 0) {
		fail_msg("%u power cuts as the settings were saved, and no whole record found after any cut",
			 day.cuts_saving);
	}
	e2e_close(sim);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_day_at_the_museum),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
