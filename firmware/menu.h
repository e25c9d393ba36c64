/*
 * The menu: one setting per screen, UP and DOWN to go through them, LEFT
 * and RIGHT to change the one showing, SELECT to play:
 *   <Kayles>             the game, any of the rulebook's eighteen, its
 *   Knock down a pin...  rules in brief running along row 1
 *   Rule <normal>        Nim, Misere Nim, Marienbad, Taktix: or misere
 *   Take <adjacent>      Taktix: or <any> pieces of the line
 *   k <3>                Limit Nim: the most a move takes; Poker Nim: adds
 *   S <1,3,4>            Subtraction: the amounts a move may take
 *   Heaps <3>            how many heaps, numbers, coins, rows or strips
 *   Columns <8>          Matrix Nim, Chomp
 *   Heap 1 <3> ...       each heap, number, coin's square, row or cell
 *   First move <you>     or <me>, the machine
 *   Level <3>            the machine's play: 3 perfect, 2 and 1 slip at
 *                        times (engine/level.c), 1 the most
 *   Light off <2m>       minutes without a key before the backlight goes
 *   Standby <10m>        off, and before standby (firmware/standby.h),
 *                        1 to 255; saved at once (FEATURE_STANDBY)
 *   You 2 - me 5         the score of the games finished (kept in the
 *                        EEPROM with FEATURE_SAVE, else since power-on)
 * Changing the game sets everything to the rulebook's start position for
 * it.  A held arrow runs through numbers, faster the longer it is held.
 */
#ifndef FIRMWARE_MENU_H
#define FIRMWARE_MENU_H

#include <stdint.h>

void menu_enter(void);
/* Returns the screen to show next (enum ui_screen): the play screen when
 * SELECT began a game. */
uint8_t menu_key(uint8_t key);
/* Moves the rules along. */
void menu_tick(uint16_t now_ms);
/* The game `step` (+1 or -1) from `game_id` that this build holds (the
 * edition's GAMES_LEFT_OUT are passed over), wrapping. */
uint8_t menu_next_game(uint8_t game_id, int8_t step);

#endif
