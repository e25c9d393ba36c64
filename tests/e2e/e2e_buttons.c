/* The buttons: presses as voltages on ADC0, clean or bouncing.  See e2e.h. */
#include "tests/e2e/e2e_internal.h"

/* ---- buttons ---- */

/* 0: clean presses; otherwise the state of the bounce pattern. */
static uint32_t bounce_seed;

void e2e_bouncy_presses(uint32_t seed)
{
	bounce_seed = seed;
}

void e2e_button_down(struct sim *sim, enum board_button button)
{
	if (bounce_seed != 0) {
		sim_button_bounce(sim, button, true, &bounce_seed);
	} else {
		sim_button_down(sim, button);
	}
	sim_run_ms(sim, E2E_PRESS_MS);
}

void e2e_button_up(struct sim *sim, enum board_button button)
{
	if (bounce_seed != 0) {
		sim_button_bounce(sim, button, false, &bounce_seed);
	} else {
		sim_button_up(sim);
	}
}

void e2e_press(struct sim *sim, enum board_button button)
{
	e2e_button_down(sim, button);
	e2e_button_up(sim, button);
	sim_run_ms(sim, E2E_RELEASE_MS);
}
