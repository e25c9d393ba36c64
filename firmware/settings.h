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
 * 100,000 writes each) over all of them: a cell is written at most once in
 * SETTINGS_SLOTS saves, so they last 1.6 million saves (at most two a game:
 * its start from the menu and its end), and a save needs no check first.
 */
#ifndef FIRMWARE_SETTINGS_H
#define FIRMWARE_SETTINGS_H

#include <stddef.h>
#include <stdint.h>

#include "engine/engine.h"

/* A record keeps the set-up's first SETTINGS_SETUP_BYTES, enough for
 * everything the menu sets (up to 8 heaps or numbers, 4 matrix rows, Poker
 * Nim's starts and additions); the game rebuilds the rest from its text. */
#define SETTINGS_SETUP_BYTES (offsetof(struct position, u) + 36u)

/* In the order of a saved record, which keeps everything up to the
 * set-up's first SETTINGS_SETUP_BYTES. */
struct settings {
	uint8_t machine_first; /* 0: the person moves first, 1: the machine */
	uint16_t wins[2]; /* games won, by enum player: the person's, the machine's */
	/* The start position the menu set up: the game, its rule, variant
	 * and parameters, and the heaps, numbers or board size. */
	struct position setup;
};

extern struct settings settings;

/* The newest valid saved record, or the defaults (Marienbad, the person
 * first, no games) when there is none.  Called once, at start-up, on the
 * settings the C start-up zeroed. */
void settings_load(void);
/* Saves `settings` as the newest record, in the next slot. */
void settings_save(void);

#endif
