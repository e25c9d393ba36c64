/*
 * The search's entry points (brute.h): each position goes to the way that
 * can solve it (search.h names them).  Most games go through the general
 * memoised search (search_tree.c); the games with large position counts,
 * or chains of moves too long for its recursion, through dense tables
 * filled in order (search_tables.c); long Kayles rows and pebble strips
 * through the values of single rows (search_strips.c).
 */
#include <stdlib.h>

#include "tests/brute/brute.h"
#include "tests/brute/search.h"

void *search_calloc(size_t count, size_t size)
{
	void *p = calloc(count, size);
	if (!p) {
		abort();
	}
	return p;
}

uint32_t search_mex(const bool *seen, size_t size)
{
	uint32_t m = 0;
	while (m < size && seen[m]) {
		m++;
	}
	return m;
}

uint32_t brute_grundy(const struct brute_pos *pos)
{
	uint32_t grundy;
	bool misere_wins;
	if (search_tables_value(pos, &grundy, &misere_wins)) {
		return grundy;
	}
	if ((pos->game == GAME_KAYLES || pos->game == GAME_PEBBLES) &&
	    search_strip_cells(pos) > BRUTE_STRIP_TREE_CELLS) {
		return search_strip_sum_value(pos);
	}
	return search_tree_grundy(pos);
}

bool brute_wins(const struct brute_pos *pos)
{
	if (!pos->misere) {
		return brute_grundy(pos) != 0;
	}
	uint32_t grundy;
	bool misere_wins;
	if (search_tables_value(pos, &grundy, &misere_wins)) {
		return misere_wins;
	}
	return search_tree_misere_wins(pos);
}

void brute_reset(void)
{
	search_tree_reset();
	search_tables_reset();
	search_strips_reset();
}
