/*
 * What the menu set up and the score of the games finished since power-on.
 *
 * They live in RAM only: at power-on the device starts at Marienbad, the
 * Odra's game, with the person to move first and no games counted.  Kept
 * across power cuts they would need EEPROM records that survive a cut
 * while saving, and the flash for that code is not free yet.
 */
#ifndef FIRMWARE_SETTINGS_H
#define FIRMWARE_SETTINGS_H

#include <stdint.h>

#include "engine/engine.h"

struct settings {
	uint8_t machine_first; /* 0: the person moves first, 1: the machine */
	uint8_t level; /* the machine's level of play, 1 to SETTINGS_LEVEL_PERFECT */
	uint16_t wins[2]; /* games won, by enum player: the person's, the machine's */
	uint16_t hints; /* hints the person asked for */
	/* The start position the menu set up: the game, its rule, variant
	 * and parameters, and the heaps, numbers or board size. */
	struct position setup;
};

/* The highest level, perfect play: the default. */
#define SETTINGS_LEVEL_PERFECT 3

extern struct settings settings;

/* The defaults: Marienbad, the person first, perfect play, no games.  Called once, at
 * start-up, on the settings the C start-up zeroed. */
void settings_init(void);
/* One more hint asked for (the buttons' or `hint`), up to 65535. */
void settings_count_hint(void);

#endif
