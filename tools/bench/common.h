/*
 * What the host programs of make bench share: failing with a message that
 * names the program, figures printed to the terminal and a file, numbers
 * written for people, and the primes some of
 * them look for.
 */
#ifndef TOOLS_BENCH_COMMON_H
#define TOOLS_BENCH_COMMON_H

#include <stdbool.h>
#include <stdint.h>

/* Prints "PROGRAM: " and the message on stderr, and exits with status 2,
 * which make bench reads as the measurement itself failing. */
__attribute__((format(printf, 1, 2), noreturn)) void bench_fatal(const char *format, ...);

/* Where bench_say writes: the terminal unless `terminal` is false (when
 * it gets TAP instead), and the file `path` unless it is NULL, opened with
 * fopen's `mode` ("a" to append, "w" to write anew); bench_fatal when it
 * cannot be opened.  Until this is called, only the terminal. */
void bench_say_to(const char *path, const char *mode, bool terminal);

/* Prints a figure to the terminal and the file of bench_say_to. */
__attribute__((format(printf, 1, 2))) void bench_say(const char *format, ...);

/* Closes bench_say_to's file; bench_fatal when it could not be written. */
void bench_say_close(void);

/* `value` with its thousands separated by commas ("1,234,567"), in one of
 * eight buffers that take turns, so that several may appear in one
 * printf. */
const char *bench_grouped(uint64_t value);

/* Whether `n` is prime, by trial division: fast enough for the few
 * numbers near 2^32 the bench programs test. */
bool bench_is_prime(uint32_t n);

#endif
