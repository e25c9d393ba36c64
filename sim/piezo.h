/*
 * The exhibit's buzzer: a piezo disc on one pin of the chip
 * (board/lcd_keypad_shield.h), which the firmware toggles from Timer2's
 * compare match.  The real part clicks at each edge, so a run of evenly
 * spaced edges sounds as a tone of half their rate.  The model hears it
 * as sim/harness.h describes (sim_tones): from the pin's edges alone.
 */
#ifndef SIM_PIEZO_H
#define SIM_PIEZO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sim/harness.h" /* struct sim_tone, SIM_TONES_KEPT */
#include "sim/part.h"

struct piezo {
	const avr_t *avr; /* its clock times the edges */
	bool level;
	/* The run of edges under way. */
	uint64_t run_first;
	uint64_t run_last;
	uint64_t run_gap; /* the run's first gap: its half-period */
	uint32_t run_edges;
	uint64_t last_gap; /* between the last two edges */
	/* The tones over. */
	struct sim_tone tones[SIM_TONES_KEPT];
	size_t tone_count;
};

/* At power-on: silence, no tones heard; then listens to `pin`. */
void piezo_connect(struct piezo *piezo, avr_t *avr, struct part_pin pin);
/* The tones over, the last `max` of them, oldest first (see sim_tones). */
size_t piezo_tones(const struct piezo *piezo, struct sim_tone *out, size_t max);
void piezo_tones_clear(struct piezo *piezo);
/* Whether the pin moves: not still for two of its latest half-periods. */
bool piezo_sounding(const struct piezo *piezo);
/* The tone sounding now, from its start to its latest edge. */
bool piezo_tone_now(const struct piezo *piezo, struct sim_tone *out);

#endif
