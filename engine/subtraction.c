/* Subtraction-game values with period detection; see subtraction.h. */
#include "engine/subtraction.h"

/* The largest element of S. */
static uint8_t set_max(uint8_t set)
{
	uint8_t t = 0;
	for (uint8_t s = 1; s <= 8; s++) {
		if (set & (1u << (s - 1u))) {
			t = s;
		}
	}
	return t;
}

/* mex of the values a heap of n reaches. */
static uint8_t mex_below(uint8_t set, const uint8_t *value, uint8_t n)
{
	uint16_t seen = 0;
	for (uint8_t s = 1; s <= 8 && s <= n; s++) {
		if (set & (1u << (s - 1u))) {
			seen |= (uint16_t)(1u << value[n - s]);
		}
	}
	uint8_t g = 0;
	while (seen & (1u << g)) {
		g++;
	}
	return g;
}

static bool windows_equal(const uint8_t *value, uint8_t a, uint8_t b, uint8_t t)
{
	for (uint8_t i = 0; i < t; i++) {
		if (value[a + i] != value[b + i]) {
			return false;
		}
	}
	return true;
}

/*
 * The window at b (values b..b+t-1) is compared with every earlier window
 * as soon as it is complete.  The first repeat gives the exact pre-period
 * and period: the windows follow one another deterministically, so the
 * first repeated window starts the cycle, and a window equal to another
 * `period` later makes the values periodic from there on.
 */
bool subtraction_solve(uint8_t set, uint8_t *value, uint8_t size, struct subtraction_period *found)
{
	uint8_t t = set_max(set);
	if (t == 0) {
		return false;
	}
	for (uint8_t n = 0; n < size; n++) {
		value[n] = mex_below(set, value, n);
		if (n + 1u < t) {
			continue;
		}
		uint8_t b = (uint8_t)(n + 1u - t);
		for (uint8_t a = 0; a < b; a++) {
			if (windows_equal(value, a, b, t)) {
				found->pre = a;
				found->period = (uint8_t)(b - a);
				found->values = (uint8_t)(n + 1u);
				return true;
			}
		}
	}
	return false;
}

uint8_t subtraction_value(const uint8_t *value, const struct subtraction_period *found, uint16_t n)
{
	if (n < found->pre) {
		return value[n];
	}
	return value[found->pre + (uint16_t)(n - found->pre) % found->period];
}
