/*
 * The numbers of a position's parts, as the menu sets them up and the
 * buttons play them (engine.h, "A move as the buttons make it"): each
 * read from and written to the member of the position's union that its
 * game uses, so that the firmware asks here and never reaches into it.
 * And what else the LCD, the lamps and the store ask of a game: the
 * places a cursor visits, the amounts it names, how a move is said, and
 * whether a record read back holds a position; so that the firmware names
 * no game, and a game is added here and in engine/games.def alone.
 */
#include <stddef.h>

#include "common/attributes.h"
#include "engine/engine.h"
#include "engine/games.h"
#include "engine/text.h"

_Static_assert(offsetof(struct position, u.kubo) == offsetof(struct position, u.chomp) &&
		       sizeof(((struct position *)0)->u.kubo) >= sizeof(((struct position *)0)->u.chomp),
	       "Chomp's rows are bytes where Kubo's first stacks are");

uint32_t engine_part_value(const struct position *pos, uint8_t i)
{
	switch (engine_game_facts(pos->game).values) {
	case ENGINE_VALUES_NUMBER32:
		return pos->u.number[i];
	case ENGINE_VALUES_CELL8:
		return pos->u.cell[i / pos->cols][i % pos->cols];
	case ENGINE_VALUES_BYTE8:
		return pos->u.kubo[i]; /* or Chomp's row: the same bytes */
	default:
		return pos->u.heap[i];
	}
}

void engine_set_part_value(struct position *pos, uint8_t i, uint32_t value)
{
	uint8_t byte = value > UINT8_MAX ? UINT8_MAX : (uint8_t)value;
	switch (engine_game_facts(pos->game).values) {
	case ENGINE_VALUES_NUMBER32:
		pos->u.number[i] = value;
		break;
	case ENGINE_VALUES_CELL8:
		pos->u.cell[i / pos->cols][i % pos->cols] = byte;
		break;
	case ENGINE_VALUES_BYTE8:
		pos->u.kubo[i] = byte; /* or Chomp's row: the same bytes */
		break;
	default:
		pos->u.heap[i] = value > UINT16_MAX ? UINT16_MAX : (uint16_t)value;
		if (pos->game == GAME_POKER_NIM) {
			pos->u.poker.start[i] = pos->u.heap[i];
		}
		break;
	}
}

uint16_t engine_move_most(const struct position *pos, const struct move *mv, uint8_t part)
{
	uint32_t value = engine_part_value(pos, part);
	uint8_t fixed = engine_game_facts(pos->game).amount; /* the digit, the divisor, the pins, Kubo's moves */
	if (value != 0 && fixed != 0) {
		return fixed;
	}
	switch (pos->game) {
	case GAME_PRIME_POWER:
		return pos->u.factors.exponent[part];
	case GAME_WYTHOFF:
		if (part == 2) {
			return pos->u.heap[0] < pos->u.heap[1] ? pos->u.heap[0] : pos->u.heap[1];
		}
		break;
	case GAME_POKER_NIM:
		if (mv->u.heap.add) {
			return (uint16_t)(pos->u.poker.start[part] - pos->u.heap[part]);
		}
		break;
	default:
		break;
	}
	return (uint16_t)value;
}

uint16_t engine_part_start(const struct position *pos, uint8_t i)
{
	return pos->u.poker.start[i];
}

uint32_t engine_factor_prime(const struct position *pos, uint8_t i)
{
	return pos->u.factors.prime[i];
}

uint32_t engine_part_size(const struct position *pos, uint8_t i)
{
	return sums_part_size(pos, i);
}

uint32_t engine_board_cells(const struct position *pos)
{
	/* Taktix's 16 cells are the low bits, the others 0: a record is
	 * parsed into zeroes, and a move only takes cells away. */
	return pos->u.nineteen;
}

bool engine_parts_are_matches(const struct position *pos)
{
	return pos->game == GAME_MARIENBAD;
}

void engine_put_part(const struct position *pos, uint8_t i)
{
	if (pos->game != GAME_PRIME_POWER) {
		put_u32(engine_part_value(pos, i));
		return;
	}
	uint32_t prime = pos->u.factors.prime[i];
	uint8_t exponent = pos->u.factors.exponent[i];
	if (exponent != 1) {
		put_pair(prime, '^', exponent);
	} else {
		put_u32(prime);
	}
}

/* ---- the cursor's moves ---- */

bool engine_move_all_parts(const struct position *pos)
{
	return pos->game == GAME_WYTHOFF;
}

bool engine_part_in_play(const struct position *pos, const struct move *mv, uint8_t part)
{
	/* Poker Nim: a heap may be taken from or, emptied, still grow, so
	 * long as it began with something (no heap grows above its start). */
	return (pos->game == GAME_POKER_NIM ? engine_part_start(pos, part) : engine_move_most(pos, mv, part)) != 0;
}

uint16_t engine_move_first_amount(const struct position *pos, const struct move *mv, uint8_t part)
{
	uint16_t amount = pos->game == GAME_DIVIDE ? 2u : 1u;
	if (pos->game == GAME_MATRIX_NIM && mv->u.matrix.row == part / pos->cols) {
		amount = mv->u.matrix.take[part % pos->cols];
	}
	return amount;
}

bool engine_move_amount_skipped(const struct position *pos, uint16_t amount)
{
	return pos->game == GAME_DIVIDE && (amount == 1 || amount == 4 || amount == 5);
}

bool engine_move_adds(const struct position *pos, const struct move *mv)
{
	return engine_moves_add(pos) && mv->u.heap.add;
}

bool engine_moves_add(const struct position *pos)
{
	return pos->game == GAME_POKER_NIM;
}

void engine_move_none(const struct position *pos, struct move *mv)
{
	if (pos->game == GAME_CHOMP || pos->game == GAME_MATRIX_NIM) {
		mv->u.chomp.row = 0xFFu; /* Chomp: nothing picked; Matrix Nim: no row begun */
	}
}

/* Out of line: one copy serves the view's two callers. */
OUT_OF_LINE bool engine_move_picks(const struct position *pos, const struct move *mv)
{
	return pos->game == GAME_CHOMP ? mv->u.chomp.row != 0xFFu : mv->u.cells != 0;
}

bool engine_move_pick_piece(const struct position *pos, struct move *mv, uint8_t x, uint8_t y)
{
	if (pos->game != GAME_CHOMP) {
		return false;
	}
	if (mv->u.chomp.row == y && mv->u.chomp.col == x) {
		mv->u.chomp.row = 0xFFu;
	} else {
		mv->u.chomp.row = y;
		mv->u.chomp.col = x;
	}
	return true;
}

void engine_move_pick_cell(struct move *mv, uint8_t cell)
{
	mv->u.cells ^= (uint32_t)1 << cell;
}

void engine_put_move_amount(const struct position *pos, const struct move *mv, uint8_t part, uint16_t amount)
{
	if (pos->game == GAME_PRIME_POWER) {
		put_pair(engine_factor_prime(pos, part), '^', amount);
	} else if (pos->game == GAME_NIMBLE) {
		put_u16((uint16_t)(engine_part_value(pos, part) - amount));
	} else if (pos->game == GAME_MATRIX_NIM) {
		put_bytes(mv->u.matrix.take, pos->cols, ',');
	} else {
		put_u16(amount);
	}
}

/* ---- records kept elsewhere ---- */

bool engine_record_fits(const struct position *pos)
{
	return (pos->rule | pos->variant) <= 1u && pos->game < GAME_COUNT && engine_game_present(pos->game) &&
	       pos->cols <= ENGINE_MATRIX_MAX &&
	       (pos->count <= ENGINE_MAX_HEAPS || pos->game == GAME_PRIME_POWER || pos->game == GAME_KUBO);
}

/* ---- the menu's set-up ---- */

uint8_t *engine_setup_cols(struct position *pos)
{
	return pos->game == GAME_CHOMP ? &pos->u.chomp[0] : &pos->cols;
}

void engine_setup_settle(struct position *pos)
{
	if (pos->game == GAME_CHOMP) {
		for (uint8_t row = 1; row < ENGINE_CHOMP_MAX; row++) {
			pos->u.chomp[row] = row < pos->count ? pos->u.chomp[0] : 0u;
		}
	} else if (engine_moves_add(pos)) {
		pos->u.poker.adds_left[0] = pos->u.poker.adds_left[1] = pos->limit;
	}
}
