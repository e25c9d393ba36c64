/*
 * What the search's files share (brute.h is what the solver's users see).
 * search.c answers brute_grundy() and brute_wins() from one of three ways
 * to find a value: the general memoised search over any position
 * (search_tree.c), the dense tables of the games too large or too deep for
 * it (search_tables.c), and the values of single Kayles rows and pebble
 * strips combined by the Sprague-Grundy theorem (search_strips.c).
 */
#ifndef BRUTE_SEARCH_H
#define BRUTE_SEARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tests/brute/brute.h"

/* ---- what the ways share (search.c) ---- */

/* calloc that stops the program when memory runs out. */
void *search_calloc(size_t count, size_t size);
/* The least value whose mark in seen[0..size-1] is false (size when all
 * are true). */
uint32_t search_mex(const bool *seen, size_t size);

/* ---- the general search (search_tree.c) ---- */

/* The normal-play value, and under misère whether the player to move wins,
 * of any position, by memoised game-tree search. */
uint32_t search_tree_grundy(const struct brute_pos *pos);
bool search_tree_misere_wins(const struct brute_pos *pos);
void search_tree_reset(void);

/* ---- the dense tables (search_tables.c) ---- */

/* Whether a dense table holds `pos`: Taktix, Nineteen, Kubo, Wythoff,
 * Subtract a digit, and one heap of Subtraction or Limit Nim.  If so, its
 * normal-play value in *grundy and whether the player to move wins under
 * misère in *misere_wins. */
bool search_tables_value(const struct brute_pos *pos, uint32_t *grundy, bool *misere_wins);
void search_tables_reset(void);

/* ---- single rows (search_strips.c) ---- */

/* All the cells of a Kayles or Pebbles position. */
uint32_t search_strip_cells(const struct brute_pos *pos);
/* The normal-play value of a Kayles or Pebbles position from the values
 * of its single rows. */
uint32_t search_strip_sum_value(const struct brute_pos *pos);
void search_strips_reset(void);

#endif
