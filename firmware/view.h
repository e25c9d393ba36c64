/*
 * How a kind of game looks on the 16x2 LCD and how a person enters a move
 * with the arrows.  The screens (firmware/play.c) know nothing of any game:
 * they call these functions, and each kind of game has its own module that
 * implements them.  This slice has one, firmware/view_heaps.c, for the heap
 * games (Nim, misère Nim, Marienbad).  Games drawn with custom characters
 * or entered with a cell cursor add their modules beside it, and these
 * functions then pick the module by pos->game.
 */
#ifndef FIRMWARE_VIEW_H
#define FIRMWARE_VIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/engine.h"

#define VIEW_UNMARKED 0xFFu

/* A half-made move: a part of the position (a heap) and an amount. */
struct view_cursor {
	uint8_t part;
	uint16_t amount;
};

/* Sets the cursor up for the person's turn, keeping its part when it
 * still has something to take. */
void view_cursor_reset(const struct position *pos, struct view_cursor *cursor);
/* Moves the cursor for an arrow key; false when the key changes nothing. */
bool view_cursor_key(const struct position *pos, struct view_cursor *cursor, uint8_t key);
/* The move the cursor describes (legal or not: the engine judges). */
void view_cursor_move(const struct view_cursor *cursor, struct move *mv);

/* Row 0: the position, part `marked` (or VIEW_UNMARKED) picked out. */
void view_draw_board(const struct position *pos, uint8_t marked);
/* Row 1: the half-made move in words. */
void view_draw_cursor(const struct view_cursor *cursor);
/* Both rows: the machine's move `mv` in `pos`, in words. */
void view_draw_announcement(const struct move *mv);

#endif
