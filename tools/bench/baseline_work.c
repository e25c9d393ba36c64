/*
 * What every solver of the textbook baseline uses (see baseline.c for the
 * method): the work area lent by the caller, with the check that the
 * stack stays above the part in use; sets of values and their mex; and
 * the answer being built, a move kept as each is considered.
 */
#include <setjmp.h>
#include <stdint.h>

#include "tools/bench/baseline_solvers.h"

/* Room below the last checked frame for the calls it still makes. */
#define STACK_MARGIN 64u

jmp_buf baseline_failure;
struct baseline_answer *baseline_found;
uint8_t *baseline_work;
uint16_t baseline_work_size;
static uint16_t work_used;
static uintptr_t stack_floor;

/* ---- memory ---- */

void baseline_give_up(void)
{
	longjmp(baseline_failure, 1);
}

void baseline_check_stack(void)
{
	uint8_t here;
	if ((uintptr_t)&here < stack_floor) {
		baseline_give_up();
	}
}

void baseline_release_work(void)
{
	work_used = 0;
	stack_floor = (uintptr_t)baseline_work + STACK_MARGIN;
}

void *baseline_claim_work(uint32_t bytes)
{
	if (bytes > (uint32_t)(baseline_work_size - work_used)) {
		baseline_give_up();
	}
	uint8_t *p = baseline_work + work_used;
	work_used = (uint16_t)(work_used + bytes);
	stack_floor = (uintptr_t)(baseline_work + work_used) + STACK_MARGIN;
	baseline_check_stack();
	return p;
}

/* ---- values and mex ---- */

void baseline_seen_mark(uint8_t *seen, uint16_t bits, uint16_t value)
{
	if (value < bits) {
		seen[value >> 3] |= (uint8_t)(1u << (value & 7u));
	}
}

uint16_t baseline_seen_mex(const uint8_t *seen, uint16_t bits)
{
	uint16_t v = 0;
	while (v < bits && (seen[v >> 3] & (1u << (v & 7u)))) {
		v++;
	}
	if (v == bits) {
		baseline_give_up(); /* more values than the set holds */
	}
	return v;
}

uint32_t baseline_mask_of(uint8_t value)
{
	if (value >= 32u) {
		baseline_give_up();
	}
	return (uint32_t)1 << value;
}

uint8_t baseline_mask_mex(uint32_t seen)
{
	uint8_t v = 0;
	while (seen & 1u) {
		seen >>= 1;
		v++;
	}
	return v;
}

/* ---- answers ---- */

void baseline_answer_move(uint8_t part, uint16_t a, uint16_t b)
{
	baseline_found->has_move = true;
	baseline_found->part = part;
	baseline_found->a = a;
	baseline_found->b = b;
}

bool baseline_consider(uint16_t value_after, uint8_t part, uint16_t a, uint16_t b, uint32_t cells)
{
	if (!baseline_found->has_move || value_after == 0) {
		baseline_answer_move(part, a, b);
		baseline_found->cells = cells;
	}
	if (value_after == 0) {
		baseline_found->outcome = OUTCOME_N;
		return true;
	}
	return false;
}
