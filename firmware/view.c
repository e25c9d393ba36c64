/*
 * Every game's cursor, moves and words (see view.h); the pictures are in
 * view_draw.c.
 */
#include "firmware/view.h"

#include "engine/flash.h"
#include <string.h>

#include "engine/attributes.h"
#include "engine/text.h"
#include "firmware/display.h"
#include "firmware/view_draw.h"
#include "hal/keys.h"

/* Each game's kind of picture (bits 0-1), where it keeps its numbers
 * (bits 2-3), the verb of its moves (bits 4-6), and whether a move keeps
 * its part in byte 0 and its amount in byte 1 (bit 7; else Nim's layout:
 * heap, add, then a 16-bit count), by enum engine_game. */
#define KIND_MASK 3u
#define STORE_HEAP16 (0u << 2)
#define STORE_NUMBER32 (1u << 2)
#define STORE_CELL8 (2u << 2)
#define STORE_BYTE8 (3u << 2) /* Chomp's rows, Kubo's stacks: bytes at the same place */
#define STORE_MASK (3u << 2)
#define VERB_SHIFT 4
#define VERB_MASK 7u
#define AMOUNT_BYTE 0x80u

enum verb { VERB_TAKE, VERB_ADD, VERB_SUBTRACT, VERB_DIVIDE, VERB_MOVE, VERB_KNOCK, VERB_PLACE };

/* The verbs in the order of enum verb, each ending in a NUL. */
static const char verbs[] ENGINE_FLASH = "Take\0Add\0Subtract\0Divide by\0Move to\0Knock\0Place";

#define TRAITS(kind, store, verb) ((kind) | (store) | ((verb) << VERB_SHIFT))

static const uint8_t traits[GAME_COUNT] ENGINE_FLASH = {
	TRAITS(VIEW_KIND_LINE, STORE_HEAP16, VERB_TAKE),                      /* Nim */
	TRAITS(VIEW_KIND_LINE, STORE_HEAP16, VERB_TAKE),                      /* Misere Nim */
	TRAITS(VIEW_KIND_LINE, STORE_HEAP16, VERB_TAKE),                      /* Marienbad */
	TRAITS(VIEW_KIND_LINE, STORE_HEAP16, VERB_TAKE),                      /* Limit Nim */
	TRAITS(VIEW_KIND_LINE, STORE_HEAP16, VERB_TAKE),                      /* Subtraction */
	TRAITS(VIEW_KIND_LINE, STORE_NUMBER32, VERB_SUBTRACT) | AMOUNT_BYTE,  /* Subtract a digit */
	TRAITS(VIEW_KIND_LINE, STORE_NUMBER32, VERB_DIVIDE) | AMOUNT_BYTE,    /* Divide */
	TRAITS(VIEW_KIND_LINE, STORE_NUMBER32, VERB_DIVIDE) | AMOUNT_BYTE,    /* Prime power */
	TRAITS(VIEW_KIND_LINE, STORE_HEAP16, VERB_MOVE),                      /* Nimble */
	TRAITS(VIEW_KIND_LINE, STORE_CELL8, VERB_TAKE),                       /* Matrix Nim */
	TRAITS(VIEW_KIND_LINE, STORE_HEAP16, VERB_TAKE),                      /* Poker Nim */
	TRAITS(VIEW_KIND_STRIP, STORE_HEAP16, VERB_PLACE) | AMOUNT_BYTE,      /* Pebbles */
	TRAITS(VIEW_KIND_STRIP, STORE_HEAP16, VERB_KNOCK) | AMOUNT_BYTE,      /* Kayles */
	TRAITS(VIEW_KIND_LINE, STORE_HEAP16, VERB_TAKE),                      /* Wythoff */
	TRAITS(VIEW_KIND_BOARD, STORE_BYTE8, VERB_TAKE),                     /* Chomp */
	TRAITS(VIEW_KIND_BOARD, STORE_HEAP16, VERB_TAKE),                     /* Taktix */
	TRAITS(VIEW_KIND_BOARD, STORE_BYTE8, VERB_TAKE),                     /* Kubo */
	TRAITS(VIEW_KIND_BOARD, STORE_HEAP16, VERB_TAKE),                     /* Nineteen */
};

static uint8_t traits_of(const struct position *pos)
{
	return flash_u8(&traits[pos->game]);
}

uint8_t view_kind(const struct position *pos)
{
	return traits_of(pos) & KIND_MASK;
}

static bool is(const struct position *pos, uint8_t game)
{
	return pos->game == game;
}

_Static_assert(GAME_CHOMP + 4 == GAME_COUNT, "the four boards come last in enum engine_game");

/* Chomp, Taktix and Nineteen pick cells; every other game says where and
 * how much. */
bool view_picks_cells(const struct position *pos)
{
	return pos->game >= GAME_CHOMP && !is(pos, GAME_KUBO); /* the boards come last */
}

/* ---- numbers ---- */

uint32_t view_value(const struct position *pos, uint8_t i)
{
	switch (traits_of(pos) & STORE_MASK) {
	case STORE_NUMBER32:
		return pos->u.number[i];
	case STORE_CELL8:
		return pos->u.cell[i / pos->cols][i % pos->cols];
	case STORE_BYTE8:
		return pos->u.chomp[i]; /* or pos->u.kubo[i] */
	default:
		return pos->u.heap[i];
	}
}

void view_set_value(struct position *pos, uint8_t i, uint32_t value)
{
	switch (traits_of(pos) & STORE_MASK) {
	case STORE_NUMBER32:
		pos->u.number[i] = value;
		break;
	case STORE_CELL8:
		pos->u.cell[i / pos->cols][i % pos->cols] = value > UINT8_MAX ? UINT8_MAX : (uint8_t)value;
		break;
	default:
		pos->u.heap[i] = value > UINT16_MAX ? UINT16_MAX : (uint16_t)value;
		pos->u.poker.start[i] = pos->u.heap[i]; /* Poker Nim's; no other game reads it */
		break;
	}
}

/* ---- where and how much ---- */

uint8_t view_wrap(uint8_t at, int8_t step, uint8_t count)
{
	at = (uint8_t)(at + step);
	if (at == UINT8_MAX) {
		return (uint8_t)(count - 1u);
	}
	return at == count ? 0u : at;
}

uint8_t view_line_parts(const struct position *pos)
{
	if (is(pos, GAME_MATRIX_NIM)) {
		return (uint8_t)(pos->count * pos->cols);
	}
	return is(pos, GAME_KUBO) ? ENGINE_KUBO_STACKS : pos->count;
}

/* The most the amount may be where a part is not empty, by enum
 * engine_game (0: its value): the digit, the divisor, Kubo's 1-3 then pairs
 * right and below, the pins. */
static const uint8_t most_fixed[GAME_COUNT] ENGINE_FLASH = {
	[GAME_SUBTRACT_DIGIT] = 9, [GAME_DIVIDE] = 6, [GAME_KUBO] = 5, [GAME_PEBBLES] = 1, [GAME_KAYLES] = 2,
};

/* The most the amount may be at `part` (0: nothing to take there).  The
 * engine refuses what the rules do not allow within it (over k, not in S,
 * a digit n lacks, a pin past the row's end, a stack too low). */
static uint16_t amount_most(const struct position *pos, const struct view_cursor *c, uint8_t part)
{
	uint32_t value = view_value(pos, part);
	uint8_t fixed = flash_u8(&most_fixed[pos->game]);
	if (value != 0 && fixed != 0) {
		return fixed;
	}
	if (is(pos, GAME_PRIME_POWER)) {
		return pos->u.factors.exponent[part];
	}
	if (is(pos, GAME_WYTHOFF) && part == 2) {
		return pos->u.heap[0] < pos->u.heap[1] ? pos->u.heap[0] : pos->u.heap[1];
	}
	if (is(pos, GAME_POKER_NIM) && c->mv.u.heap.add) {
		return (uint16_t)(pos->u.poker.start[part] - pos->u.heap[part]);
	}
	return (uint16_t)value;
}

/* Writes the cursor's part and amount into its move. */
static void compose(const struct position *pos, struct view_cursor *c)
{
	struct move *mv = &c->mv;
	uint8_t part = c->part;
	uint16_t amount = c->amount;
	switch (pos->game) {
	case GAME_MATRIX_NIM: {
		/* Both before the memset, which for all the compiler knows
		 * changes pos->cols: one division instead of two. */
		uint8_t row = (uint8_t)(part / pos->cols);
		uint8_t column = (uint8_t)(part % pos->cols);
		if (mv->u.matrix.row != row) {
			memset(mv, 0, sizeof *mv); /* a move takes from one row only */
			mv->u.matrix.row = row;
		}
		mv->u.matrix.take[column] = (uint8_t)amount;
		return;
	}
	case GAME_WYTHOFF:
		mv->u.wythoff.take[0] = mv->u.wythoff.take[1] = amount;
		if (part != 2) {
			mv->u.wythoff.take[part ^ 1u] = 0;
		}
		return;
	case GAME_KUBO:
		/* 1-3 from the stack, or one each from it and the stack on
		 * its right (4) or below it (5). */
		mv->u.kubo.stack = part;
		mv->u.kubo.count = (uint8_t)amount;
		mv->u.kubo.other = 0xFFu;
		if (amount > 3) {
			mv->u.kubo.count = 1;
			mv->u.kubo.other = (uint8_t)(part + amount * 2u - 7u);
		}
		return;
	default:
		break;
	}
	uint8_t *bytes = (uint8_t *)mv;
	bytes[0] = part;
	if (traits_of(pos) & AMOUNT_BYTE) {
		bytes[1] = (uint8_t)amount; /* digit, divisor, exponent, pins */
	} else {
		mv->u.heap.count = amount;
	}
}

/* Parts the cursor visits: Wythoff's third is both heaps. */
static uint8_t places(const struct position *pos)
{
	return (uint8_t)(view_line_parts(pos) + (is(pos, GAME_WYTHOFF) ? 1u : 0u));
}

/* The next part from `from` in direction `step`, wrapping, with something
 * to take; `from` itself when no other has. */
static uint8_t next_part(const struct position *pos, const struct view_cursor *c, uint8_t from, int8_t step)
{
	uint8_t count = places(pos);
	uint8_t part = from;
	for (uint8_t tries = 0; tries < count; tries++) {
		part = view_wrap(part, step, count);
		/* Poker Nim: an empty heap may still grow. */
		if (amount_most(pos, c, part) != 0 ||
		    (is(pos, GAME_POKER_NIM) && pos->u.poker.start[part] != pos->u.heap[part])) {
			return part;
		}
	}
	return from;
}

/* The strip's next pin in direction `step`, over the rows, wrapping; a
 * row left is entered at its near end. */
static void strip_step(const struct position *pos, struct view_cursor *c, int8_t step)
{
	uint8_t part = c->part;
	uint16_t at = (uint16_t)(c->mv.u.strip.at + step); /* 0xFFFF past the left end */
	for (uint8_t tries = 0; at >= pos->u.row[part] && tries <= pos->count; tries++) {
		part = view_wrap(part, step, pos->count);
		at = step > 0 ? 0u : (uint16_t)(pos->u.row[part] - 1u);
	}
	c->part = part;
	c->mv.u.strip.at = at;
}

/* UP or DOWN: the next pin of the strip, or the next part with something
 * to take, in direction `step`; the cursor takes 1 there (Divide: by 2;
 * Matrix Nim: what the half-made move takes from that cell, once it has
 * begun in its row). */
static void step_part(const struct position *pos, struct view_cursor *c, int8_t step)
{
	if (view_kind(pos) == VIEW_KIND_STRIP) {
		strip_step(pos, c, step);
	} else {
		c->part = next_part(pos, c, c->part, step);
	}
	uint8_t part = c->part;
	c->amount = is(pos, GAME_DIVIDE) ? 2u : 1u;
	if (is(pos, GAME_POKER_NIM)) {
		c->mv.u.heap.add = 0;
	}
	if (is(pos, GAME_MATRIX_NIM) && c->mv.u.matrix.row == part / pos->cols) {
		c->amount = c->mv.u.matrix.take[part % pos->cols];
	}
	compose(pos, c);
}

/* ---- the board's places ---- */

uint8_t view_board_height(const struct position *pos)
{
	switch (pos->game) {
	case GAME_CHOMP:
		return pos->count;
	case GAME_KUBO:
		return 3;
	case GAME_NINETEEN:
		return 5;
	default:
		return 4;
	}
}

uint8_t view_board_width(const struct position *pos, uint8_t y)
{
	switch (pos->game) {
	case GAME_CHOMP:
		return pos->u.chomp[0];
	case GAME_KUBO:
		return 9;
	case GAME_NINETEEN:
		return (uint8_t)(y < 2 ? 3u + y : 7u - y);
	default:
		return 4;
	}
}

const uint8_t *view_cell_byte(const struct position *pos, const void *cells, uint8_t x, uint8_t y, uint8_t *mask)
{
	static const uint8_t row_start[5] ENGINE_FLASH = { 0, 3, 7, 12, 16 };
	uint8_t cell = is(pos, GAME_NINETEEN) ? (uint8_t)(flash_u8(&row_start[y]) + x) : (uint8_t)(y * 4u + x);
	*mask = (uint8_t)(1u << (cell & 7u));
	return (const uint8_t *)cells + cell / 8u;
}

/* Moves the board's cursor one place in the key's direction (any other
 * key leaves it), and brings it back onto the board where it lies off it. */
static void board_step(const struct position *pos, struct view_cursor *c, uint8_t key)
{
	uint8_t x = c->part % 16u;
	uint8_t y = c->part / 16u;
	/* Chomp's rows count from the bottom, the others' from the top. */
	if (is(pos, GAME_CHOMP) ? key == KEY_UP : key == KEY_DOWN) {
		y++;
	} else if (key == KEY_UP || key == KEY_DOWN) {
		if (y > 0) {
			y--;
		}
	} else if (key == KEY_RIGHT) {
		x++;
	} else if (key == KEY_LEFT && x > 0) {
		x--;
	}
	uint8_t height = view_board_height(pos);
	if (y >= height) {
		y = (uint8_t)(height - 1u);
	}
	uint8_t width = view_board_width(pos, y);
	if (x >= width) {
		x = (uint8_t)(width - 1u);
	}
	c->part = (uint8_t)(y * 16u + x);
}

/* Whether a board's move has picked something: Chomp's corner, cells (Kubo:
 * its stack, count and other stack, never all zero).  Not inlined: its two
 * copies took 40 bytes more (measured). */
OUT_OF_LINE static bool picks_something(const struct position *pos, const struct move *mv)
{
	return is(pos, GAME_CHOMP) ? mv->u.chomp.row != 0xFFu : mv->u.cells != 0;
}

/* SELECT on a board: pick or unpick, or play what is picked. */
static uint8_t board_select(const struct position *pos, struct view_cursor *c)
{
	struct move *mv = &c->mv;
	bool chomp = is(pos, GAME_CHOMP);
	if (c->armed && picks_something(pos, mv)) {
		c->armed = false;
		return VIEW_PLAY;
	}
	uint8_t x = c->part % 16u;
	uint8_t y = c->part / 16u;
	if (!chomp) {
		uint8_t mask;
		*(uint8_t *)view_cell_byte(pos, &mv->u.cells, x, y, &mask) ^= mask; /* a byte of *mv */
	} else if (mv->u.chomp.row == y && mv->u.chomp.col == x) {
		mv->u.chomp.row = 0xFFu;
	} else {
		mv->u.chomp.row = y;
		mv->u.chomp.col = x;
	}
	c->armed = true;
	return VIEW_REDRAW;
}

/* ---- the cursor ---- */

void view_cursor_reset(const struct position *pos, struct view_cursor *c)
{
	uint8_t part = c->part;
	uint16_t at = c->mv.u.strip.at;
	memset(c, 0, sizeof *c);
	if (is(pos, GAME_CHOMP) || is(pos, GAME_MATRIX_NIM)) {
		c->mv.u.chomp.row = 0xFFu; /* Chomp: nothing picked; Matrix Nim: no row begun */
	}
	if (view_picks_cells(pos)) {
		/* The same place, or the nearest one on the board. */
		c->part = part;
		board_step(pos, c, KEY_SELECT);
		return;
	}
	/* The same pin or part, or the next one with something to take. */
	if (view_kind(pos) == VIEW_KIND_STRIP) {
		c->part = part < pos->count ? part : 0u;
		c->mv.u.strip.at = (uint16_t)(at - 1u);
	} else {
		uint8_t count = places(pos);
		c->part = view_wrap(part < count ? part : 0u, -1, count);
	}
	step_part(pos, c, 1);
}

/* LEFT or RIGHT: one less or one more. */
static bool change_amount(const struct position *pos, struct view_cursor *c, int8_t step)
{
	bool poker = is(pos, GAME_POKER_NIM);
	uint8_t *add = &c->mv.u.heap.add; /* Poker Nim's only: other games keep more there */
	if (poker && *add) {
		step = (int8_t)-step; /* LEFT adds more, RIGHT less */
	}
	if (poker && step < 0 && c->amount == *add) {
		/* Past "take 0" lies "add 1", and back. */
		*add ^= 1u;
		if (amount_most(pos, c, c->part) == 0) {
			*add ^= 1u;
			return false;
		}
		c->amount = *add;
	} else {
		uint16_t most = amount_most(pos, c, c->part);
		do {
			if (step > 0 ? c->amount >= most : c->amount == 0) {
				return false;
			}
			c->amount = (uint16_t)(c->amount + step);
			/* Divide by 2, 3 or 6 only. */
		} while (is(pos, GAME_DIVIDE) && (c->amount == 1 || c->amount == 4 || c->amount == 5));
	}
	compose(pos, c);
	return true;
}

uint8_t view_key(const struct position *pos, struct view_cursor *c, uint8_t key)
{
	if (view_picks_cells(pos)) {
		if (key == KEY_SELECT) {
			return board_select(pos, c);
		}
		c->armed = false;
		board_step(pos, c, key);
		return VIEW_REDRAW;
	}
	if (key == KEY_SELECT) {
		return VIEW_PLAY;
	}
	if (key == KEY_LEFT || key == KEY_RIGHT) {
		return change_amount(pos, c, key == KEY_RIGHT ? 1 : -1) ? VIEW_REDRAW : VIEW_NOTHING;
	}
	step_part(pos, c, key == KEY_UP ? -1 : 1);
	return VIEW_REDRAW;
}

void view_cursor_of_move(const struct position *pos, struct view_cursor *c)
{
	const struct move *mv = &c->mv;
	c->part = mv->u.heap.heap; /* byte 0: the heap, number, factor, row or stack */
	if (is(pos, GAME_MATRIX_NIM)) {
		uint8_t column = 0;
		while (mv->u.matrix.take[column] == 0) {
			column++;
		}
		c->part = (uint8_t)(mv->u.matrix.row * pos->cols + column);
	} else if (is(pos, GAME_WYTHOFF)) {
		c->part = mv->u.wythoff.take[0] == 0 ? 1u : mv->u.wythoff.take[1] == 0 ? 0u : 2u;
	}
}

/* ---- words ---- */

/* The amount of a move of the number games. */
static uint16_t move_amount(const struct position *pos, const struct view_cursor *c)
{
	const struct move *mv = &c->mv;
	if (traits_of(pos) & AMOUNT_BYTE) {
		return ((const uint8_t *)mv)[1];
	}
	if (is(pos, GAME_WYTHOFF)) {
		return mv->u.wythoff.take[c->part & 1u];
	}
	return mv->u.heap.count;
}

/* "Take 3" for the person, "I take 3" for the machine. */
void view_print_phrase(const struct position *pos, const struct view_cursor *c, bool machine,
		       struct text_sink *out)
{
	const struct move *mv = &c->mv;
	uint8_t verb = (traits_of(pos) >> VERB_SHIFT) & VERB_MASK;
	if (is(pos, GAME_POKER_NIM) && mv->u.heap.add) {
		verb = VERB_ADD;
	}
	const char *p = flash_skip(verbs, verb);
	if (machine) {
		put_flash(ENGINE_FLASH_STR("I "));
		put_char((char)(flash_char(p++) | 0x20)); /* lower case */
	}
	put_flash(p);
	put_char(' ');
	uint16_t amount = move_amount(pos, c);
	if (view_kind(pos) == VIEW_KIND_BOARD) {
		if (picks_something(pos, mv)) {
			engine_print_move(pos, mv, out);
		}
	} else if (is(pos, GAME_PRIME_POWER)) {
		put_pair(pos->u.factors.prime[c->part], '^', amount);
	} else if (is(pos, GAME_NIMBLE)) {
		put_u16((uint16_t)(pos->u.heap[c->part] - amount));
	} else if (is(pos, GAME_MATRIX_NIM)) {
		for (uint8_t i = 0; i < pos->cols; i++) {
			if (i > 0) {
				put_char(',');
			}
			put_u16(mv->u.matrix.take[i]);
		}
	} else {
		put_u16(amount);
	}
}
