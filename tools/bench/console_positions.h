/*
 * The console lines make bench times for each game, searched for rather
 * than guessed (tools/bench/console_run.c times them):
 *   - the positions at the limits `grundy --list` states (the most parts,
 *     the largest numbers, every parameter at both ends);
 *   - the ones the engine's methods find hardest: Subtract a digit just
 *     below each of its checkpoints and at 100,000; the largest primes
 *     below 2^32, products of two large primes, powers of 2, and the
 *     numbers make bench's factoring search (tools/bench/factor_run.c)
 *     found slowest to factor on the AVR; Kayles and pebbles rows of
 *     65,535 whose move splits one of 40;
 *   - random positions at the limits, from a fixed seed.
 */
#ifndef TOOLS_BENCH_CONSOLE_POSITIONS_H
#define TOOLS_BENCH_CONSOLE_POSITIONS_H

#include <stddef.h>
#include <stdint.h>

#define CONSOLE_POSITION_MAX 320u /* a position's text, with its settings */

/* Called with each position, the text that follows the game's name on the
 * console's line. */
typedef void console_position_timer(void *ctx, uint8_t game, const char *position);

/* Hands `time` each position of `game` to time, with `ctx`.  `factors`:
 * the factoring search's file of "CYCLES NUMBER" lines, timed for Prime
 * power, or NULL. */
void console_positions_search(uint8_t game, const char *factors, console_position_timer *time, void *ctx);

/* `count` numbers of 65,535, the largest heap or row, joined by spaces. */
void console_positions_largest(char *text, size_t size, unsigned count);

#endif
