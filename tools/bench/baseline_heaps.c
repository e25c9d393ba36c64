/*
 * The textbook baseline's heaps with large values (see baseline.c for
 * the method): Nim, Nimble and Limit Nim, a heap's values memoised in
 * baseline_memo16 in the work area, which baseline_tuples.c uses too.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "engine/engine.h"
#include "tools/bench/baseline_solvers.h"

/* ---- heaps with large values: Nim, Nimble, Limit Nim ---- */

uint16_t *baseline_memo16;
uint8_t *baseline_scratch;
static uint16_t take_most; /* Limit Nim's k; 0 for any number */

uint16_t baseline_largest16(const uint16_t *list, uint8_t count)
{
	uint16_t most = 0;
	for (uint8_t i = 0; i < count; i++) {
		if (list[i] > most) {
			most = list[i];
		}
	}
	return most;
}

static uint16_t fewest_taken(uint16_t n)
{
	return take_most != 0 && n > take_most ? (uint16_t)(n - take_most) : 0;
}

/* calculateGrundy(n): a heap of n (a Nimble coin on square n moves to any
 * square to its left, the same game). */
static uint16_t heap_grundy(uint16_t n)
{
	if (baseline_memo16[n] != BASELINE_UNKNOWN16) {
		return baseline_memo16[n];
	}
	baseline_check_stack();
	uint16_t lowest = fewest_taken(n);
	uint16_t bits = (uint16_t)(n - lowest + 1u);
	memset(baseline_scratch, 0, bits / 8u + 1u);
	for (uint16_t m = lowest; m < n; m++) {
		baseline_seen_mark(baseline_scratch, bits, heap_grundy(m));
	}
	baseline_memo16[n] = baseline_seen_mex(baseline_scratch, bits);
	return baseline_memo16[n];
}

static void heaps_prepare(uint16_t most)
{
	uint32_t entries = (uint32_t)most + 1u;
	baseline_memo16 = baseline_claim_work(entries * 2u);
	uint32_t options = take_most != 0 && take_most < most ? take_most : most;
	baseline_scratch = baseline_claim_work(options / 8u + 2u);
	memset(baseline_memo16, 0xFF, (size_t)entries * 2u);
	for (uint16_t n = 0;; n++) {
		(void)heap_grundy(n);
		if (n == most) {
			break;
		}
	}
}

void baseline_heaps_solve(const struct position *pos, bool nimble)
{
	const uint16_t *heap = pos->u.heap;
	take_most = pos->game == GAME_LIMIT_NIM ? pos->limit : 0;
	heaps_prepare(baseline_largest16(heap, pos->count));
	uint16_t x = 0;
	for (uint8_t i = 0; i < pos->count; i++) {
		x ^= heap_grundy(heap[i]);
	}
	for (uint8_t i = 0; i < pos->count; i++) {
		uint16_t target = (uint16_t)(heap_grundy(heap[i]) ^ x);
		for (uint16_t m = heap[i]; m-- > fewest_taken(heap[i]);) {
			uint16_t after = heap_grundy(m) == target ? 0 : 1;
			if (nimble ? baseline_consider(after, i, heap[i], m, 0)
				   : baseline_consider(after, i, (uint16_t)(heap[i] - m), 0, 0)) {
				return;
			}
		}
	}
}
