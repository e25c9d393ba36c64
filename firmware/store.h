/*
 * The settings (firmware/settings.h) kept in the EEPROM (FEATURE_SAVE), so
 * that the game set up, who moves first, the level, standby's idle times,
 * the score and the hint count come back at power-on.
 *
 * The EEPROM holds STORE_SLOTS records side by side, each a copy of the
 * settings with a sequence number and a CRC:
 *   STORE_SAVED_SIZE bytes         the settings as they are in RAM: all of
 *                                  them, or with FEATURE_STATS those before the
 *                                  set-up
 *   1 byte                         the sequence number, one more each save (mod 256)
 *   2 bytes                        the CRC-16 of the bytes before, low byte first
 * A save writes the slot after the newest record's, round the EEPROM, so
 * each slot is written once in STORE_SLOTS saves; the record it overwrites
 * is the oldest.  A power cut during a save leaves that one slot with a
 * CRC that fails (the chip leaves the byte it was writing undefined), and
 * the newest record before it is still whole: the settings come back as
 * they were before that save, or as it saved them, never anything else.
 *
 * The CRC is CRC-16/ARC (polynomial 0x8005, reflected; avr-libc's
 * _crc16_update), started from STORE_FORMAT rather than 0, so that a
 * record of another layout of the settings, left by other firmware, fails
 * it too, and so does a blank (0xFF) or zeroed EEPROM.
 *
 * The code here is portable: the EEPROM is reached through hal/eeprom.h,
 * which the host tests fake (tests/fake_hal/).
 */
#ifndef FIRMWARE_STORE_H
#define FIRMWARE_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "firmware/features.h"
#include "firmware/settings.h"
#include "hal/eeprom.h"

/* Standby's idle times (FEATURE_STANDBY) make a layout of their own with
 * each of the others: a record saved without them fails the CRC and loads
 * as the defaults. */
#define STORE_STANDBY_FORMAT (FEATURE_STANDBY ? 0x0100u : 0u)
#if FEATURE_STATS
/* With the statistics, the settings kept are the bytes before the set-up:
 * the first player, the level and the operator's settings (the game among
 * them).  The set-up, which a museum's visitors change from one game to the
 * next, is not kept (the menu starts at the operator's game's rulebook
 * start), so that a record is written only when someone changes those.
 * The records are few bytes, and many slots spread the wear: the
 * statistics (firmware/stats.h) have the rest of the EEPROM. */
#define STORE_FORMAT (0x4704u + STORE_STANDBY_FORMAT)
#define STORE_SAVED_SIZE (offsetof(struct settings, exhibit) + sizeof(struct exhibit_settings))
#define STORE_SLOTS 24u
#else
/* Changed whenever the layout of struct settings changes; the exhibit's
 * operator settings make a layout of their own. */
#define STORE_FORMAT ((FEATURE_OPERATOR ? 0x4705u : 0x4701u) + STORE_STANDBY_FORMAT)
#define STORE_SAVED_SIZE sizeof(struct settings)
#define STORE_SLOTS (EEPROM_SIZE / STORE_RECORD_SIZE)
#endif
#define STORE_RECORD_SIZE (STORE_SAVED_SIZE + 1u + 2u)

_Static_assert(STORE_SLOTS >= 2, "the EEPROM holds a record besides the one being written");
_Static_assert(STORE_SLOTS < 128, "the newest sequence number is the greatest within half their range");

/* Power-on: `settings` from the newest record whose CRC holds, if the
 * settings in it are ones the firmware could have saved (the game known,
 * its position one the engine reads back, the other fields in range);
 * else the defaults (settings_init()).  On the settings the C start-up
 * zeroed. */
void store_load(void);
/* An observer of the game (firmware/game.h): each event makes the next
 * store_poll() compare the settings with the newest record (a read of it,
 * half a millisecond) and begin a save if they differ, so that the
 * comparison never delays the screen.  So the EEPROM is written when a
 * game begins with a new set-up, level or first player, when a game ends
 * (the score), when a game goes on after a hint (the count), besides
 * store_settings_changed()'s saves, and at no other time.  With
 * FEATURE_STATS the record holds neither the score nor the hints: it is
 * written when the first player or the level changes.  The events of
 * attract mode's games (FEATURE_ATTRACT) are ignored: those games are
 * nobody's and change nothing, and a museum's idle spells write nothing.
 * So with attract mode, which may come between a change and the next
 * game, the menu and the console's `level` have the first player and the
 * level saved as they change them (store_settings_changed()). */
void store_game_event(uint8_t event);
/* The settings were changed other than by a game (the exhibit's operator
 * menu; with attract mode, the menu's first player and level and the
 * console's `level`; standby's idle times in the menu): the next
 * store_poll() compares and saves them, as after a game's event. */
void store_settings_changed(void);
/* Each pass of the main loop, after the screen's: a save begun if a game's
 * event found the settings changed; the save under way goes on by a byte, the
 * first that differs from RAM's record, when the EEPROM has finished the
 * one before (3.4 ms), so that the keys and the screen never wait for it.
 * Each pass compares the whole record again, so a change while it is
 * written is written too, and the CRC, last, is that of the settings as
 * they are then.  True while a save is under way. */
bool store_poll(void);

/* One byte more of a CRC-16/ARC, from `crc` so far. */
uint16_t store_crc(uint16_t crc, uint8_t byte);

#endif
