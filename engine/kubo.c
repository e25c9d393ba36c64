/*
 * Kubo: nine stacks of up to three pieces on a 3x3 square.  A move takes 1,
 * 2 or 3 pieces from one stack, or one piece from each of two stacks side
 * by side (orthogonally adjacent).  Normal play: the last piece wins.
 *
 * Every position is answered from a table made by tools/gen/boards_square.c:
 * for each class of the eight stacks around the centre, the one height of
 * the centre (if any) that makes the position losing (board_keys.h).
 *
 * Text: the stacks row by row from the top, a digit 0-3 each, rows
 * separated by `/` (or spaces): `333/333/333`.  Stacks are named by column
 * a-c and row 1-3 from the top, so b2 is the centre.  A move is `b2-3`
 * (take 3 from b2) or `a1+a2` (one from each of two adjacent stacks).
 */
#include "engine/board_keys.h"
#include "engine/board_text.h"
#include "engine/flash.h"
#include "engine/games.h"
#include "engine_tables.h"

#define NO_STACK 0xFFu
#define PAIRS 12u
#define MAX_TAKE 3u
#define CENTRE 4u

/* The pairs of adjacent stacks, in the order moves are tried, each as one
 * byte: the smaller stack's number times 16 plus the other's. */
#define PAIR(a, b) ((a) << 4 | (b))
static const uint8_t pairs[PAIRS] ENGINE_FLASH = {
	PAIR(0, 1), PAIR(1, 2), PAIR(3, 4), PAIR(4, 5), PAIR(6, 7), PAIR(7, 8),
	PAIR(0, 3), PAIR(3, 6), PAIR(1, 4), PAIR(4, 7), PAIR(2, 5), PAIR(5, 8),
};

void kubo_parse(struct position *pos, struct scanner *in)
{
	pos->count = ENGINE_KUBO_STACKS;
	uint8_t *stack = pos->u.kubo;
	for (uint8_t row = 0; row < 3; row++) {
		if (row > 0) {
			(void)scan_char(in, '/');
		}
		scan_skip_space(in);
		for (uint8_t col = 0; col < 3 && in->error == ENGINE_OK; col++) {
			uint8_t height = (uint8_t)(*in->at - '0');
			if (height > 9) {
				scan_fail(in, ENGINE_ERR_SYNTAX);
			} else if (height > MAX_TAKE) {
				scan_fail(in, ENGINE_ERR_RANGE);
			} else {
				*stack++ = height;
				in->at++;
			}
		}
	}
	if ((uint8_t)(*in->at - '0') <= 9 || scan_char(in, '/')) {
		scan_fail(in, ENGINE_ERR_TOO_MANY);
	}
}

void kubo_print(const struct position *pos)
{
	const uint8_t *stack = pos->u.kubo;
	for (uint8_t row = 0; row < 3; row++) {
		if (row > 0) {
			put_char('/');
		}
		for (uint8_t col = 0; col < 3; col++) {
			put_digit(*stack++);
		}
	}
}

void kubo_parse_move(struct scanner *in, struct move *mv)
{
	/* Stacks are named such as `b2`: column a-c, row 1-3 from the top. */
	mv->u.kubo.stack = board_scan_square(in, 3);
	mv->u.kubo.count = 1;
	if (scan_char(in, '+')) {
		mv->u.kubo.other = board_scan_square(in, 3);
		return;
	}
	scan_expect(in, '-');
	mv->u.kubo.other = NO_STACK;
	mv->u.kubo.count = (uint8_t)scan_u16(in, MAX_TAKE, ENGINE_ERR_TOO_MUCH);
}

void kubo_print_move(const struct move *mv)
{
	board_print_square(mv->u.kubo.stack, 3);
	if (mv->u.kubo.other != NO_STACK) {
		put_char('+');
		board_print_square(mv->u.kubo.other, 3);
	} else {
		put_char('-');
		put_digit(mv->u.kubo.count);
	}
}

/* Where stacks a and b (in either order) stand in `pairs`, or PAIRS when
 * they are not side by side. */
static uint8_t pair_index(uint8_t a, uint8_t b)
{
	if (a > b) {
		uint8_t t = a;
		a = b;
		b = t;
	}
	uint8_t at = 0;
	while (at < PAIRS && flash_u8(&pairs[at]) != PAIR(a, b)) {
		at++;
	}
	return at;
}

enum engine_error kubo_check_move(const struct position *pos, const struct move *mv)
{
	uint8_t stack = mv->u.kubo.stack;
	uint8_t other = mv->u.kubo.other;
	if (stack >= ENGINE_KUBO_STACKS || (other != NO_STACK && other >= ENGINE_KUBO_STACKS)) {
		return ENGINE_ERR_NO_SUCH;
	}
	/* A pair must be side by side and both there; one stack must be
	 * asked for something; either way the first stack must be there. */
	const uint8_t *height = pos->u.kubo;
	uint8_t count = mv->u.kubo.count;
	bool pair = other != NO_STACK;
	if (pair) {
		if (pair_index(stack, other) == PAIRS) {
			return ENGINE_ERR_NOT_ADJACENT;
		}
		if (height[other] == 0) {
			return ENGINE_ERR_EMPTY;
		}
	} else if (count == 0) {
		return ENGINE_ERR_NONE_TAKEN;
	}
	if (height[stack] == 0) {
		return ENGINE_ERR_EMPTY;
	}
	if (pair) {
		return count == 1 ? ENGINE_OK : ENGINE_ERR_NOT_ALLOWED;
	}
	return count > height[stack] ? ENGINE_ERR_TOO_MUCH : ENGINE_OK;
}

void kubo_apply_move(struct position *pos, const struct move *mv)
{
	/* A pair move takes one piece (its count) from each stack. */
	pos->u.kubo[mv->u.kubo.stack] = (uint8_t)(pos->u.kubo[mv->u.kubo.stack] - mv->u.kubo.count);
	if (mv->u.kubo.other != NO_STACK) {
		pos->u.kubo[mv->u.kubo.other]--;
	}
}

/*
 * Moves in rounds, fewest pieces first: one piece from each stack (moves
 * 0-8), the pairs of adjacent stacks (9-20), two pieces (21-29), then
 * three (30-38).
 */
#define PAIR_MOVES ENGINE_KUBO_STACKS
#define TWO_MOVES (PAIR_MOVES + PAIRS)

bool kubo_move_at(const struct position *pos, uint8_t index, struct move *mv)
{
	uint8_t take = 1, other = NO_STACK;
	if (index >= PAIR_MOVES) {
		index = (uint8_t)(index - PAIR_MOVES);
		if (index < PAIRS) {
			uint8_t pair = flash_u8(&pairs[index]);
			other = pair & 0x0Fu;
			index = pair >> 4;
		} else {
			index = (uint8_t)(index - PAIRS);
			take = 2;
			if (index >= ENGINE_KUBO_STACKS) {
				index = (uint8_t)(index - ENGINE_KUBO_STACKS);
				take = 3;
			}
		}
	}
	mv->u.kubo.stack = index;
	mv->u.kubo.other = other;
	mv->u.kubo.count = take;
	const uint8_t *height = pos->u.kubo;
	return height[index] >= take && (other == NO_STACK || height[other] > 0);
}

uint8_t kubo_move_index(const struct move *mv)
{
	uint8_t stack = mv->u.kubo.stack;
	uint8_t take = mv->u.kubo.count;
	if (mv->u.kubo.other != NO_STACK) {
		return (uint8_t)(PAIR_MOVES + pair_index(stack, mv->u.kubo.other));
	}
	return (uint8_t)(take == 1 ? stack : stack + TWO_MOVES + (take - 2u) * ENGINE_KUBO_STACKS);
}

bool kubo_is_losing(const struct position *pos)
{
	uint16_t slot = board_kubo_slot(pos->u.kubo, board_square_classes);
	return board_kubo_entry(kubo_centre_heights, slot) == pos->u.kubo[CENTRE] + 1u;
}

uint8_t kubo_move_part(const struct move *mv)
{
	return mv->u.kubo.stack;
}

/* Amounts 1 to 3 take from the stack alone; 4 and 5 one each from it and
 * the stack on its right (part + 1), or below it (part + 3). */
void kubo_move_set(struct move *mv, uint8_t part, uint16_t amount)
{
	mv->u.kubo.stack = part;
	mv->u.kubo.count = (uint8_t)amount;
	mv->u.kubo.other = NO_STACK;
	if (amount > 3) {
		mv->u.kubo.count = 1;
		mv->u.kubo.other = (uint8_t)(part + amount * 2u - 7u);
	}
}
