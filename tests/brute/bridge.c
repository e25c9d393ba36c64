/*
 * The engine's position and move records (engine/engine.h), read and
 * written by the meaning engine.h documents for each field, and nothing
 * else of the engine.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/brute/brute.h"
#include "tests/brute/rules.h"

/* The games that keep a rule: pos->rule says which (engine.h; the firmware
 * may set Marienbad to normal play). */
static bool rule_is_misere(const struct position *pos)
{
	switch (pos->game) {
	case GAME_NIM:
	case GAME_MISERE_NIM:
	case GAME_MARIENBAD:
	case GAME_TAKTIX:
		return pos->rule == RULE_MISERE;
	default:
		return false;
	}
}

/* The number the factor record stands for, or 0 when it is not a product of
 * distinct primes equal to factors.n. */
static uint32_t factors_value(const struct position *pos)
{
	uint64_t n = 1;
	if (pos->count > ENGINE_MAX_FACTORS) {
		return 0;
	}
	for (uint8_t i = 0; i < pos->count; i++) {
		uint32_t p = pos->u.factors.prime[i];
		if (p < 2 || rules_smallest_prime_factor(p) != p) {
			return 0;
		}
		for (uint8_t j = 0; j < i; j++) {
			if (pos->u.factors.prime[j] == p) {
				return 0;
			}
		}
		for (uint8_t k = 0; k < pos->u.factors.exponent[i]; k++) {
			n *= p;
			if (n > UINT32_MAX) {
				return 0;
			}
		}
	}
	return n == pos->u.factors.n ? (uint32_t)n : 0;
}

bool brute_from_position(struct brute_pos *out, const struct position *pos)
{
	memset(out, 0, sizeof(*out));
	out->game = pos->game;
	out->misere = rule_is_misere(pos);
	out->count = pos->count;
	switch (pos->game) {
	case GAME_NIM:
	case GAME_MISERE_NIM:
	case GAME_MARIENBAD:
	case GAME_LIMIT_NIM:
	case GAME_SUBTRACTION:
	case GAME_NIMBLE:
	case GAME_WYTHOFF:
		if (pos->count > ENGINE_MAX_HEAPS || (pos->game == GAME_WYTHOFF && pos->count != 2)) {
			return false;
		}
		for (uint8_t i = 0; i < pos->count; i++) {
			out->part[i] = pos->u.heap[i];
		}
		out->limit = pos->game == GAME_LIMIT_NIM ? pos->limit : 0;
		out->set = pos->game == GAME_SUBTRACTION ? pos->set : 0;
		return true;
	case GAME_POKER_NIM:
		if (pos->count > ENGINE_MAX_HEAPS) {
			return false;
		}
		for (uint8_t i = 0; i < pos->count; i++) {
			out->part[i] = pos->u.poker.heap[i];
			out->start[i] = pos->u.poker.start[i];
		}
		out->adds[0] = pos->u.poker.adds_left[0];
		out->adds[1] = pos->u.poker.adds_left[1];
		return true;
	case GAME_SUBTRACT_DIGIT:
	case GAME_DIVIDE:
		if (pos->count > ENGINE_MAX_HEAPS || (pos->game == GAME_SUBTRACT_DIGIT && pos->count != 1)) {
			return false;
		}
		for (uint8_t i = 0; i < pos->count; i++) {
			out->part[i] = pos->u.number[i];
		}
		return true;
	case GAME_PRIME_POWER:
		out->count = 1;
		out->part[0] = factors_value(pos);
		return out->part[0] != 0;
	case GAME_MATRIX_NIM:
		if (pos->count > ENGINE_MATRIX_MAX || pos->cols > ENGINE_MATRIX_MAX) {
			return false;
		}
		out->cols = pos->cols;
		for (uint8_t r = 0; r < pos->count; r++) {
			for (uint8_t c = 0; c < pos->cols; c++) {
				out->part[r * pos->cols + c] = pos->u.cell[r][c];
			}
		}
		return true;
	case GAME_KAYLES:
	case GAME_PEBBLES:
		if (pos->count > ENGINE_MAX_ROWS) {
			return false;
		}
		for (uint8_t i = 0; i < pos->count; i++) {
			out->part[i] = pos->u.row[i];
		}
		return true;
	case GAME_CHOMP:
		if (pos->count > ENGINE_CHOMP_MAX) {
			return false;
		}
		for (uint8_t i = 0; i < pos->count; i++) {
			out->part[i] = pos->u.chomp[i];
			if (out->part[i] > ENGINE_CHOMP_MAX || (i > 0 && out->part[i] > out->part[i - 1])) {
				return false;
			}
		}
		while (out->count > 0 && out->part[out->count - 1] == 0) {
			out->count--;
		}
		return true;
	case GAME_TAKTIX:
		out->variant = pos->variant;
		out->count = 1;
		out->part[0] = pos->u.taktix;
		return pos->variant <= TAKTIX_ADJACENT;
	case GAME_KUBO:
		out->count = ENGINE_KUBO_STACKS;
		for (uint8_t s = 0; s < ENGINE_KUBO_STACKS; s++) {
			out->part[s] = pos->u.kubo[s];
			if (out->part[s] > 3) {
				return false;
			}
		}
		return true;
	case GAME_NINETEEN:
		out->count = 1;
		out->part[0] = pos->u.nineteen;
		return (pos->u.nineteen >> ENGINE_NINETEEN_CELLS) == 0;
	default:
		return false;
	}
}

void brute_to_position(struct position *out, const struct brute_pos *pos)
{
	memset(out, 0, sizeof(*out));
	if (pos->game < GAME_CHOMP && pos->game != GAME_PRIME_POWER) {
		/* The parts beyond `count` hold what the menu left there (it
		 * keeps a part's size when the count goes down and up again):
		 * the engine must read no further than `count`. */
		memset(&out->u, 0xA5, sizeof(out->u));
	}
	out->game = pos->game;
	out->rule = pos->misere ? RULE_MISERE : RULE_NORMAL;
	out->count = pos->count;
	switch (pos->game) {
	case GAME_NIM:
	case GAME_MISERE_NIM:
	case GAME_MARIENBAD:
	case GAME_LIMIT_NIM:
	case GAME_SUBTRACTION:
	case GAME_NIMBLE:
	case GAME_WYTHOFF:
		for (uint8_t i = 0; i < pos->count; i++) {
			out->u.heap[i] = (uint16_t)pos->part[i];
		}
		out->limit = pos->limit;
		out->set = pos->set;
		break;
	case GAME_POKER_NIM:
		for (uint8_t i = 0; i < pos->count; i++) {
			out->u.poker.heap[i] = (uint16_t)pos->part[i];
			out->u.poker.start[i] = pos->start[i];
		}
		out->u.poker.adds_left[0] = pos->adds[0];
		out->u.poker.adds_left[1] = pos->adds[1];
		out->u.poker.last_added = 0xFF;
		/* The game's k: at least what either player has left. */
		out->limit = pos->adds[0] > pos->adds[1] ? pos->adds[0] : pos->adds[1];
		break;
	case GAME_SUBTRACT_DIGIT:
	case GAME_DIVIDE:
		for (uint8_t i = 0; i < pos->count; i++) {
			out->u.number[i] = pos->part[i];
		}
		break;
	case GAME_PRIME_POWER: {
		/* Distinct primes in increasing order with their exponents. */
		uint32_t n = pos->part[0];
		out->u.factors.n = n;
		out->count = 0;
		while (n > 1) {
			uint32_t p = rules_smallest_prime_factor(n);
			uint8_t e = 0;
			for (; n % p == 0; n /= p) {
				e++;
			}
			out->u.factors.prime[out->count] = p;
			out->u.factors.exponent[out->count] = e;
			out->count++;
		}
		break;
	}
	case GAME_MATRIX_NIM:
		out->cols = pos->cols;
		for (uint8_t r = 0; r < pos->count; r++) {
			for (uint8_t c = 0; c < pos->cols; c++) {
				out->u.cell[r][c] = (uint8_t)pos->part[r * pos->cols + c];
			}
		}
		break;
	case GAME_KAYLES:
	case GAME_PEBBLES:
		for (uint8_t i = 0; i < pos->count; i++) {
			out->u.row[i] = (uint16_t)pos->part[i];
		}
		break;
	case GAME_CHOMP:
		for (uint8_t i = 0; i < pos->count; i++) {
			out->u.chomp[i] = (uint8_t)pos->part[i];
		}
		break;
	case GAME_TAKTIX:
		out->variant = pos->variant;
		out->count = 0;
		out->u.taktix = (uint16_t)pos->part[0];
		break;
	case GAME_KUBO:
		out->count = ENGINE_KUBO_STACKS;
		for (uint8_t s = 0; s < ENGINE_KUBO_STACKS; s++) {
			out->u.kubo[s] = (uint8_t)pos->part[s];
		}
		break;
	case GAME_NINETEEN:
		out->count = 0;
		out->u.nineteen = pos->part[0];
		break;
	default:
		break;
	}
}

void brute_move_from_engine(struct brute_move *out, const struct position *pos, const struct move *mv)
{
	memset(out, 0, sizeof(*out));
	switch (pos->game) {
	case GAME_POKER_NIM:
		out->add = mv->u.heap.add != 0;
		/* fall through */
	case GAME_NIM:
	case GAME_MISERE_NIM:
	case GAME_MARIENBAD:
	case GAME_LIMIT_NIM:
	case GAME_SUBTRACTION:
	case GAME_NIMBLE:
		out->part = mv->u.heap.heap;
		out->amount = mv->u.heap.count;
		break;
	case GAME_SUBTRACT_DIGIT:
	case GAME_DIVIDE:
		out->part = mv->u.number.index;
		out->amount = mv->u.number.divisor;
		break;
	case GAME_PRIME_POWER:
		out->amount = mv->u.prime.exponent;
		out->second = mv->u.prime.factor < pos->count && pos->count <= ENGINE_MAX_FACTORS
				      ? pos->u.factors.prime[mv->u.prime.factor]
				      : 0;
		break;
	case GAME_MATRIX_NIM:
		out->part = mv->u.matrix.row;
		for (uint8_t c = 0; c < pos->cols && c < ENGINE_MATRIX_MAX; c++) {
			out->take[c] = mv->u.matrix.take[c];
		}
		break;
	case GAME_KAYLES:
	case GAME_PEBBLES:
		out->part = mv->u.strip.row;
		out->amount = mv->u.strip.count;
		out->second = mv->u.strip.at;
		break;
	case GAME_WYTHOFF:
		out->amount = mv->u.wythoff.take[0];
		out->second = mv->u.wythoff.take[1];
		break;
	case GAME_CHOMP:
		out->part = mv->u.chomp.row;
		out->second = mv->u.chomp.col;
		break;
	case GAME_TAKTIX:
	case GAME_NINETEEN:
		out->cells = mv->u.cells;
		break;
	case GAME_KUBO:
		out->part = mv->u.kubo.stack;
		out->second = mv->u.kubo.other == 0xFF ? BRUTE_NONE : mv->u.kubo.other;
		out->amount = mv->u.kubo.count;
		break;
	default:
		break;
	}
}

void brute_move_to_engine(struct move *out, const struct position *pos, const struct brute_move *mv)
{
	memset(out, 0, sizeof(*out));
	switch (pos->game) {
	case GAME_POKER_NIM:
	case GAME_NIM:
	case GAME_MISERE_NIM:
	case GAME_MARIENBAD:
	case GAME_LIMIT_NIM:
	case GAME_SUBTRACTION:
	case GAME_NIMBLE:
		out->u.heap.heap = mv->part;
		out->u.heap.add = mv->add ? 1 : 0;
		out->u.heap.count = (uint16_t)mv->amount;
		break;
	case GAME_SUBTRACT_DIGIT:
	case GAME_DIVIDE:
		out->u.number.index = mv->part;
		out->u.number.divisor = (uint8_t)mv->amount;
		break;
	case GAME_PRIME_POWER:
		out->u.prime.factor = 0xFF;
		for (uint8_t i = 0; i < pos->count && i < ENGINE_MAX_FACTORS; i++) {
			if (pos->u.factors.prime[i] == mv->second) {
				out->u.prime.factor = i;
			}
		}
		out->u.prime.exponent = (uint8_t)mv->amount;
		break;
	case GAME_MATRIX_NIM:
		out->u.matrix.row = mv->part;
		memcpy(out->u.matrix.take, mv->take, sizeof(out->u.matrix.take));
		break;
	case GAME_KAYLES:
	case GAME_PEBBLES:
		out->u.strip.row = mv->part;
		out->u.strip.count = (uint8_t)mv->amount;
		out->u.strip.at = (uint16_t)mv->second;
		break;
	case GAME_WYTHOFF:
		out->u.wythoff.take[0] = (uint16_t)mv->amount;
		out->u.wythoff.take[1] = (uint16_t)mv->second;
		break;
	case GAME_CHOMP:
		out->u.chomp.row = mv->part;
		out->u.chomp.col = (uint8_t)mv->second;
		break;
	case GAME_TAKTIX:
	case GAME_NINETEEN:
		out->u.cells = mv->cells;
		break;
	case GAME_KUBO:
		out->u.kubo.stack = mv->part;
		out->u.kubo.other = mv->second == BRUTE_NONE ? 0xFF : (uint8_t)mv->second;
		out->u.kubo.count = (uint8_t)mv->amount;
		break;
	default:
		break;
	}
}

bool brute_position_wins(const struct position *pos)
{
	struct brute_pos bp;
	if (!brute_from_position(&bp, pos)) {
		/* A test asked about a record no rule can read: stop it loudly. */
		fprintf(stderr, "brute_position_wins: malformed position record (game %u)\n", pos->game);
		abort();
	}
	return brute_wins(&bp);
}
