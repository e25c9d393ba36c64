/*
 * The Odra challenge.  The Odra 1003 played Marienbad on a teleprinter and,
 * by the Polish account, could take 8,000 rows of matches, answering in
 * about an hour.  Here a Nim position of any number of rows, each 0..65535,
 * arrives one row a line, and an empty line ends it.  A bad row (not a
 * number of 0..65535, or refused as any console line is) ends the
 * challenge at once with one error line, "error: row N: REASON", and no
 * answer: a person who typed a command by mistake, or the next command,
 * gets its reply on the next line instead of waiting for an empty line.
 * So the lines after a bad row are commands: a program that sends rows
 * back to back should send only good ones, or stop at the error line.  The answer is a
 * winning move under normal play and under misère play, from one pass in
 * O(1) RAM whatever the number of rows:
 *   - the nim-sum X of all rows;
 *   - for each bit, the first row that has it set, and that row's size s;
 *   - the rows above 1, counted up to 2.
 * Normal play: with X = 0 the player to move loses; otherwise the winning
 * move takes the first row holding X's highest bit down to s ^ X.
 * Misère play is normal play while two or more rows exceed 1.  With exactly
 * one such row (the first row holding the highest bit any row has), the
 * winner leaves it at 0 or 1 so that an odd number of 1-rows stays: it
 * leaves (X ^ s ^ 1) & 1.  With none, the same formula on the first row
 * holding bit 0 (s = 1) takes that row when the 1-rows are even and not
 * none, and finds no move otherwise: the player to move loses.
 *
 * The module computes and prints its answer; the console
 * (firmware/console.c) reads the rows from the serial line, times the
 * challenge and reports a bad row.
 */
#ifndef FIRMWARE_ODRA_H
#define FIRMWARE_ODRA_H

#include <stdbool.h>
#include <stdint.h>

#define ODRA_BITS 16u

struct odra_first {
	uint32_t row; /* counting from 1 */
	uint16_t size;
};

struct odra {
	uint32_t rows; /* rows so far */
	uint16_t nim_sum;
	uint16_t seen;                      /* bits some row has had */
	uint8_t big;                        /* rows above 1, counted up to 2 */
	struct odra_first first[ODRA_BITS]; /* the first row with bit b set (valid where `seen` has b) */
};

void odra_start(struct odra *odra);
/* On a fast line (hal/uart.h), the prompt, TEXT_ODRA_PROMPT, a line of its
 * own (transcript_line_end included), from plain text. */
void odra_print_prompt(void);
void odra_add_row(struct odra *odra, uint16_t size);
/* Whether `size` has a bit no row before it had: odra_add_row() then
 * notes the row for each such bit, 16 at most, and takes longer. */
static inline bool odra_row_is_new(const struct odra *odra, uint16_t size)
{
	return (size & (uint16_t)~odra->seen) != 0;
}
/* The answer on the serial line (firmware/transcript.h), one line without
 * its end:
 *   odra rows=R normal=MOVE misere=MOVE ms=T
 * MOVE is a winning move in the engine's Nim syntax (`4711-5` takes 5 from
 * row 4711) or `-` when the player to move loses under that rule (or has
 * no move); T is the time the console measured. */
void odra_print_answer(const struct odra *odra, uint32_t ms);

#endif
