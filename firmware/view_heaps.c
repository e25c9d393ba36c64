/*
 * The heap games on the LCD (see view.h).
 *
 * The board is the heap sizes in a line, the chosen heap in brackets:
 *   1 3 [5] 7    or, when that is too wide,   1 2 3 4 5 6[7]8
 * When even that does not fit in 16 columns, the line scrolls by whole
 * heaps to keep the chosen heap in view, with '<' or '>' at an edge where
 * more heaps lie beyond.
 * UP and DOWN choose the heap (skipping empty ones), RIGHT and LEFT how
 * many to take: from 1 up to the whole heap, and down to 0, which cancels
 * the half-made move.
 */
#include "firmware/view.h"

#include <avr/pgmspace.h>

#include "engine/text.h"
#include "firmware/display.h"
#include "hal/keys.h"
#include "hal/lcd.h"

static bool heap_empty(const struct position *pos, uint8_t heap)
{
	return pos->u.heap[heap] == 0;
}

/* The next heap after `from` in direction `step` (+1 or -1, wrapping) that
 * has stones; `from` itself when no other has. */
static uint8_t next_heap(const struct position *pos, uint8_t from, int8_t step)
{
	uint8_t heap = from;
	for (uint8_t tries = 0; tries < pos->count; tries++) {
		heap = (uint8_t)((heap + pos->count + step) % pos->count);
		if (!heap_empty(pos, heap)) {
			return heap;
		}
	}
	return from;
}

static void choose_heap(const struct position *pos, struct view_cursor *cursor, uint8_t heap)
{
	cursor->part = heap;
	cursor->amount = heap_empty(pos, heap) ? 0u : 1u;
}

void view_cursor_reset(const struct position *pos, struct view_cursor *cursor)
{
	uint8_t heap = cursor->part;
	if (heap >= pos->count || heap_empty(pos, heap)) {
		heap = next_heap(pos, (uint8_t)(pos->count - 1u), 1);
	}
	choose_heap(pos, cursor, heap);
}

bool view_cursor_key(const struct position *pos, struct view_cursor *cursor, uint8_t key)
{
	uint16_t size = pos->u.heap[cursor->part];
	switch (key) {
	case KEY_UP:
	case KEY_DOWN: {
		uint8_t heap = next_heap(pos, cursor->part, key == KEY_UP ? -1 : 1);
		if (heap == cursor->part && cursor->amount != 0) {
			return false;
		}
		choose_heap(pos, cursor, heap);
		return true;
	}
	case KEY_RIGHT:
		if (cursor->amount >= size) {
			return false;
		}
		cursor->amount++;
		return true;
	case KEY_LEFT:
		if (cursor->amount == 0) {
			return false;
		}
		cursor->amount--;
		return true;
	default:
		return false;
	}
}

void view_cursor_move(const struct view_cursor *cursor, struct move *mv)
{
	mv->u.heap.heap = cursor->part;
	mv->u.heap.add = 0;
	mv->u.heap.count = cursor->amount;
}

/* The board's layout: which heap is marked, whether there are spaces on
 * both sides of its brackets, and each heap's digits and brackets. */
struct layout {
	uint8_t marked;
	bool spaced;
	uint8_t width[ENGINE_MAX_HEAPS];
};

/* A space before `heap` when `first` is the first heap shown: always
 * between heaps when spaced, else where no bracket stands for it. */
static uint8_t space_before(const struct layout *l, uint8_t heap, uint8_t first)
{
	return heap != first && (l->spaced || (heap != l->marked && heap != l->marked + 1u));
}

/* Columns heaps first..last take, with the '<' before them when first > 0. */
static __attribute__((noinline)) uint8_t span_width(const struct layout *l, uint8_t first, uint8_t last)
{
	uint8_t width = first > 0 ? 1u : 0u;
	for (uint8_t heap = first; heap <= last; heap++) {
		width = (uint8_t)(width + space_before(l, heap, first) + l->width[heap]);
	}
	return width;
}

void view_draw_board(const struct position *pos, uint8_t marked)
{
	struct layout l = { .marked = marked, .spaced = true };
	uint8_t last = (uint8_t)(pos->count - 1u);
	for (uint8_t heap = 0; heap <= last; heap++) {
		uint8_t width = heap == marked ? 3u : 1u;
		for (uint16_t n = pos->u.heap[heap]; n >= 10u; n /= 10u) {
			width++;
		}
		l.width[heap] = width;
	}
	l.spaced = span_width(&l, 0, last) <= LCD_COLUMNS;
	/* Scroll, whole heaps at a time, until the marked heap fits with room
	 * for a '>' when heaps follow it. */
	uint8_t first = 0;
	while (first < marked && marked <= last &&
	       span_width(&l, first, marked) + (marked < last ? 1u : 0u) > LCD_COLUMNS) {
		first++;
	}
	struct text_sink *line = display_begin();
	if (first > 0) {
		print_char(line, '<');
	}
	for (uint8_t heap = first; heap <= last; heap++) {
		if (span_width(&l, first, heap) + (heap < last ? 1u : 0u) > LCD_COLUMNS) {
			print_char(line, '>');
			break;
		}
		if (space_before(&l, heap, first)) {
			print_char(line, ' ');
		}
		if (heap == marked) {
			print_char(line, '[');
		}
		print_u32(line, pos->u.heap[heap]);
		if (heap == marked) {
			print_char(line, ']');
		}
	}
	display_end(0);
}

void view_draw_cursor(const struct view_cursor *cursor)
{
	struct text_sink *line = display_begin();
	print_flash(line, PSTR("Row "));
	print_u32(line, cursor->part + 1u);
	print_flash(line, PSTR(": take "));
	print_u32(line, cursor->amount);
	display_end(1);
}

void view_draw_announcement(const struct move *mv)
{
	struct text_sink *line = display_begin();
	print_flash(line, PSTR("I take "));
	print_u32(line, mv->u.heap.count);
	display_end(0);
	line = display_begin();
	print_flash(line, PSTR("from row "));
	print_u32(line, mv->u.heap.heap + 1u);
	display_end(1);
}
