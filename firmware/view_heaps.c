/*
 * The heap games on the LCD (see view.h).
 *
 * The board is the heap sizes in a line, the chosen heap in brackets:
 *   1 3[5]7
 * When they do not fit in 16 columns, the line scrolls to keep the chosen
 * heap in view, with '<' or '>' at an edge where more heaps lie beyond.
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

/* "[65535]" for each of the heaps, plus the NUL. */
#define BOARD_TEXT_SIZE (ENGINE_MAX_HEAPS * 7u + 1u)

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

void view_draw_board(const struct position *pos, uint8_t marked)
{
	char text[BOARD_TEXT_SIZE];
	struct buffer_sink board;
	buffer_sink_init(&board, text, sizeof text);
	uint8_t marked_end = 0;
	for (uint8_t heap = 0; heap < pos->count; heap++) {
		if (heap == marked) {
			print_char(&board.sink, '[');
		} else if (heap != 0 && heap != marked + 1u) {
			print_char(&board.sink, ' ');
		}
		print_u32(&board.sink, pos->u.heap[heap]);
		if (heap == marked) {
			print_char(&board.sink, ']');
			marked_end = (uint8_t)board.length;
		}
	}

	/* A window of the line that shows the marked heap, with room for the
	 * '>' that says more heaps follow. */
	uint8_t length = (uint8_t)board.length;
	uint8_t start = 0;
	if (length > LCD_COLUMNS) {
		if (marked_end > LCD_COLUMNS - 1u) {
			start = (uint8_t)(marked_end - (LCD_COLUMNS - 1u));
		}
		if (start > length - LCD_COLUMNS) {
			start = (uint8_t)(length - LCD_COLUMNS);
		}
		if (start > 0) {
			text[start] = '<';
		}
		if (start + LCD_COLUMNS < length) {
			text[start + LCD_COLUMNS - 1u] = '>';
		}
	}
	struct text_sink *line = display_begin();
	print_ram(line, text + start);
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
