/* The exhibit's buzzer, heard from its pin's edges; see piezo.h. */
#include "sim/piezo.h"

#include <string.h>

#include "sim/wiring.h"

/* The lowest pitch heard as a tone: slower edges are clicks or silences,
 * not half-periods. */
#define PIEZO_TONE_MIN_HZ 100u

/* simavr 1.6 drives OC2A from Timer2's toggle on compare match (checked
 * here: the pin's IRQ sees every toggle, at the cycle the timer says).
 * Unlike the chip it does so by flipping the PORTB bit as well, so a tone
 * stopped by disconnecting the pin may leave the simulated pin high where
 * the chip's goes low; and every write to PORTB (the LCD's RS and E) raises
 * the pin's IRQ again at its level.  So the model counts changes of level
 * only, and measures edges, never a level. */

/* The run as a tone; false while it has too few edges to be one (two
 * edges give one gap, which a third must confirm). */
static bool piezo_run_tone(const struct piezo *piezo, struct sim_tone *tone)
{
	if (piezo->run_edges < 3u) {
		return false;
	}
	double half = (double)(piezo->run_last - piezo->run_first) / (piezo->run_edges - 1u);
	tone->start = piezo->run_first - piezo->run_gap;
	tone->end = piezo->run_last;
	tone->hz = (double)piezo->avr->frequency / (2.0 * half);
	return true;
}

/* The pin still for two of its latest half-periods: a gap longer than
 * the lowest tone's half-period is a silence, not a half-period. */
static bool piezo_still(const struct piezo *piezo)
{
	uint64_t longest = piezo->avr->frequency / (2u * PIEZO_TONE_MIN_HZ);
	uint64_t gap = piezo->last_gap < longest ? piezo->last_gap : longest;
	return piezo->run_edges == 0 || piezo->avr->cycle - piezo->run_last > 2u * gap;
}

static void piezo_keep_tone(struct piezo *piezo, const struct sim_tone *tone)
{
	if (piezo->tone_count == SIM_TONES_KEPT) {
		memmove(&piezo->tones[0], &piezo->tones[1], sizeof piezo->tones - sizeof piezo->tones[0]);
		piezo->tone_count--;
	}
	piezo->tones[piezo->tone_count++] = *tone;
}

/* An edge that does not fit the run ends it as a tone and begins the
 * next: from the run's last edge, when the run was only two edges long
 * (the first of them was the end of what came before). */
static void piezo_on_pin(struct avr_irq_t *irq, uint32_t value, void *param)
{
	struct piezo *piezo = param;
	(void)irq;
	bool level = (value & 1u) != 0;
	if (level == piezo->level) {
		return;
	}
	piezo->level = level;
	uint64_t now = piezo->avr->cycle;
	uint64_t gap = now - piezo->run_last;
	piezo->last_gap = gap;
	if (piezo->run_edges == 1u) {
		piezo->run_gap = gap;
	} else if (piezo->run_edges == 0u || gap * 50u > piezo->run_gap * 51u || gap * 50u < piezo->run_gap * 49u) {
		struct sim_tone tone;
		if (piezo_run_tone(piezo, &tone)) {
			piezo_keep_tone(piezo, &tone);
			piezo->run_edges = 0;
		} else if (piezo->run_edges == 2u) {
			piezo->run_first = piezo->run_last;
			piezo->run_gap = gap;
			piezo->run_edges = 1u;
		} else {
			piezo->run_edges = 0;
		}
		if (piezo->run_edges == 0u) {
			piezo->run_first = now;
		}
	}
	piezo->run_last = now;
	piezo->run_edges++;
}

void piezo_connect(struct piezo *piezo, avr_t *avr, struct part_pin pin)
{
	piezo->avr = avr;
	piezo->level = false;
	piezo->run_edges = 0;
	piezo->tone_count = 0;
	part_hook_pin(avr, pin, piezo_on_pin, piezo);
}

size_t piezo_tones(const struct piezo *piezo, struct sim_tone *out, size_t max)
{
	struct sim_tone last;
	bool last_over = piezo_run_tone(piezo, &last) && piezo_still(piezo);
	size_t total = piezo->tone_count + (last_over ? 1u : 0u);
	size_t n = 0;
	for (size_t i = total > max ? total - max : 0; i < piezo->tone_count; i++) {
		out[n++] = piezo->tones[i];
	}
	if (last_over && n < max) {
		out[n++] = last;
	}
	return n;
}

void piezo_tones_clear(struct piezo *piezo)
{
	piezo->tone_count = 0;
	/* A tone under way stays: only its edges to come count from now. */
	if (piezo_still(piezo)) {
		piezo->run_edges = 0;
	}
}

bool piezo_sounding(const struct piezo *piezo)
{
	return !piezo_still(piezo);
}

bool piezo_tone_now(const struct piezo *piezo, struct sim_tone *out)
{
	return piezo_sounding(piezo) && piezo_run_tone(piezo, out);
}

/* ---- the harness's face (sim/harness.h) ---- */

size_t sim_tones(const struct sim *sim, struct sim_tone *out, size_t max)
{
	return piezo_tones(&sim->piezo, out, max);
}

void sim_tones_clear(struct sim *sim)
{
	piezo_tones_clear(&sim->piezo);
}

bool sim_buzzer_sounding(const struct sim *sim)
{
	return piezo_sounding(&sim->piezo);
}

bool sim_tone_now(const struct sim *sim, struct sim_tone *out)
{
	return piezo_tone_now(&sim->piezo, out);
}
