/*
 * The textbook baseline's games of heaps that are not sums (see baseline.c
 * for the method): the Nim family under misere play (Nim, misere Nim,
 * Marienbad) and Poker Nim, the recursive mex over the moves of the whole
 * position, no memo.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "engine/engine.h"
#include "tools/bench/baseline_solvers.h"

/* Values a whole-position search can tell apart (more options than this
 * and it needs a larger set than a frame can hold). */
#define WHOLE_SEEN_BYTES 16u

/* ---- whole positions: misere Nim, Poker Nim ---- */

static uint16_t heap[ENGINE_MAX_HEAPS];
static uint16_t heap_start[ENGINE_MAX_HEAPS];
static uint8_t heap_count;
static uint8_t adds_left[2]; /* Poker: the player to move's, the other's */

static uint8_t misere_value(void)
{
	baseline_check_stack();
	uint8_t seen[WHOLE_SEEN_BYTES];
	memset(seen, 0, sizeof seen);
	bool moved = false;
	for (uint8_t i = 0; i < heap_count; i++) {
		for (uint16_t t = 1; t <= heap[i]; t++) {
			heap[i] = (uint16_t)(heap[i] - t);
			baseline_seen_mark(seen, WHOLE_SEEN_BYTES * 8u, misere_value());
			heap[i] = (uint16_t)(heap[i] + t);
			moved = true;
		}
	}
	return moved ? (uint8_t)baseline_seen_mex(seen, WHOLE_SEEN_BYTES * 8u) : 1u;
}

void baseline_misere_solve(const struct position *pos)
{
	heap_count = pos->count;
	memcpy(heap, pos->u.heap, sizeof heap);
	baseline_found->outcome = OUTCOME_N; /* with no move left, the player to move has won */
	for (uint8_t i = 0; i < heap_count; i++) {
		for (uint16_t t = 1; t <= heap[i]; t++) {
			baseline_found->outcome = OUTCOME_P;
			heap[i] = (uint16_t)(heap[i] - t);
			uint8_t value = misere_value();
			heap[i] = (uint16_t)(heap[i] + t);
			if (baseline_consider(value, i, t, 0, 0)) {
				return;
			}
		}
	}
}

static void poker_swap_turn(void)
{
	uint8_t mover = adds_left[0];
	adds_left[0] = adds_left[1];
	adds_left[1] = mover;
}

/* Poker Nim: take from a heap, or add to one (never above its start) while
 * the player to move has additions left. */
static uint8_t poker_value(void)
{
	baseline_check_stack();
	uint8_t seen[WHOLE_SEEN_BYTES];
	memset(seen, 0, sizeof seen);
	for (uint8_t i = 0; i < heap_count; i++) {
		for (uint16_t t = 1; t <= heap[i]; t++) {
			heap[i] = (uint16_t)(heap[i] - t);
			poker_swap_turn();
			baseline_seen_mark(seen, WHOLE_SEEN_BYTES * 8u, poker_value());
			poker_swap_turn();
			heap[i] = (uint16_t)(heap[i] + t);
		}
	}
	if (adds_left[0] > 0) {
		for (uint8_t i = 0; i < heap_count; i++) {
			for (uint16_t t = 1; t <= heap_start[i] - heap[i]; t++) {
				heap[i] = (uint16_t)(heap[i] + t);
				adds_left[0]--;
				poker_swap_turn();
				baseline_seen_mark(seen, WHOLE_SEEN_BYTES * 8u, poker_value());
				poker_swap_turn();
				adds_left[0]++;
				heap[i] = (uint16_t)(heap[i] - t);
			}
		}
	}
	return (uint8_t)baseline_seen_mex(seen, WHOLE_SEEN_BYTES * 8u);
}

void baseline_poker_solve(const struct position *pos)
{
	heap_count = pos->count;
	memcpy(heap, pos->u.poker.heap, sizeof heap);
	memcpy(heap_start, pos->u.poker.start, sizeof heap_start);
	adds_left[0] = pos->u.poker.adds_left[0];
	adds_left[1] = pos->u.poker.adds_left[1];
	for (uint8_t i = 0; i < heap_count; i++) {
		for (uint16_t t = 1; t <= heap[i]; t++) {
			heap[i] = (uint16_t)(heap[i] - t);
			poker_swap_turn();
			uint8_t value = poker_value();
			poker_swap_turn();
			heap[i] = (uint16_t)(heap[i] + t);
			if (baseline_consider(value, i, t, 0, 0)) {
				return;
			}
		}
	}
	if (adds_left[0] == 0) {
		return;
	}
	for (uint8_t i = 0; i < heap_count; i++) {
		for (uint16_t t = 1; t <= heap_start[i] - heap[i]; t++) {
			heap[i] = (uint16_t)(heap[i] + t);
			adds_left[0]--;
			poker_swap_turn();
			uint8_t value = poker_value();
			poker_swap_turn();
			adds_left[0]++;
			heap[i] = (uint16_t)(heap[i] - t);
			if (baseline_consider(value, i, t, 1, 0)) {
				return;
			}
		}
	}
}
