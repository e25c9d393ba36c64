/*
 * The build-time table generator: a host program run by the Makefile that
 * solves games and writes their tables as C source for the engine.  Its
 * output (build/gen/engine_tables.{c,h}) is a build product, never edited
 * or committed.
 *
 * Each part writes its tables to `c` (definitions, placed in flash with
 * ENGINE_FLASH) and their declarations and constants to `h`, and returns 0,
 * or prints why it failed to stderr and returns non-zero (a failed proof
 * fails the build).
 */
#ifndef GEN_H
#define GEN_H

#include <stdio.h>

/* Octal and subtraction games: periods found and proved (Guy-Smith). */
int gen_periodic(FILE *c, FILE *h);
/* Subtract a digit: checkpoints of its Grundy values.  Divide by 2/3/6:
 * the intervals on which the Grundy value is constant. */
int gen_numbers(FILE *c, FILE *h);
/* Chomp, Taktix, Kubo, Nineteen: compressed sets of losing positions. */
int gen_boards(FILE *c, FILE *h);

#endif
