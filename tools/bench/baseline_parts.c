/*
 * The textbook baseline's sums whose parts have small values (see
 * baseline.c for the method): the heaps of Subtraction, the rows of
 * Kayles and the pebble strip, the numbers of Subtract a digit and Divide
 * 2/3/6, and a prime's exponent in the prime-power game, each part's
 * values memoised (memo8) in the work area.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "engine/engine.h"
#include "tools/bench/baseline_solvers.h"

#define UNKNOWN8 0xFFu

/* ---- parts with small values: Subtraction, Kayles, pebbles, Subtract a
 * digit, Divide 2/3/6, a prime's exponent ---- */

static uint8_t *memo8;
static uint16_t memo8_entries;
static uint8_t subtraction_set;

static void memo8_prepare(uint32_t entries)
{
	memo8 = baseline_claim_work(entries);
	memo8_entries = (uint16_t)entries;
	memset(memo8, 0xFF, (size_t)entries);
}

static uint8_t subtraction_grundy(uint16_t n)
{
	if (memo8[n] != UNKNOWN8) {
		return memo8[n];
	}
	baseline_check_stack();
	uint32_t seen = 0;
	for (uint8_t s = 1; s <= 8u && s <= n; s++) {
		if (subtraction_set & (1u << (s - 1u))) {
			seen |= baseline_mask_of(subtraction_grundy((uint16_t)(n - s)));
		}
	}
	memo8[n] = baseline_mask_mex(seen);
	return memo8[n];
}

/* Kayles: knocking pin `at` (0-based) of a row of n leaves rows of at and
 * n - at - 1; two pins from `at` leave at and n - at - 2. */
static uint8_t kayles_grundy(uint16_t n)
{
	if (memo8[n] != UNKNOWN8) {
		return memo8[n];
	}
	baseline_check_stack();
	uint32_t seen = 0;
	for (uint16_t at = 0; at < n; at++) {
		seen |= baseline_mask_of((uint8_t)(kayles_grundy(at) ^ kayles_grundy((uint16_t)(n - at - 1u))));
		if ((uint32_t)at + 2u <= n) {
			seen |= baseline_mask_of((uint8_t)(kayles_grundy(at) ^ kayles_grundy((uint16_t)(n - at - 2u))));
		}
	}
	memo8[n] = baseline_mask_mex(seen);
	return memo8[n];
}

/* The pebble strip: a pebble on cell `at` of n free cells makes that cell
 * and its neighbours unusable, leaving at - 1 cells on the left (none at
 * the end) and n - at - 2 on the right. */
static uint16_t pebble_left(uint16_t at)
{
	return at > 0 ? (uint16_t)(at - 1u) : 0;
}

static uint16_t pebble_right(uint16_t n, uint16_t at)
{
	return (uint32_t)at + 2u <= n ? (uint16_t)(n - at - 2u) : 0;
}

static uint8_t pebbles_grundy(uint16_t n)
{
	if (memo8[n] != UNKNOWN8) {
		return memo8[n];
	}
	baseline_check_stack();
	uint32_t seen = 0;
	for (uint16_t at = 0; at < n; at++) {
		seen |= baseline_mask_of(
			(uint8_t)(pebbles_grundy(pebble_left(at)) ^ pebbles_grundy(pebble_right(n, at))));
	}
	memo8[n] = baseline_mask_mex(seen);
	return memo8[n];
}

typedef uint8_t part_grundy_fn(uint16_t n);

/* Fills the memo from 0 up to `most`. */
static void parts_prepare(part_grundy_fn *grundy, uint16_t most)
{
	memo8_prepare((uint32_t)most + 1u);
	for (uint16_t n = 0;; n++) {
		(void)grundy(n);
		if (n == most) {
			break;
		}
	}
}

void baseline_subtraction_solve(const struct position *pos)
{
	const uint16_t *heap = pos->u.heap;
	subtraction_set = pos->set;
	parts_prepare(subtraction_grundy, baseline_largest16(heap, pos->count));
	uint8_t x = 0;
	for (uint8_t i = 0; i < pos->count; i++) {
		x ^= subtraction_grundy(heap[i]);
	}
	for (uint8_t i = 0; i < pos->count; i++) {
		uint8_t target = (uint8_t)(subtraction_grundy(heap[i]) ^ x);
		for (uint8_t s = 1; s <= 8u && s <= heap[i]; s++) {
			if ((subtraction_set & (1u << (s - 1u))) &&
			    baseline_consider(subtraction_grundy((uint16_t)(heap[i] - s)) == target ? 0 : 1, i, s, 0,
					      0)) {
				return;
			}
		}
	}
}

void baseline_strips_solve(const struct position *pos)
{
	bool kayles = pos->game == GAME_KAYLES;
	part_grundy_fn *grundy = kayles ? kayles_grundy : pebbles_grundy;
	const uint16_t *row = pos->u.row;
	parts_prepare(grundy, baseline_largest16(row, pos->count));
	uint8_t x = 0;
	for (uint8_t i = 0; i < pos->count; i++) {
		x ^= grundy(row[i]);
	}
	for (uint8_t i = 0; i < pos->count; i++) {
		uint16_t n = row[i];
		uint8_t target = (uint8_t)(grundy(n) ^ x);
		for (uint16_t at = 0; at < n; at++) {
			uint8_t value = kayles ? (uint8_t)(grundy(at) ^ grundy((uint16_t)(n - at - 1u)))
					       : (uint8_t)(grundy(pebble_left(at)) ^ grundy(pebble_right(n, at)));
			if (baseline_consider(value == target ? 0 : 1, i, at, 1, 0)) {
				return;
			}
			if (kayles && (uint32_t)at + 2u <= n &&
			    baseline_consider((uint8_t)(grundy(at) ^ grundy((uint16_t)(n - at - 2u))) == target ? 0 : 1,
					      i, at, 2, 0)) {
				return;
			}
		}
	}
}

static uint8_t digit_grundy(uint16_t n)
{
	if (memo8[n] != UNKNOWN8) {
		return memo8[n];
	}
	baseline_check_stack();
	uint32_t seen = 0;
	for (uint16_t rest = n; rest != 0; rest /= 10u) {
		uint8_t d = (uint8_t)(rest % 10u);
		if (d != 0) {
			seen |= baseline_mask_of(digit_grundy((uint16_t)(n - d)));
		}
	}
	memo8[n] = baseline_mask_mex(seen);
	return memo8[n];
}

void baseline_digit_solve(const struct position *pos)
{
	uint32_t n = pos->u.number[0];
	if (n >= baseline_work_size) {
		baseline_give_up(); /* a memo of n + 1 values does not fit */
	}
	parts_prepare(digit_grundy, (uint16_t)n);
	for (uint32_t rest = n; rest != 0; rest /= 10u) {
		uint8_t d = (uint8_t)(rest % 10u);
		if (d != 0 && baseline_consider(digit_grundy((uint16_t)(n - d)), 0, d, 0, 0)) {
			return;
		}
	}
}

/* Divide 2/3/6: a number that reaches 0 is removed, so 0 has no moves.
 * Numbers below the memo's size are memoised; the recursion is only as
 * deep as the number has bits. */
static uint8_t divide_grundy(uint32_t n)
{
	if (n == 0) {
		return 0;
	}
	if (n < memo8_entries && memo8[n] != UNKNOWN8) {
		return memo8[n];
	}
	baseline_check_stack();
	uint32_t seen = baseline_mask_of(divide_grundy(n / 2u)) | baseline_mask_of(divide_grundy(n / 3u)) |
			baseline_mask_of(divide_grundy(n / 6u));
	uint8_t value = baseline_mask_mex(seen);
	if (n < memo8_entries) {
		memo8[n] = value;
	}
	return value;
}

/* 2, 3 and 6, computed: a constant array here could be merged by the
 * link-time optimiser with the engine's identical one in flash, which
 * then moves to RAM and reads wrong on the AVR. */
static uint8_t divisor(uint8_t k)
{
	return k == 0 ? 2u : k == 1 ? 3u : 6u;
}

void baseline_divide_solve(const struct position *pos)
{
	const uint32_t *number = pos->u.number;
	uint32_t most = 0;
	for (uint8_t i = 0; i < pos->count; i++) {
		if (number[i] > most) {
			most = number[i];
		}
	}
	/* Half the work area for the memo, the rest for 33 calls of stack. */
	uint32_t entries = most + 1u < baseline_work_size / 2u ? most + 1u : baseline_work_size / 2u;
	memo8_prepare(entries);
	uint8_t x = 0;
	for (uint8_t i = 0; i < pos->count; i++) {
		x ^= divide_grundy(number[i]);
	}
	for (uint8_t i = 0; i < pos->count; i++) {
		if (number[i] == 0) {
			continue;
		}
		uint8_t target = (uint8_t)(divide_grundy(number[i]) ^ x);
		for (uint8_t k = 0; k < 3u; k++) {
			if (baseline_consider(divide_grundy(number[i] / divisor(k)) == target ? 0 : 1, i, divisor(k), 0,
					      0)) {
				return;
			}
		}
	}
}

/* The prime-power game: dividing by p^k takes k from p's exponent, so a
 * prime's exponent e is a heap whose options are e - 1, ..., 0. */
static uint8_t exponent_grundy(uint16_t e)
{
	if (memo8[e] != UNKNOWN8) {
		return memo8[e];
	}
	baseline_check_stack();
	uint32_t seen = 0;
	for (uint16_t k = 1; k <= e; k++) {
		seen |= baseline_mask_of(exponent_grundy((uint16_t)(e - k)));
	}
	memo8[e] = baseline_mask_mex(seen);
	return memo8[e];
}

void baseline_prime_power_solve(const struct position *pos)
{
	uint32_t prime[ENGINE_MAX_FACTORS];
	uint8_t exponent[ENGINE_MAX_FACTORS];
	uint8_t count = 0;
	uint32_t n = pos->u.factors.n;
	/* Trial division by 2, 3, 4, ...: the textbook factorisation. */
	for (uint32_t d = 2; d < 65536u && d * d <= n; d++) {
		if (n % d == 0) {
			prime[count] = d;
			exponent[count] = 0;
			while (n % d == 0) {
				n /= d;
				exponent[count]++;
			}
			count++;
		}
	}
	if (n > 1) {
		prime[count] = n;
		exponent[count] = 1;
		count++;
	}
	memo8_prepare(33u);
	uint8_t x = 0;
	for (uint8_t i = 0; i < count; i++) {
		x ^= exponent_grundy(exponent[i]);
	}
	for (uint8_t i = 0; i < count; i++) {
		uint8_t target = (uint8_t)(exponent_grundy(exponent[i]) ^ x);
		for (uint8_t k = 1; k <= exponent[i]; k++) {
			if (baseline_consider(exponent_grundy((uint16_t)(exponent[i] - k)) == target ? 0 : 1, i, k, 0,
					      prime[i])) {
				return;
			}
		}
	}
}
