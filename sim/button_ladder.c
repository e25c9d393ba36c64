/* The shield's buttons on A0, and a person pressing them; see button_ladder.h. */
#include "sim/button_ladder.h"

#include <avr_adc.h>

#include "sim/wiring.h"

#define LADDER_RELEASE_IDLE_MS 60u /* a person's pause after letting go */

static const uint16_t shield_readings[BOARD_SHIELD_VERSIONS][BUTTON_COUNT] = {
	BOARD_READINGS_V1_0,
	BOARD_READINGS_V1_1,
};

static uint32_t ladder_reading_to_millivolts(uint16_t reading)
{
	/* simavr converts millivolts to a reading as mV * 1023 / AREF and
	 * truncates; rounding up gives exactly `reading` back. */
	return ((uint32_t)reading * 5000u + 1022u) / 1023u;
}

static void ladder_apply(const struct button_ladder *ladder)
{
	if (ladder->adc) {
		avr_raise_irq(ladder->adc, ladder->millivolts);
	}
}

void button_ladder_init(struct button_ladder *ladder, uint8_t shield)
{
	ladder->adc = NULL;
	ladder->shield = shield < BOARD_SHIELD_VERSIONS ? shield : 0;
	ladder->millivolts = ladder_reading_to_millivolts(shield_readings[ladder->shield][BUTTON_NONE]);
}

void button_ladder_connect(struct button_ladder *ladder, avr_t *avr, unsigned channel)
{
	ladder->adc = avr_io_getirq(avr, AVR_IOCTL_ADC_GETIRQ, (int)(ADC_IRQ_ADC0 + channel));
	ladder_apply(ladder);
}

void button_ladder_disconnect(struct button_ladder *ladder)
{
	ladder->adc = NULL;
}

void button_ladder_set(struct button_ladder *ladder, enum board_button button)
{
	if (button >= BUTTON_COUNT) {
		button = BUTTON_NONE;
	}
	ladder->millivolts = ladder_reading_to_millivolts(shield_readings[ladder->shield][button]);
	ladder_apply(ladder);
}

/* ---- the harness's face (sim/harness.h): a person at the buttons ---- */

void sim_button_down(struct sim *sim, enum board_button button)
{
	button_ladder_set(&sim->buttons, button);
}

void sim_button_up(struct sim *sim)
{
	button_ladder_set(&sim->buttons, BUTTON_NONE);
}

void sim_press(struct sim *sim, enum board_button button, uint32_t hold_ms)
{
	sim_button_down(sim, button);
	sim_run_ms(sim, hold_ms);
	sim_button_up(sim);
	sim_run_ms(sim, LADDER_RELEASE_IDLE_MS);
}

uint32_t sim_random(uint32_t *state)
{
	uint32_t x = *state != 0 ? *state : 0x9E3779B9u; /* xorshift must not start at 0 */
	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	*state = x;
	return x;
}

/* Contact bounce for `span` cycles: the contacts of `button` touch and part
 * at random intervals of 20..500 us, beginning and ending closed (pressed)
 * or open, as `closed` says. */
static void sim_chatter(struct sim *sim, enum board_button button, bool closed, uint64_t span, uint32_t *random)
{
	uint64_t end = sim->avr->cycle + span;
	uint64_t micro = sim->avr->frequency / 1000000u;
	bool touching = closed;
	while (sim->avr->cycle < end && !sim->stopped) {
		button_ladder_set(&sim->buttons, touching ? button : BUTTON_NONE);
		uint64_t step = (20u + sim_random(random) % 481u) * micro;
		uint64_t left = end - sim->avr->cycle;
		sim_run_cycles(sim, step < left ? step : left);
		touching = !touching;
	}
	button_ladder_set(&sim->buttons, closed ? button : BUTTON_NONE);
}

void sim_press_bouncy(struct sim *sim, enum board_button button, uint32_t hold_ms, uint32_t seed)
{
	uint32_t random = seed;
	/* Bounce lasts 2..5 ms at each end, and never more than a third of the hold. */
	uint64_t hold = sim_ms_to_cycles(sim, hold_ms);
	uint64_t third = hold / 3u;
	uint64_t press_bounce = sim_ms_to_cycles(sim, 2) + sim_random(&random) % sim_ms_to_cycles(sim, 3);
	uint64_t release_bounce = sim_ms_to_cycles(sim, 2) + sim_random(&random) % sim_ms_to_cycles(sim, 3);
	press_bounce = press_bounce < third ? press_bounce : third;
	release_bounce = release_bounce < third ? release_bounce : third;
	uint64_t start = sim->avr->cycle;
	sim_chatter(sim, button, true, press_bounce, &random);
	uint64_t steady_end = start + hold - release_bounce;
	if (sim->avr->cycle < steady_end) {
		sim_run_cycles(sim, steady_end - sim->avr->cycle);
	}
	sim_chatter(sim, button, false, release_bounce, &random);
	sim_run_ms(sim, LADDER_RELEASE_IDLE_MS);
}

void sim_button_bounce(struct sim *sim, enum board_button button, bool end_pressed, uint32_t *random)
{
	uint64_t span = sim_ms_to_cycles(sim, 2) + sim_random(random) % sim_ms_to_cycles(sim, 3);
	sim_chatter(sim, button, end_pressed, span, random);
}
