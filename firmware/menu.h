/*
 * The menu: one setting per screen, UP and DOWN to go through them, LEFT
 * and RIGHT to change the one showing, SELECT to play:
 *   Game <Marienbad>     or <Nim>
 *   Rule <normal>        Nim only; Marienbad is always misère
 *   Heaps <3>            Nim only, 1..8
 *   Heap 1 <3> ...       Nim only, each 0..255 (hold an arrow to run)
 *   First move <you>     or <me>, the machine
 *   You 2 - me 5         the score so far
 * Settings are saved when a game starts.
 */
#ifndef FIRMWARE_MENU_H
#define FIRMWARE_MENU_H

#include <stdint.h>

void menu_enter(void);
void menu_key(uint8_t key);

#endif
