/*
 * What the menu last set up and the score, kept in EEPROM across power
 * cuts.
 *
 * Each save writes a whole record (a sequence number, the settings and a
 * CRC) into the next of SETTINGS_SLOTS slots, round-robin; loading takes the
 * valid record with the newest sequence number.  A power cut in the middle
 * of a save spoils at most the slot being written, whose CRC then fails, so
 * the previous record still loads: saved data is never lost.  Spreading the
 * writes over the slots also spreads the wear on the EEPROM cells (about
 * 100,000 writes each) over all of them.
 */
#ifndef FIRMWARE_SETTINGS_H
#define FIRMWARE_SETTINGS_H

#include <stdint.h>

#include "engine/engine.h"

struct settings {
	uint8_t game;          /* GAME_MARIENBAD or GAME_NIM */
	uint8_t rule;          /* Nim: RULE_NORMAL or RULE_MISERE (Marienbad is always misère) */
	uint8_t machine_first; /* 0: the person moves first, 1: the machine */
	uint8_t heaps;         /* Nim: heaps in play, 1..ENGINE_MAX_HEAPS */
	uint8_t heap[ENGINE_MAX_HEAPS]; /* Nim: their sizes, 0..255 */
	uint16_t person_wins;
	uint16_t machine_wins;
};

extern struct settings settings;

/* The newest valid saved record, or the defaults when there is none. */
void settings_load(void);
/* Saves `settings` unless they equal what was saved last. */
void settings_save(void);

#endif
