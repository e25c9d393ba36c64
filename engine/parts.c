/*
 * The numbers of a position's parts, as the menu sets them up and the
 * buttons play them (engine.h, "A move as the buttons make it"): each
 * read from and written to the member of the position's union that its
 * game uses, so that the firmware asks here and never reaches into it.
 */
#include <stddef.h>

#include "engine/engine.h"

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
