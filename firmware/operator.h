/*
 * The exhibit's operator menu (FEATURE_OPERATOR): for whoever runs the
 * exhibit, out of the visitors' reach.  It is entered only by holding
 * SELECT while the device powers on, until the menu's long press comes
 * (a second): a visitor at a running exhibit cannot make that gesture,
 * whatever the buttons do.  One setting per screen, as the visitors' menu
 * (UP and DOWN to go through them, LEFT and RIGHT to change the one
 * showing), row 1 saying how to leave ("Hold SEL: exit"):
 *   <Marienbad>          the operator's game: where the visitors' menu
 *                        begins at power-on (the set-up the visitors
 *                        choose is not kept, firmware/store.h), at its
 *                        rulebook start
 *   Lock game <no>       yes: the visitors' menu shows that game and who
 *                        moves first, nothing else of its set-up
 *   Lock level <no>      yes: the visitors' menu has no Level
 *   Idle menu <60s>      how long the menu waits before attract mode,
 *                        15 s to 4 min
 *   Idle game <5m>       how long a game left unfinished waits for it,
 *                        1 to 30 min
 *   Sound <on>           the buzzer
 *   <Total>              with FEATURE_STATS: the statistics, the totals or
 *                        (LEFT and RIGHT) a game's, running along row 1:
 *                        "played 12, you 3, me 9, slips 4, hints 2"
 *   Reset stats          SELECT, then SELECT again to confirm (any other
 *                        key: no reset)
 * A long press of SELECT goes back to the visitors' menu, as do two
 * minutes without a key.  The settings are kept with the others
 * (firmware/settings.h, firmware/store.h).
 */
#ifndef FIRMWARE_OPERATOR_H
#define FIRMWARE_OPERATOR_H

#include <stdbool.h>
#include <stdint.h>

/* Whether a long press of SELECT, now, is the gesture: SELECT held from
 * power-on. */
bool operator_gesture(void);
/* At start-up, once the settings are loaded and attract mode has its
 * defaults, and after every change: the buzzer on or off and attract
 * mode's idle times as the operator set them. */
void operator_apply(void);
void operator_enter(void);
/* Returns the screen to show next (enum ui_screen): the visitors' menu
 * after a long press of SELECT. */
uint8_t operator_key(uint8_t key);
/* Moves the statistics along row 1; returns the visitors' menu (enum
 * ui_screen) once the operator menu has been left alone for two minutes,
 * else the operator menu. */
uint8_t operator_tick(uint16_t now_ms);

#endif
