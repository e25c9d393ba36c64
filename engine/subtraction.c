/* Subtraction-game values with period detection; see subtraction.h. */
#include "engine/subtraction.h"

#define WINDOW 8u /* the most a move takes: a value depends on this many below it */

uint8_t subtraction_solve(uint8_t set, uint8_t *value, uint8_t size)
{
	for (uint8_t n = 0; n < size; n++) {
		uint16_t seen = 0;   /* bit g: some move reaches value g */
		uint8_t moves = set; /* bit 0: s, from s = 1 */
		for (uint8_t s = 1; s <= n && moves != 0; s++, moves >>= 1) {
			if (moves & 1u) {
				seen |= (uint16_t)(1u << value[n - s]);
			}
		}
		uint8_t g = 0;
		for (; seen & 1u; seen >>= 1) {
			g++;
		}
		value[n] = g;
	}
	for (uint8_t p = 1; p + WINDOW <= size; p++) {
		const uint8_t *last = value + size - WINDOW;
		uint8_t i = 0;
		while (i < WINDOW && last[i] == last[i - p]) {
			i++;
		}
		if (i == WINDOW) {
			return p;
		}
	}
	return 0;
}

uint16_t periodic_index(uint16_t n, uint8_t size, uint8_t period)
{
	if (n >= size) {
		n = (uint16_t)(size - period + (uint16_t)(n - size) % period);
	}
	return n;
}

uint8_t subtraction_value(const uint8_t *value, uint8_t size, uint8_t period, uint16_t n)
{
	return value[periodic_index(n, size, period)];
}
