/*
 * Inside the view (firmware/view.h): what the pictures (view_draw.c) need
 * to know of the games (view.c).
 */
#ifndef FIRMWARE_VIEW_DRAW_H
#define FIRMWARE_VIEW_DRAW_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/engine.h"
#include "firmware/view.h"

enum view_kind { VIEW_KIND_LINE, VIEW_KIND_STRIP, VIEW_KIND_BOARD };

uint8_t view_kind(const struct position *pos);
/* The line's parts: heaps, numbers, factors, Matrix Nim's cells. */
uint8_t view_line_parts(const struct position *pos);
/* Chomp, Taktix and Nineteen pick cells; the others say where and how much. */
bool view_picks_cells(const struct position *pos);
/* A board's places, row y (from the top; Chomp's from the bottom) having
 * view_board_width() of them: Taktix 4x4, Nineteen 3-4-5-4-3, Kubo 3
 * rows of 3 stacks of 3 pieces side by side, Chomp its rectangle. */
uint8_t view_board_height(const struct position *pos);
uint8_t view_board_width(const struct position *pos, uint8_t y);
/* Taktix, Nineteen: where place (x, y) is in `cells`, a 32-bit set of the
 * board's cells (pos->u.taktix, pos->u.nineteen, a move's cells) as the AVR
 * keeps it, low byte first: its byte, and its bit in `mask`.  Bytes, not
 * 32-bit shifts: far less code on the AVR. */
const uint8_t *view_cell_byte(const struct position *pos, const void *cells, uint8_t x, uint8_t y, uint8_t *mask);
void view_print_phrase(const struct position *pos, const struct view_cursor *cursor, bool machine,
		       struct text_sink *out);

#endif
