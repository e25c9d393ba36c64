/*
 * Text shared by the board games (Taktix, Kubo, Nineteen): boards written
 * as rows of `O` (a piece) and `.` (an empty cell) separated by `/`, and
 * cells named by a letter and a number from 1, such as b3.
 */
#ifndef BOARD_TEXT_H
#define BOARD_TEXT_H

#include <stdint.h>

#include "engine/engine.h"
#include "engine/text.h"

/*
 * Rows of cells, row k holding flash_u8(lengths + k) cells; cell i of the
 * board is bit i of the result, row by row from the top, left to right.
 * ENGINE_ERR_SYNTAX for a missing or strange cell or a missing `/`,
 * ENGINE_ERR_TOO_MANY for a cell or a row too many.
 */
uint32_t board_scan_rows(struct scanner *in, const uint8_t *lengths, uint8_t rows);
void board_print_rows(const uint8_t *lengths, uint8_t rows, uint32_t cells);

/* A name such as `b3`: the letter, 0 for a (either case), and *number
 * from 0 for 1.  ENGINE_ERR_NO_SUCH when the letter is past `letters` or
 * the number past `numbers` or 0; ENGINE_ERR_SYNTAX when no letter comes
 * first, ENGINE_ERR_NUMBER when no number follows it. */
uint8_t board_scan_name(struct scanner *in, uint8_t letters, uint8_t numbers, uint8_t *number);
/* Writes such a name; every board has fewer than 10 rows. */
void board_print_name(uint8_t letter, uint8_t number);
/* The same on a square board `side` cells wide: the cell's number, row by
 * row from the top, the letter naming the column and the number the row. */
uint8_t board_scan_square(struct scanner *in, uint8_t side);
void board_print_square(uint8_t cell, uint8_t side);

/* The cells of a move as typed, `more` added to `cells`: a cell named
 * twice (`a1,a1`, `b1-b3,b2`) is refused, ENGINE_ERR_SYNTAX, since the
 * move it would stand for is not the one written. */
uint32_t board_add_cells(struct scanner *in, uint32_t cells, uint32_t more);

#endif
