/*
 * What the menu set up, the level, the idle times of standby, the score of
 * the games finished and the hints asked for.
 *
 * With FEATURE_SAVE they are kept in the EEPROM (firmware/store.h) when a
 * game's event finds them changed (a game begun with a new set-up, a game
 * ended, a hint asked; with attract mode, whose games save nothing, who
 * moves first and the level as they change) or the menu changes an idle
 * time, and come back at power-on, power cuts included.  A
 * device whose EEPROM holds no record it can read (a new chip, one blank
 * or written by other firmware) starts with the defaults: Marienbad, the
 * Odra's game, the person to move first, perfect play, no games counted.
 * Without FEATURE_SAVE the settings last until power-off.  With
 * FEATURE_STATS the score and the hints are the statistics'
 * (firmware/stats.h), and only the bytes before the set-up are kept: who
 * moves first, the level and the exhibit operator's settings (the game
 * among them, whose rulebook start the menu begins at).
 */
#ifndef FIRMWARE_SETTINGS_H
#define FIRMWARE_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/engine.h"
#include "firmware/features.h"

/* The locks of the exhibit's operator: their bytes in struct exhibit_settings. */
#define SETTINGS_LOCK_GAME 0u
#define SETTINGS_LOCK_LEVEL 1u

#if FEATURE_OPERATOR
/* What the exhibit's operator sets (firmware/operator.h), a byte each,
 * each in the range the operator menu's table gives. */
struct exhibit_settings {
	uint8_t lock_game;     /* 1: visitors play the operator's game, as set up */
	uint8_t lock_level;    /* 1: visitors play at the level set */
	uint8_t game;          /* the operator's game (enum engine_game): the
	                        * visitors' menu starts at its rulebook start */
	uint8_t menu_idle_s;   /* seconds at the menu before attract mode */
	uint8_t game_idle_min; /* minutes a game left unfinished waits for it */
	uint8_t sound_off;     /* 1: the buzzer stays silent */
	uint8_t language;      /* enum text_language of the texts shown
	                        * (engine/packed_text.h); English but with
	                        * FEATURE_POLISH */
};
#define SETTINGS_MENU_IDLE_STEP_S 15u
#define SETTINGS_MENU_IDLE_MOST_S 240u
#define SETTINGS_GAME_IDLE_MOST_MIN 30u
/* Attract mode's own defaults (firmware/attract.h, which checks them). */
#define SETTINGS_MENU_IDLE_DEFAULT_S 60u
#define SETTINGS_GAME_IDLE_DEFAULT_MIN 5u
_Static_assert(SETTINGS_LOCK_GAME == offsetof(struct exhibit_settings, lock_game) &&
		       SETTINGS_LOCK_LEVEL == offsetof(struct exhibit_settings, lock_level),
	       "a lock is its byte's offset");
#endif

struct settings {
	uint8_t machine_first; /* 0: the person moves first, 1: the machine */
	uint8_t level;         /* the machine's level of play, 1 to SETTINGS_LEVEL_PERFECT */
#if FEATURE_STANDBY
	/* Minutes without a key before the backlight goes off, and before
	 * standby (firmware/standby.h), 1 to 255: the menu's items after the
	 * level, in this order. */
	uint8_t light_idle_min;
	uint8_t standby_idle_min;
#endif
#if FEATURE_OPERATOR
	struct exhibit_settings exhibit;
#endif
#if !FEATURE_STATS        /* with it, the statistics count them (firmware/stats.h) */
	uint16_t wins[2]; /* games won, by enum player: the person's, the machine's */
	uint16_t hints;   /* hints the person asked for */
#endif
	/* The start position the menu set up: the game, its rule, variant
	 * and parameters, and the heaps, numbers or board size. */
	struct position setup;
};

/* The range of each byte of struct exhibit_settings, in its order: the
 * operator menu's steps, and the store's check of what it loads. */
struct settings_range {
	uint8_t least, most, step;
};
extern const struct settings_range settings_exhibit_ranges[];
/* Whether settings.exhibit is one the operator menu could have set: each
 * byte in its range and on its step, the game one this build holds. */
bool settings_exhibit_valid(void);

#define SETTINGS_LIGHT_IDLE_DEFAULT_MIN 2u
#define SETTINGS_STANDBY_IDLE_DEFAULT_MIN 10u

/* The highest level, perfect play: the default. */
#define SETTINGS_LEVEL_PERFECT 3

extern struct settings settings;

/* The defaults: Marienbad, the person first, perfect play, no games; the
 * light off after 2 minutes without a key, standby after 10; the exhibit
 * unlocked, with sound, attract mode after a minute at the menu
 * and five minutes in a game left unfinished.  Called at
 * start-up on the settings the C start-up zeroed (firmware/store.c zeroes
 * them again when it finds no record to load). */
void settings_init(void);
/* One more hint asked for (the buttons' or `hint`), up to 65535; with
 * FEATURE_STATS the statistics count them instead (stats_count_hint()). */
void settings_count_hint(void);

#endif
