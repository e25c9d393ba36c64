/*
 * What the menu set up, the level, the score of the games finished and the
 * hints asked for.
 *
 * With FEATURE_SAVE they are kept in the EEPROM (firmware/store.h) when a
 * game's event finds them changed (a game begun with a new set-up, a game
 * ended, a hint asked), and come back at power-on, power cuts included.  A
 * device whose EEPROM holds no record it can read (a new chip, one blank
 * or written by other firmware) starts with the defaults: Marienbad, the
 * Odra's game, the person to move first, perfect play, no games counted.
 * Without FEATURE_SAVE the settings last until power-off.  With
 * FEATURE_STATS the score and the hints are the statistics'
 * (firmware/stats.h), and only who moves first and the level are kept.
 */
#ifndef FIRMWARE_SETTINGS_H
#define FIRMWARE_SETTINGS_H

#include <stdint.h>

#include "engine/engine.h"
#include "firmware/features.h"

struct settings {
	uint8_t machine_first; /* 0: the person moves first, 1: the machine */
	uint8_t level; /* the machine's level of play, 1 to SETTINGS_LEVEL_PERFECT */
#if !FEATURE_STATS /* with it, the statistics count them (firmware/stats.h) */
	uint16_t wins[2]; /* games won, by enum player: the person's, the machine's */
	uint16_t hints; /* hints the person asked for */
#endif
	/* The start position the menu set up: the game, its rule, variant
	 * and parameters, and the heaps, numbers or board size. */
	struct position setup;
};

/* The highest level, perfect play: the default. */
#define SETTINGS_LEVEL_PERFECT 3

extern struct settings settings;

/* The defaults: Marienbad, the person first, perfect play, no games.  Called at
 * start-up on the settings the C start-up zeroed (firmware/store.c zeroes
 * them again when it finds no record to load). */
void settings_init(void);
/* One more hint asked for (the buttons' or `hint`), up to 65535; with
 * FEATURE_STATS the statistics count them instead (stats_count_hint()). */
void settings_count_hint(void);

#endif
