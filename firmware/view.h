/*
 * How every game looks on the 16x2 LCD and how a person enters a move with
 * the five buttons.  The screens (firmware/play.c, firmware/menu.c) know
 * nothing of any game: they call these functions.
 *
 * Three kinds of picture serve all eighteen games:
 *   line:  the numbers of the position on row 0 (heaps, numbers, coins'
 *          squares, prime powers, Matrix Nim's cells with `/` between its
 *          rows), the chosen one in brackets: `1 3 [5] 7`; a line wider than
 *          the display scrolls by whole numbers, `<` and `>` showing more;
 *   strip: Kayles' pins and the pebble strip's free cells drawn on row 0,
 *          two to a character, a gap between rows; the chosen pin
 *          underlined, the ones a move takes hatched;
 *   board: Chomp, Taktix, Kubo and Nineteen drawn with the eight custom
 *          characters as a 20x16-pixel picture in columns 0-3 of both rows,
 *          the words in columns 5-15; the piece under the cursor blinks,
 *          the ones a move takes are hatched.
 * Row 1 (or the words beside a board) says the move being made, the
 * machine's move ("I take 3"), a refusal or "Thinking...", or the hint:
 * "Win: Take 3" (the move marked as the machine's are) or "Every move
 * loses".
 *
 * Input, the same for every game:
 *   line, strip and Kubo: UP and DOWN choose where (a heap, number,
 *     factor, cell, pin, stack; Wythoff: either heap or both), LEFT and
 *     RIGHT how much (stones, the digit, the divisor, the exponent, squares,
 *     pins; Kubo: 1-3 from the stack, or one each from it and the stack to
 *     its right or below); SELECT plays; bringing the amount back to 0
 *     cancels the half-made move;
 *   Chomp, Taktix, Nineteen: the arrows move the cursor; SELECT picks the
 *     piece under it (or unpicks it), and SELECT again right away plays the
 *     pieces picked; unpicking them cancels.  Chomp picks one piece and
 *     shows every piece it would eat.
 */
#ifndef FIRMWARE_VIEW_H
#define FIRMWARE_VIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/engine.h"

/* A half-made move, or the machine's move being shown. */
struct view_cursor {
	struct move mv;  /* the move itself, as the engine takes it */
	uint8_t part;    /* line: the part (Wythoff: 2 is both heaps; Matrix Nim: a
	                  * cell); strip: the row; Kubo: the stack; board: the
	                  * place, row * 16 + column */
	uint16_t amount; /* line, strip, Kubo: how much */
	bool armed;      /* board: SELECT again plays */
};

/* A cursor's part that marks nothing in a line or a strip. */
#define VIEW_NO_PART 0xFFu

/* What view_key() asks of the screen. */
enum view_action { VIEW_NOTHING, VIEW_REDRAW, VIEW_PLAY };

/* What the words say; a refusal is WORDS_REFUSED plus the engine's reason
 * (enum engine_error), so one byte tells both. */
enum view_words { WORDS_PERSON, WORDS_THINKING, WORDS_MACHINE, WORDS_HINT, WORDS_LOSING, WORDS_REFUSED };

/* Sets the cursor up for the person's turn, keeping its place when that
 * still has something to take. */
void view_cursor_reset(const struct position *pos, struct view_cursor *cursor);
/* Handles a key of the person's turn. */
uint8_t view_key(const struct position *pos, struct view_cursor *cursor, uint8_t key);
/* Sets up the cursor whose move is the machine's move in `pos` to show it. */
void view_cursor_of_move(const struct position *pos, struct view_cursor *cursor);

/* The whole screen: the position with the cursor's move marked (and, when
 * `blink` is set on a board, the cursor's piece shown inverted), and the
 * words `words`.  A cursor whose
 * part is VIEW_NO_PART (WORDS_THINKING's) marks no move, on a board too. */
void view_draw(const struct position *pos, const struct view_cursor *cursor, uint8_t words, bool blink);

/* A text running along row 1, the menu's rules or the reason why: a
 * character every VIEW_MARQUEE_MS after a pause of VIEW_MARQUEE_PAUSE
 * steps at its start, and round again once the whole text has gone by.
 * `print` writes the text whole at step 0, into room for the longest rules
 * with some to spare (a longer text is cut; the console prints the reason
 * why whole), kept for the steps after it, and step `step` of it is drawn.
 * Gives the step to draw next, never 0 again: a new text begins at 0. */
#define VIEW_MARQUEE_MS 300u
#define VIEW_MARQUEE_PAUSE 5u
#define VIEW_MARQUEE_MAX 96u
uint8_t view_draw_marquee(void (*print)(struct text_sink *out), uint8_t step);

/* `at` (below `count`) moved one step (+1 or -1), wrapping round: the
 * modulo of a negative step without a division. */
uint8_t view_wrap(uint8_t at, int8_t step, uint8_t count);

/* ---- the numbers of a position, for the menu and the line ---- */

/* How many numbers the line shows (each engine_part_value's): the parts
 * (heaps, numbers, factors, coins, rows, stacks), and Matrix Nim's
 * cells. */
uint8_t view_line_parts(const struct position *pos);

#endif
