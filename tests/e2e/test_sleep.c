/*
 * The chip sleeps while it waits: booted to the menu and left alone, it
 * must be asleep at least 99% of the time (the exhibit's specification),
 * measured by the simulator's count of the cycles spent in SLEEP.  Every
 * millisecond's tick wakes it; what it does then, however little, is
 * what this test weighs, once the first power-on's writes to a new
 * EEPROM are done (none may come while it waits).  The figures are printed: the fraction asleep
 * and the cycles awake a millisecond.
 *
 * needs: CONSOLE (every edition waits at the menu, and the console's polling is
 * part of what it weighs)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "tests/e2e/e2e.h"

/* Long enough for many of the menu's timed steps (its marquee) and for
 * every part's slow work (a save) to be weighed, not only the ticks. */
#define WAIT_MS 10000u
#define SLEEP_MIN 0.99
#define FIRST_WRITES_MS 3000u

static void the_chip_sleeps_at_the_menu(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	/* A new chip's first power-on writes what its EEPROM lacks (the
	 * exhibit's statistics begin with a checkpoint of zeros, a second of
	 * writes): waiting begins once that is done. */
	sim_run_ms(sim, FIRST_WRITES_MS);
	uint32_t writes = sim_eeprom_writes(sim);
	struct e2e_sleep span;
	e2e_measure_sleep(sim, WAIT_MS, &span);
	e2e_print_sleep("at the menu", &span);
	printf("# %u EEPROM writes after power-on, %u while waiting\n", writes, sim_eeprom_writes(sim) - writes);
	assert_int_equal(sim_eeprom_writes(sim), writes);
	if (e2e_sleep_fraction(&span) < SLEEP_MIN) {
		fail_msg("asleep %.2f%% of the time at the menu, under %.0f%%", 100.0 * e2e_sleep_fraction(&span),
			 100.0 * SLEEP_MIN);
	}
	e2e_close(sim);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_chip_sleeps_at_the_menu),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
