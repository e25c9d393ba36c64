/*
 * The pictures of view.h: the line of numbers, the strip of pins and the
 * board in custom characters, and the words beside them.
 */
#include <string.h>

#include "common/attributes.h"
#include "engine/flash.h"
#include "engine/text.h"
#include "firmware/display.h"
#include "firmware/features.h"
#include "firmware/view_draw.h"
#include "hal/lcd.h"

#define BOARD_COLUMNS 4u   /* characters of the board's picture on each row */
#define BOARD_GLYPH_ID 64u /* glyph ids of the board's characters; below are the strip's */
#define WORDS_COLUMNS (LCD_COLUMNS - BOARD_COLUMNS - 1u)
#define MESSAGE_MAX (2u * LCD_COLUMNS)
/* A strip place: bit 0 a pin or cell, bit 1 the move takes it, bit 2 the cursor. */
#define STRIP_PIECE 1u
#define STRIP_TAKEN 2u
#define STRIP_CURSOR 4u
#define STRIP_SLOTS (2u * LCD_COLUMNS)
#define LINE_TEXT_MAX 100u  /* 8 numbers of 10 digits, or 12 Matrix Nim cells, and more */
#define LINE_PARTS_MOST 24u /* parts that always fit the text */
#define LINE_PARTS_BEFORE 8u

/* Room the pictures take in turn, out of the stack: the line's text while
 * it is cut to the display's width, and the board's picture, character by
 * character (0-3 on row 0, 4-7 on row 1), until its characters are drawn. */
static union {
	char line[LINE_TEXT_MAX];
	uint8_t board[2 * BOARD_COLUMNS][LCD_GLYPH_ROWS];
} picture;

/* ---- the line ---- */

/* Part `i` of `parts` is marked: the cursor's, or all of them, where the
 * cursor is on the place after them (engine_move_all_parts). */
static bool line_marked(const struct view_cursor *c, uint8_t i, uint8_t parts)
{
	return i == c->part || c->part == parts;
}

/* ' ' or '/': of the line's characters (digits, '^', brackets and these
 * two) the only ones from 0x20 to 0x2F. */
static bool is_separator(char c)
{
	return (c | 0x0F) == '/';
}

/* The parts in a row, spaces between them ('/' between Matrix Nim's rows),
 * the marked one in brackets instead of spaces, on row 0; a line wider than
 * the display shows the part of it around the brackets, cut between parts, with '<' or '>' where
 * more lies beyond. */
static void line_draw(const struct position *pos, const struct view_cursor *c)
{
	char *text = OPAQUE(&picture.line[0]);
	struct buffer_sink line;
	buffer_sink_init(&line, text, sizeof picture.line);
	print_to(&line.sink);
	uint8_t parts = view_line_parts(pos);
	bool matrix = (engine_game_facts(pos->game).settings & ENGINE_HAS_COLS) != 0;
	/* A large Matrix Nim begins a few cells before the cursor's. */
	uint8_t first = parts > LINE_PARTS_MOST && c->part < parts && c->part > LINE_PARTS_BEFORE
				? (uint8_t)(c->part - LINE_PARTS_BEFORE)
				: 0u;
	uint8_t open = 0, close = 0;
	bool was_marked = false;
	for (uint8_t i = first; i < parts; i++) {
		bool marked = line_marked(c, i, parts);
		/* A bracket stands for a space; a line begun late has a
		 * separator first, for the '<'. */
		if (matrix && i % pos->cols == 0 && i > 0) {
			put_char('/');
		} else if (i == first ? i > 0 : !marked && !was_marked) {
			put_char(' ');
		}
		if (marked && close == 0) {
			open = (uint8_t)line.length;
		}
		if (marked) {
			put_char('[');
		}
		engine_put_part(pos, i);
		if (marked) {
			put_char(']');
			close = (uint8_t)line.length;
		}
		was_marked = marked;
	}
	/* The window: from the first column, or from a separator (or the
	 * character before the bracket) that '<' replaces, so that the marked
	 * part fits with room for a '>' after it when more follows; up to a
	 * separator (or the character after the bracket) that '>' replaces.
	 * No part is ever shown cut. */
	uint8_t length = (uint8_t)line.length;
	uint8_t needed = (uint8_t)(close + (length > close ? 1u : 0u)); /* to the bracket, and a '>' after it */
	uint8_t start = needed > LCD_COLUMNS ? (uint8_t)(needed - LCD_COLUMNS) : 0u;
	if (first > 0 || start > 0) {
		while (start + 1u < open && !is_separator(text[start])) {
			start++;
		}
		text[start] = '<';
	}
	if ((uint8_t)(length - start) > LCD_COLUMNS) {
		uint8_t end = (uint8_t)(start + LCD_COLUMNS - 1u);
		while (end > close && !is_separator(text[end])) {
			end--;
		}
		text[end] = '>';
		text[end + 1u] = '\0';
	}
	display_write(0, text + start);
}

/* ---- the strip ---- */

/* Place `slot` of the strip: the rows' pins one after another, a gap
 * between rows.  The parser keeps the rows short enough (engine/octal.c)
 * that every place has a 16-bit number. */
static uint8_t strip_place(const struct position *pos, const struct view_cursor *c, uint16_t slot)
{
	for (uint8_t row = 0; row < pos->count; row++) {
		uint16_t length = engine_strip_row(pos, row);
		if (slot < length) {
			uint8_t place = STRIP_PIECE;
			if (row == c->part) {
				uint16_t offset = (uint16_t)(slot - c->mv.u.strip.at);
				if (offset < c->mv.u.strip.count) {
					place |= STRIP_TAKEN;
				}
				if (offset == 0) {
					place |= STRIP_CURSOR;
				}
			}
			return place;
		}
		slot -= length;
		if (slot == 0) {
			break;
		}
		slot--;
	}
	return 0;
}

static void strip_draw(const struct position *pos, const struct view_cursor *c)
{
	/* The cursor's place, kept in view. */
	uint16_t cursor = c->mv.u.strip.at;
	for (uint8_t row = 0; row < c->part && row < pos->count; row++) {
		cursor = (uint16_t)(cursor + engine_strip_row(pos, row) + 1u);
	}
	uint16_t first = cursor >= STRIP_SLOTS - 2u ? (uint16_t)((cursor - (STRIP_SLOTS - 4u)) & ~1u) : 0u;
	display_begin();
	for (uint8_t column = 0; column < LCD_COLUMNS; column++) {
		uint8_t id = (uint8_t)(strip_place(pos, c, first) | strip_place(pos, c, (uint16_t)(first + 1u)) << 3);
		put_char(id != 0 ? display_glyph(id) : ' ');
		first = (uint16_t)(first + 2u);
	}
	display_end(0);
}

/* A character holds two strip places, `id & 7` in pixel columns 0-1 and
 * `id >> 3` in columns 3-4: the columns (bit 4 column 0) of those with
 * `flag`. */
static uint8_t strip_columns(uint8_t id, uint8_t flag)
{
	return (uint8_t)(((id & flag) != 0 ? 0x18u : 0u) | ((id >> 3 & flag) != 0 ? 0x03u : 0u));
}

/* ---- the board: 20x16 pixels in 4x2 characters ---- */

/* Whether `cell` is in a set of cells (engine_board_cells, or a move's
 * cells).  Out of line: the position's cells and
 * the move's are both asked at every place. */
OUT_OF_LINE static bool cell_in(uint32_t cells, uint8_t cell)
{
	return (cells >> cell & 1u) != 0;
}

/* A place's rectangle (left, top, width, height) on the canvas. */
static void paint_place(uint8_t canvas[2 * BOARD_COLUMNS][LCD_GLYPH_ROWS], const uint8_t rect[4], bool present,
			bool taken, bool inverted)
{
	uint8_t py = rect[1];
	for (uint8_t rows = rect[3]; rows > 0; rows--, py++) {
		/* The pixel's character row and bit, moved along with it. */
		uint8_t *at = &canvas[py / 8u * BOARD_COLUMNS + rect[0] / 5u][py % 8u];
		uint8_t bit = (uint8_t)(0x10u >> rect[0] % 5u);
		uint8_t px = rect[0];
		for (uint8_t columns = rect[2]; columns > 0; columns--, px++) {
			bool lit = present && (!taken || ((px ^ py) & 1u) == 0);
			if (lit != inverted) {
				*at |= bit;
			}
			bit >>= 1;
			if (bit == 0) {
				bit = 0x10u;
				at += LCD_GLYPH_ROWS;
			}
		}
	}
}

/* The picture, character by character (0-3 on row 0, 4-7 on row 1), each
 * place (x, y) a rectangle: solid for a piece, hatched for one the move
 * takes, inverted for the cursor's while it blinks.  Taktix: a column to a
 * character, rows 4 pixels apart.  Out of line: inlined into view_draw(),
 * its many locals would join view_draw()'s large frame, where every access
 * takes a longer instruction. */
OUT_OF_LINE static void board_paint(const struct position *pos, const struct view_cursor *c, bool blink)
{
	/* One pointer register for every write (common/attributes.h). */
	uint8_t(*canvas)[LCD_GLYPH_ROWS] = OPAQUE(&picture.board[0]);
	memset(canvas, 0, sizeof picture.board);
	const struct move *mv = &c->mv;
	struct engine_facts facts = engine_game_facts(pos->game);
	uint8_t drawn = facts.picture;
	uint8_t height = view_board_height(pos, facts);
	uint8_t cell = 0; /* Taktix, Nineteen: the place's cell, counted row by row as the engine does */
	for (uint8_t y = 0; y < height; y++) {
		uint8_t width = view_board_width(pos, y);
		for (uint8_t x = 0; x < width; x++) {
			uint8_t place = (uint8_t)(y * 16u + x); /* the cursor's */
			uint8_t left = (uint8_t)(x * 5u);
			uint8_t top = (uint8_t)(y * 4u);
			uint8_t wide = 4;
			uint8_t high = 3;
			bool present;
			bool taken;
			if (drawn == ENGINE_PICTURE_CHOMP) {
				/* Up to 4 columns one to a character, else two; up to
				 * 4 rows 3 pixels high, else 1; the poisoned corner at
				 * the bottom left. */
				present = x < engine_board_part(pos, y);
				taken = mv->u.chomp.row != 0xFFu && y >= mv->u.chomp.row && x >= mv->u.chomp.col;
				if (engine_board_part(pos, 0) > 4u) {
					left = (uint8_t)(x / 2u * 5u + x % 2u * 3u);
					wide = 2;
				}
				if (pos->count <= 4u) {
					top = (uint8_t)(13u - top);
				} else {
					top = (uint8_t)(15u - y * 2u);
					high = 1;
				}
			} else if (engine_picture_present(ENGINE_PICTURE_KUBO) && drawn == ENGINE_PICTURE_KUBO) {
				/* A stack to a character, its pieces 1 pixel wide side
				 * by side; the move takes the top pieces of the stack,
				 * or the top one of each of a pair; the cursor is the
				 * whole stack. */
				place = (uint8_t)(y * 3u + x / 3u);
				uint8_t pieces = engine_board_part(pos, place);
				uint8_t from_top = (uint8_t)(pieces - x % 3u);
				present = x % 3u < pieces;
				taken = (place == mv->u.kubo.stack && from_top <= mv->u.kubo.count) ||
					(place == mv->u.kubo.other && from_top == 1);
				left = (uint8_t)(x / 3u * 5u + x % 3u * 2u);
				wide = 1;
				top++;
			} else {
				present = cell_in(engine_board_cells(pos), cell);
				taken = cell_in(mv->u.cells, cell);
				if (engine_picture_present(ENGINE_PICTURE_NINETEEN) &&
				    drawn == ENGINE_PICTURE_NINETEEN) {
					/* Rows 3 pixels apart, pieces 4 apart, each row centred. */
					left = (uint8_t)((5u - width) * 2u + x * 4u);
					wide = 3;
					top = (uint8_t)(y * 3u);
					high = 2;
				}
			}
			uint8_t rect[4] = { left, top, wide, high };
			/* VIEW_NO_PART: no place (every board has fewer than
			 * 16 rows), the machine's mark while it thinks. */
			paint_place(canvas, rect, present, taken && c->part != VIEW_NO_PART, blink && c->part == place);
			cell++;
		}
	}
}

static void draw_glyph(uint8_t id, uint8_t rows[8])
{
	if (id >= BOARD_GLYPH_ID) {
		memcpy(rows, picture.board[id - BOARD_GLYPH_ID], LCD_GLYPH_ROWS);
		return;
	}
	/* A pin 6 rows high, hatched when taken (lit where the pixel's
	 * column and row are both even or both odd: columns 0 and 4 on even
	 * rows, 1 and 3 on odd ones), the cursor's underlined. */
	uint8_t pins = strip_columns(id, STRIP_PIECE);
	uint8_t taken = strip_columns(id, STRIP_TAKEN);
	for (uint8_t row = 0; row < 6; row++) {
		rows[row] = pins & (uint8_t)(~taken | (row & 1u ? 0x0Au : 0x11u));
	}
	rows[6] = 0;
	rows[7] = strip_columns(id, STRIP_CURSOR);
}

/* ---- the marquee ---- */

/* The marquee's text, printed at its step 0 and kept for the steps after:
 * decoding the packed rules every step was most of the chip's work while
 * it waits at the menu. */
static char marquee_text[VIEW_MARQUEE_MAX];
static uint8_t marquee_length;

uint8_t view_draw_marquee(void (*print)(struct text_sink *out), uint8_t step)
{
	if (step == 0) {
		struct buffer_sink text;
		buffer_sink_init(&text, marquee_text, sizeof marquee_text);
		print(&text.sink);
		marquee_length = (uint8_t)text.length;
	}
	const char *buffer = marquee_text;
	uint8_t length = marquee_length;
	uint8_t at = step > VIEW_MARQUEE_PAUSE ? (uint8_t)(step - VIEW_MARQUEE_PAUSE) : 0u;
	display_begin();
	for (uint8_t column = 0; column < LCD_COLUMNS; column++) {
		if (at >= length) {
			at = 0; /* it comes round again */
		}
		put_char(buffer[at++]);
	}
	display_end(1);
	/* The step past the whole text shows what step 0 does. */
	return step >= (uint8_t)(length + VIEW_MARQUEE_PAUSE) ? 1u : (uint8_t)(step + 1u);
}

/* ---- the screen ---- */

/* The words: the move, "Thinking..." or the reason of a refusal. */
static void print_words(const struct position *pos, const struct view_cursor *c, uint8_t words, struct text_sink *out)
{
	if (words >= WORDS_REFUSED) {
		engine_print_error((enum engine_error)(words - WORDS_REFUSED), out);
	} else if (words == WORDS_THINKING) {
		put_screen_text(SCREEN_THINKING);
	} else if (FEATURE_TEACHING && words == WORDS_LOSING) {
		put_screen_text(SCREEN_EVERY_MOVE_LOSES_ROW);
	} else {
		if (FEATURE_TEACHING && words == WORDS_HINT) {
			put_screen_text(SCREEN_HINT);
		}
		view_print_phrase(pos, c, words, out);
	}
}

void view_draw(const struct position *pos, const struct view_cursor *cursor, uint8_t words, bool blink)
{
	char message[MESSAGE_MAX + 1];
	struct buffer_sink words_sink;
	buffer_sink_init(&words_sink, message, sizeof message);
	print_to(&words_sink.sink);
	print_words(pos, cursor, words, &words_sink.sink);

	display_clear_glyphs();
	uint8_t kind = view_kind(pos);
	if (kind >= VIEW_KIND_STACKS) {
		board_paint(pos, cursor, blink);
		/* The board's characters first, so that the words' Polish
		 * letters take only those it leaves. */
		for (uint8_t id = BOARD_GLYPH_ID; id < BOARD_GLYPH_ID + 2u * BOARD_COLUMNS; id++) {
			display_glyph(id);
		}
		/* The words beside the board on two rows, broken before a space
		 * (which goes) or after a comma ("Take c1,c2," "c3,c4,c5"); one
		 * word too long for a row is cut. */
		uint8_t end = (uint8_t)words_sink.length; /* row 0 shows message[0, end) */
		uint8_t second = end;                     /* row 1 from message[second] */
		if (end > WORDS_COLUMNS) {
			end = WORDS_COLUMNS;
			while (end > 0 && message[end] != ' ' && message[end - 1u] != ',') {
				end--;
			}
			if (end == 0) {
				end = WORDS_COLUMNS;
			}
			second = message[end] == ' ' ? (uint8_t)(end + 1u) : end;
		}
		uint8_t from = 0;
		uint8_t glyph = BOARD_GLYPH_ID;
		for (uint8_t row = 0; row < LCD_ROWS; row++) {
			display_begin();
			for (uint8_t column = 0; column < BOARD_COLUMNS; column++) {
				put_char(display_glyph(glyph++));
			}
			put_char(' ');
			while (from < end) {
				put_char(message[from++]);
			}
			display_end(row);
			from = second;
			end = (uint8_t)words_sink.length;
		}
	} else {
		if (kind == VIEW_KIND_STRIP) {
			strip_draw(pos, cursor);
		} else {
			line_draw(pos, cursor);
		}
		display_write(1, message);
	}
	display_show_glyphs(draw_glyph);
}
