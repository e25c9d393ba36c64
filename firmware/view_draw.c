/*
 * The pictures of view.h: the line of numbers, the strip of pins and the
 * board in custom characters, and the words beside them.
 */
#include <avr/pgmspace.h>
#include <string.h>

#include "engine/text.h"
#include "firmware/display.h"
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

/* What the glyphs being drawn show. */
static const struct position *drawn;
static const struct view_cursor *drawn_cursor;
static bool drawn_blink;
static bool drawn_moves; /* a move is shown */

/* ---- the line ---- */

static void count_put(struct text_sink *sink, char c)
{
	(void)c;
	struct buffer_sink *counter = (struct buffer_sink *)sink;
	counter->length++;
}

static void print_part(const struct position *pos, uint8_t i, struct text_sink *out)
{
	if (pos->game == GAME_PRIME_POWER) {
		print_u32(out, pos->u.factors.prime[i]);
		uint8_t exponent = pos->u.factors.exponent[i];
		if (exponent != 1) {
			print_char(out, '^');
			print_u32(out, exponent);
		}
	} else {
		print_u32(out, view_value(pos, i));
	}
}

static bool line_marked(const struct position *pos, const struct view_cursor *c, uint8_t i)
{
	return i == c->part || (pos->game == GAME_WYTHOFF && c->part == 2);
}

/* What stands before part i: '/' between Matrix Nim's rows, else a space
 * unless a bracket of the marked part does. */
static char line_separator(const struct position *pos, const struct view_cursor *c, uint8_t i)
{
	if (pos->game == GAME_MATRIX_NIM && i % pos->cols == 0) {
		return '/';
	}
	return line_marked(pos, c, i) || line_marked(pos, c, (uint8_t)(i - 1u)) ? '\0' : ' ';
}

struct line {
	const struct position *pos;
	const struct view_cursor *cursor;
	uint8_t width[ENGINE_MATRIX_MAX * ENGINE_MATRIX_MAX];
};

/* Columns parts first..last take, with the '<' before them when first > 0. */
static uint8_t line_span(const struct line *l, uint8_t first, uint8_t last)
{
	uint8_t width = first > 0 ? 1u : 0u;
	for (uint8_t i = first; i <= last; i++) {
		width = (uint8_t)(width + l->width[i]);
		if (i > first && line_separator(l->pos, l->cursor, i) != '\0') {
			width++;
		}
	}
	return width;
}

static void line_draw(const struct position *pos, const struct view_cursor *c, struct text_sink *out)
{
	struct line l = { pos, c, { 0 } };
	uint8_t last = (uint8_t)(view_line_parts(pos) - 1u);
	for (uint8_t i = 0; i <= last; i++) {
		struct buffer_sink counter = { { count_put }, NULL, 0, 0, false };
		print_part(pos, i, &counter.sink);
		l.width[i] = (uint8_t)(counter.length + (line_marked(pos, c, i) ? 2u : 0u));
	}
	/* Scroll, whole parts at a time, until the marked part fits with room
	 * for a '>' when parts follow it. */
	uint8_t focus = c->part > last ? last : c->part;
	uint8_t first = 0;
	while (first < focus && line_span(&l, first, focus) + (focus < last ? 1u : 0u) > LCD_COLUMNS) {
		first++;
	}
	if (first > 0) {
		print_char(out, '<');
	}
	for (uint8_t i = first; i <= last; i++) {
		if (line_span(&l, first, i) + (i < last ? 1u : 0u) > LCD_COLUMNS) {
			print_char(out, '>');
			break;
		}
		char separator = line_separator(pos, c, i);
		if (i > first && separator != '\0') {
			print_char(out, separator);
		}
		bool marked = line_marked(pos, c, i);
		if (marked) {
			print_char(out, '[');
		}
		print_part(pos, i, out);
		if (marked) {
			print_char(out, ']');
		}
	}
}

/* ---- the strip ---- */

/* Place `slot` of the strip: the rows' pins one after another, a gap
 * between rows. */
static uint8_t strip_place(const struct position *pos, const struct view_cursor *c, uint32_t slot)
{
	for (uint8_t row = 0; row < pos->count; row++) {
		uint16_t length = pos->u.row[row];
		if (slot < length) {
			uint8_t place = STRIP_PIECE;
			if (row == c->part) {
				uint16_t offset = (uint16_t)((uint16_t)slot - c->mv.u.strip.at);
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

static void strip_draw(const struct position *pos, const struct view_cursor *c, struct text_sink *out)
{
	/* The cursor's place, kept in view. */
	uint32_t cursor = c->mv.u.strip.at;
	for (uint8_t row = 0; row < c->part && row < pos->count; row++) {
		cursor += pos->u.row[row] + 1u;
	}
	uint32_t first = cursor >= STRIP_SLOTS - 2u ? (cursor - (STRIP_SLOTS - 4u)) & ~(uint32_t)1 : 0u;
	for (uint8_t column = 0; column < LCD_COLUMNS; column++) {
		uint8_t id = (uint8_t)(strip_place(pos, c, first) | strip_place(pos, c, first + 1u) << 3);
		print_char(out, id != 0 ? display_glyph(id) : ' ');
		first += 2u;
	}
}

/* Pixel (column 0..4, row 0..7) of a character holding two strip places:
 * each 2 pixels wide, a pin 6 rows high (hatched when taken), the
 * cursor's underlined. */
static bool strip_pixel(uint8_t id, uint8_t column, uint8_t row)
{
	if (column == 2) {
		return false;
	}
	uint8_t place = column < 2 ? (id & 7u) : (uint8_t)(id >> 3);
	if (row == 7) {
		return (place & STRIP_CURSOR) != 0;
	}
	if (row == 6 || (place & STRIP_PIECE) == 0) {
		return false;
	}
	return (place & STRIP_TAKEN) == 0 || ((row ^ column) & 1u) == 0;
}

/* ---- the board: 20x16 pixels in 4x2 characters ---- */

/* The place at pixel (x, y) of the picture, or false in a gap between places. */
static bool board_place_at(const struct position *pos, uint8_t x, uint8_t y, uint8_t *px, uint8_t *py)
{
	switch (pos->game) {
	case GAME_CHOMP: {
		/* Up to 4 columns one to a character, else two; up to 4 rows
		 * 3 pixels high, else 1; the poisoned corner at the bottom left. */
		uint8_t in_char = x % 5u;
		if (pos->u.chomp[0] <= 4u) {
			*px = x / 5u;
			if (in_char == 4) {
				return false;
			}
		} else {
			*px = (uint8_t)(x / 5u * 2u + (in_char > 2 ? 1u : 0u));
			if (in_char == 2) {
				return false;
			}
		}
		uint8_t from_bottom = (uint8_t)(15u - y);
		uint8_t pitch = pos->count <= 4u ? 4u : 2u;
		*py = from_bottom / pitch;
		return from_bottom % pitch != pitch - 1u;
	}
	case GAME_KUBO:
		/* A stack to a character, its pieces 1 pixel wide side by side. */
		*px = (uint8_t)(x / 5u * 3u + x % 5u / 2u);
		*py = y / 5u;
		return x < 15 && (x % 5u & 1u) == 0 && y % 5u != 4 && y < 15;
	case GAME_NINETEEN: {
		/* Rows 3 pixels apart, pieces 4 apart, each row centred. */
		*py = y / 3u;
		uint8_t offset = (uint8_t)((5u - view_board_width(pos, *py)) * 2u);
		if (y >= 15 || y % 3u == 2 || x < offset) {
			return false;
		}
		x = (uint8_t)(x - offset);
		*px = x / 4u;
		return x % 4u != 3 && *px < view_board_width(pos, *py);
	}
	default: /* Taktix: a column to a character, rows 4 pixels apart */
		*px = x / 5u;
		*py = y / 4u;
		return x % 5u != 4 && y % 4u != 3;
	}
}

/* Whether the move shown takes the piece at place (x, y). */
static bool board_taken(const struct position *pos, const struct move *mv, uint8_t x, uint8_t y)
{
	switch (pos->game) {
	case GAME_CHOMP:
		return mv->u.chomp.row != 0xFFu && y >= mv->u.chomp.row && x >= mv->u.chomp.col;
	case GAME_KUBO: {
		/* The top pieces of the stack, or the top one of each of a pair. */
		uint8_t stack = (uint8_t)(y * 3u + x / 3u);
		uint8_t from_top = (uint8_t)(pos->u.kubo[stack] - x % 3u);
		return (stack == mv->u.kubo.stack && from_top <= mv->u.kubo.count) ||
		       (stack == mv->u.kubo.other && from_top == 1);
	}
	default:
		return (mv->u.cells & view_cell_bit(pos, x, y)) != 0;
	}
}

static bool board_pixel(uint8_t x, uint8_t y)
{
	uint8_t px, py;
	if (!board_place_at(drawn, x, y, &px, &py)) {
		return false;
	}
	const struct view_cursor *c = drawn_cursor;
	bool taken = drawn_moves && board_taken(drawn, &c->mv, px, py);
	bool lit = view_slot_present(drawn, px, py) && (!taken || ((x ^ y) & 1u) == 0);
	/* The cursor: a place, or all of a Kubo stack. */
	uint8_t place = view_picks_cells(drawn) ? (uint8_t)(py * 16u + px) : (uint8_t)(py * 3u + px / 3u);
	if (drawn_blink && c->part == place) {
		lit = !lit;
	}
	return lit;
}

static void draw_glyph(uint8_t id, uint8_t rows[8])
{
	for (uint8_t row = 0; row < LCD_GLYPH_ROWS; row++) {
		uint8_t bits = 0;
		for (uint8_t column = 0; column < 5; column++) {
			bool lit;
			if (id >= BOARD_GLYPH_ID) {
				uint8_t ch = (uint8_t)(id - BOARD_GLYPH_ID);
				lit = board_pixel((uint8_t)(ch % BOARD_COLUMNS * 5u + column),
						  (uint8_t)(ch / BOARD_COLUMNS * 8u + row));
			} else {
				lit = strip_pixel(id, column, row);
			}
			bits = (uint8_t)(bits << 1 | (lit ? 1u : 0u));
		}
		rows[row] = bits;
	}
}

/* ---- the screen ---- */

static void print_text(struct text_sink *out, const char *text)
{
	while (*text != '\0') {
		print_char(out, *text++);
	}
}

static void print_words(const struct position *pos, const struct view_cursor *c, uint8_t words, uint8_t err,
			struct text_sink *out)
{
	switch (words) {
	case WORDS_THINKING:
		print_flash(out, PSTR("Thinking..."));
		break;
	case WORDS_REFUSED:
		engine_print_error((enum engine_error)err, out);
		break;
	default:
		view_print_phrase(pos, c, words == WORDS_MACHINE, out);
		break;
	}
}

void view_draw(const struct position *pos, const struct view_cursor *cursor, uint8_t words, bool blink, uint8_t err)
{
	/* While the machine thinks, nothing is marked. */
	struct view_cursor unmarked;
	bool thinking = words == WORDS_THINKING;
	if (thinking) {
		memset(&unmarked, 0, sizeof unmarked);
		unmarked.part = 0xFFu;
		cursor = &unmarked;
	}
	char message[MESSAGE_MAX + 1];
	struct buffer_sink words_sink;
	buffer_sink_init(&words_sink, message, sizeof message);
	print_words(pos, cursor, words, err, &words_sink.sink);

	drawn = pos;
	drawn_cursor = cursor;
	drawn_blink = blink;
	drawn_moves = !thinking;
	display_clear_glyphs();
	uint8_t kind = view_kind(pos);
	if (kind == VIEW_KIND_BOARD) {
		/* The words beside the board, broken at a space onto two rows. */
		char *second = message + strlen(message);
		if (second - message > (int)WORDS_COLUMNS) {
			second = message + WORDS_COLUMNS;
			while (second > message && *second != ' ') {
				second--;
			}
			if (second == message) {
				second = message + WORDS_COLUMNS; /* one long word: the row cuts it */
			} else {
				*second++ = '\0';
			}
		}
		for (uint8_t row = 0; row < LCD_ROWS; row++) {
			struct text_sink *line = display_begin();
			for (uint8_t column = 0; column < BOARD_COLUMNS; column++) {
				print_char(line, display_glyph((uint8_t)(BOARD_GLYPH_ID + row * BOARD_COLUMNS + column)));
			}
			print_char(line, ' ');
			print_text(line, row == 0 ? message : second);
			display_end(row);
		}
	} else {
		struct text_sink *line = display_begin();
		if (kind == VIEW_KIND_STRIP) {
			strip_draw(pos, cursor, line);
		} else {
			line_draw(pos, cursor, line);
		}
		display_end(0);
		line = display_begin();
		print_text(line, message);
		display_end(1);
	}
	display_show_glyphs(draw_glyph);
}
