/* The soak test's power cuts; see soak.h. */
#include "tests/e2e/soak/soak.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "firmware/settings.h"
#include "firmware/store.h"

#define BOOT_TIMEOUT_MS 3000u
#define LINE_END_MS 50u /* a line on the serial line is sent whole within it */

static struct soak_record newest_in_chip(const struct sim *sim)
{
	uint8_t eeprom[EEPROM_SIZE];
	sim_eeprom_read(sim, eeprom);
	return soak_newest_record(eeprom);
}

static bool line_complete(struct sim *sim, void *ctx)
{
	(void)ctx;
	size_t length = sim_uart_output_length(sim);
	return length == 0 || (length >= 2 && strcmp(sim_uart_output(sim) + length - 2, "\r\n") == 0);
}

void soak_power_cut(struct sim *sim, struct soak_day *day)
{
	sim_run_until(sim, line_complete, NULL, LINE_END_MS);
	if (!line_complete(sim, NULL)) {
		fail_msg("the serial line is in the middle of a line for %u ms", LINE_END_MS);
	}
	e2e_check_health(sim);
	soak_take_transcript(sim, day, true);

	uint8_t ram[SOAK_SETTINGS_MAX], eeprom[EEPROM_SIZE];
	assert_true(sim_ram_symbol(sim, "settings", ram, day->settings_size));
	unsigned cuts = day->cuts_random + day->cuts_saving + day->cuts_after_game;
	if (e2e_eeprom_after_cut(sim, (day->cuts_during_write + 1u) % 3u, cuts, eeprom)) {
		day->cuts_during_write++;
	}
	struct soak_record left = soak_newest_record(eeprom);
	if (day->ever_saved && !left.found) {
		fail_msg("power cut %u left no whole record in the EEPROM", cuts);
	}
	if (left.found) {
		bool old =
			day->last_seen.found && memcmp(left.settings, day->last_seen.settings, STORE_SAVED_SIZE) == 0;
		bool new = memcmp(left.settings, ram, STORE_SAVED_SIZE) == 0;
		if (!old && !new) {
			fail_msg("power cut %u left a record (slot %u) that is neither the newest before it nor the "
				 "settings in RAM",
				 cuts, left.slot);
		}
		day->came_back_old += !new;
		day->came_back_new += new;
	}

	day->cycles_before += sim_cycles(sim);
	day->sleep_before += sim_sleep_cycles(sim);
	day->watchdog_resets += sim_watchdog_resets(sim);
	sim_power_cycle_with(sim, eeprom);
	day->power_ons++;
	if (!sim_run_until(sim, e2e_menu_showing, NULL, BOOT_TIMEOUT_MS)) {
		fail_msg("after power cut %u the menu never showed", cuts);
	}
	assert_true(sim_wait_uart(sim, "grundy-box ready\r\n", BOOT_TIMEOUT_MS));
	if (left.found) {
		uint8_t back[SOAK_SETTINGS_MAX];
		assert_true(sim_ram_symbol(sim, "settings", back, day->settings_size));
		/* The bytes kept: with the statistics, those before the set-up,
		 * which the menu starts at the operator's game's rulebook start. */
		for (size_t i = 0; i < STORE_SAVED_SIZE; i++) {
			if (back[i] != left.settings[i]) {
				fail_msg("after power cut %u byte %zu of the settings is %02x, not the newest record's "
					 "%02x",
					 cuts, i, back[i], left.settings[i]);
			}
		}
	}
	e2e_check_health(sim);
	day->last_seen = left;
	day->next_cut = soak_day_cycles(day, sim) +
			(uint64_t)soak_draw_between(day, 5u * 60u, 90u * 60u) * 1000u * SOAK_CYCLES_PER_MS;
}

void soak_note_record(struct sim *sim, struct soak_day *day)
{
	day->last_seen = newest_in_chip(sim);
	day->ever_saved |= day->last_seen.found;
}

bool soak_step(struct sim *sim, struct soak_day *day)
{
	if (soak_day_cycles(day, sim) >= day->next_cut) {
		day->cuts_random++;
		soak_power_cut(sim, day);
		return true;
	}
	soak_note_record(sim, day);
	return false;
}
