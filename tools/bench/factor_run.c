/*
 * make bench's search for the numbers slowest to factor: the Prime-power
 * game's parse, which factors its number (engine/numbers.c), timed to the
 * cycle on the ATmega328P in simavr (the benchmark's AVR program,
 * bench_avr.c), its factorisation checked against the host engine's.
 *
 * usage: factor_run [--keep N] [--slowest FILE] [--out FILE] [--mcu NAME]
 *                   [--f-cpu HZ] [--verbose] BENCH.ELF
 *
 * How the candidates are chosen.  The factoring (factorise) tries 2, 3, 5
 * and then the numbers on a wheel of 30, each trial about 150 cycles, and
 * stops at a factor, or once a turn of the wheel starts past the root of
 * what is left; it never tries past 65,521.  Its cost is set by how many
 * divisors it tries: up to the smallest prime factor, then on up to the
 * root of the cofactor.  The most are tried by the numbers that reach the
 * wheel's last turn (65,497 to 65,521) with every divisor below it tried:
 * those with no prime factor below 65,497 and at least 65,497^2 =
 * 4,289,857,009, i.e. the primes in [65,497^2, 2^32) and the 20 products
 * of two primes from 65,497 up that fit in 32 bits.  Within that class a
 * trial's cost varies only a little with the number (divides() may stop
 * early), so its numbers differ little; the summary states the spread
 * measured.  Timed: all 20 products; the 200 largest primes below 2^32 and
 * 200 random primes of the class; and outside it, for comparison, every
 * product of two of the 20 largest primes below 2^16, random numbers and
 * random primes in [2^31, 2^32) (fixed seeds).  The slowest --keep go to
 * --slowest, one a line as "CYCLES NUMBER", slowest first, for console_run
 * to time over the serial line; a summary goes to the terminal and is
 * appended to --out.
 * The exit status is 0 when every answer agrees with the host engine's.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "engine/text.h"
#include "tools/bench/bench_session.h"
#include "tools/bench/common.h"

#define WHEEL_LAST_TURN 65497u /* the start of the wheel's last turn, 65,497 to 65,521 */
#define CLASS_LOW 4289857009u  /* 65,497^2: from here, a number with no factor below 65,497 tries them all */
#define LARGEST_PRIMES 200u    /* the largest primes below 2^32 */
#define CLASS_PRIMES 200u      /* random primes in [CLASS_LOW, 2^32) */
#define PAIRED_PRIMES 20u      /* every product of two (and square) of the largest primes below 2^16 */
#define RANDOM_NUMBERS 100u    /* random numbers in [2^31, 2^32) */
#define RANDOM_PRIMES 50u      /* random primes in [2^31, 2^32) */
#define KEEP_MOST 64u

static struct {
	unsigned keep;
	const char *slowest, *out, *mcu, *elf;
	uint32_t f_cpu;
	bool verbose;
} options = { .keep = 5, .mcu = "atmega328p", .f_cpu = 16000000u };

static struct bench_session session;
static struct {
	uint32_t number;
	uint64_t cycles;
} kept[KEEP_MOST];
static unsigned timed, disagreements;
static struct {
	unsigned timed;
	uint64_t fastest, slowest;
} full_class; /* the numbers that reach the wheel's last turn */
static uint32_t seed = 1003u;

static uint32_t random_next(void)
{
	seed ^= seed << 13;
	seed ^= seed >> 17;
	seed ^= seed << 5;
	return seed;
}

/* The host engine's factorisation, as the AVR program writes it. */
static void host_factors(uint32_t n, char *text, size_t size)
{
	char number[16];
	snprintf(number, sizeof number, "%" PRIu32, n);
	struct position pos;
	if (engine_parse_position(&pos, GAME_PRIME_POWER, number) != ENGINE_OK) {
		bench_fatal("the host engine refuses %s", number);
	}
	size_t at = 0;
	text[0] = '\0';
	for (uint8_t i = 0; i < pos.count; i++) {
		at += (size_t)snprintf(text + at, size - at, "%" PRIu32 "^%u ", pos.u.factors.prime[i],
				       pos.u.factors.exponent[i]);
	}
}

/* True when the factoring of n reaches the wheel's last turn: n has no
 * prime factor below the turn's start and is at least its square. */
static bool reaches_last_turn(uint32_t n)
{
	if (n < CLASS_LOW) {
		return false;
	}
	for (uint32_t d = 2; d < WHEEL_LAST_TURN; d++) {
		if (n % d == 0) {
			return false;
		}
	}
	return true;
}

static void time_number(uint32_t n)
{
	char number[16], expected[BENCH_ANSWER_MAX];
	snprintf(number, sizeof number, "%" PRIu32, n);
	bench_session_run(&session, BENCH_RUN_PARSE, GAME_PRIME_POWER, number, options.verbose);
	host_factors(n, expected, sizeof expected);
	if (strcmp(session.parse_answer, expected) != 0) {
		fprintf(stderr, "factor_run: %s: the AVR finds \"%s\", the host engine \"%s\"\n", number,
			session.parse_answer, expected);
		disagreements++;
	}
	timed++;
	if (reaches_last_turn(n)) {
		uint64_t c = session.parse_cycles;
		full_class.fastest = full_class.timed == 0 || c < full_class.fastest ? c : full_class.fastest;
		full_class.slowest = c > full_class.slowest ? c : full_class.slowest;
		full_class.timed++;
	}
	/* The slowest kept, slowest first. */
	for (unsigned i = 0; i < options.keep; i++) {
		if (session.parse_cycles > kept[i].cycles) {
			memmove(&kept[i + 1], &kept[i], (options.keep - 1u - i) * sizeof kept[0]);
			kept[i].number = n;
			kept[i].cycles = session.parse_cycles;
			break;
		}
	}
}

/* The `count` largest primes below `below`, into `primes`. */
static void largest_primes(uint32_t below, uint32_t *primes, unsigned count)
{
	unsigned found = 0;
	for (uint32_t n = below - 1u; found < count; n--) {
		if (bench_is_prime(n)) {
			primes[found++] = n;
		}
	}
}

/* A prime from `n` up, or 0 when none is below 2^32. */
static uint32_t prime_from(uint32_t n)
{
	while (!bench_is_prime(n)) {
		if (n == UINT32_MAX) {
			return 0;
		}
		n++;
	}
	return n;
}

static void search(void)
{
	/* The class's composites, all of them. */
	for (uint32_t p = prime_from(WHEEL_LAST_TURN); (uint64_t)p * p <= UINT32_MAX; p = prime_from(p + 1u)) {
		for (uint32_t q = p; (uint64_t)p * q <= UINT32_MAX; q = prime_from(q + 1u)) {
			time_number(p * q);
		}
	}
	/* Its primes: the largest, and at random. */
	static uint32_t primes[LARGEST_PRIMES];
	largest_primes(UINT32_MAX, primes, LARGEST_PRIMES);
	for (unsigned i = 0; i < LARGEST_PRIMES; i++) {
		time_number(primes[i]);
	}
	for (unsigned i = 0; i < CLASS_PRIMES;) {
		uint32_t n = prime_from(CLASS_LOW + random_next() % (UINT32_MAX - CLASS_LOW));
		if (n != 0) {
			time_number(n);
			i++;
		}
	}
	/* Outside it: a factor found late, and numbers at random. */
	static uint32_t small[PAIRED_PRIMES];
	largest_primes(1u << 16, small, PAIRED_PRIMES);
	for (unsigned i = 0; i < PAIRED_PRIMES; i++) {
		for (unsigned j = i; j < PAIRED_PRIMES; j++) {
			time_number(small[i] * small[j]);
		}
	}
	for (unsigned i = 0; i < RANDOM_NUMBERS; i++) {
		time_number(random_next() | 1u << 31);
	}
	for (unsigned i = 0; i < RANDOM_PRIMES; i++) {
		uint32_t n = prime_from(random_next() | 1u << 31);
		time_number(n != 0 ? n : UINT32_MAX);
	}
}

static void report(FILE *to)
{
	fprintf(to,
		"Prime power's factoring (the parse) on the %s at %g MHz, the slowest of %u numbers searched "
		"(tools/bench/factor_run.c):",
		options.mcu, options.f_cpu / 1e6, timed);
	for (unsigned i = 0; i < options.keep && kept[i].cycles != 0; i++) {
		fprintf(to, "%s %" PRIu32 " in %" PRIu64 " cycles (%.1f ms)", i ? "," : "", kept[i].number,
			kept[i].cycles, (double)kept[i].cycles * 1000.0 / options.f_cpu);
	}
	fprintf(to,
		".  The %u of them that reach the wheel's last turn (every divisor below 65,497 tried): %" PRIu64
		" to %" PRIu64 " cycles.\n",
		full_class.timed, full_class.fastest, full_class.slowest);
}

static void write_slowest(void)
{
	FILE *file = fopen(options.slowest, "w");
	if (file == NULL) {
		bench_fatal("cannot write %s", options.slowest);
	}
	for (unsigned i = 0; i < options.keep && kept[i].cycles != 0; i++) {
		fprintf(file, "%" PRIu64 " %" PRIu32 "\n", kept[i].cycles, kept[i].number);
	}
	if (fclose(file) != 0) {
		bench_fatal("cannot write %s", options.slowest);
	}
}

static void parse_options(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		bool value = i + 1 < argc;
		if (strcmp(argv[i], "--keep") == 0 && value) {
			options.keep = (unsigned)strtoul(argv[++i], NULL, 10);
		} else if (strcmp(argv[i], "--slowest") == 0 && value) {
			options.slowest = argv[++i];
		} else if (strcmp(argv[i], "--out") == 0 && value) {
			options.out = argv[++i];
		} else if (strcmp(argv[i], "--mcu") == 0 && value) {
			options.mcu = argv[++i];
		} else if (strcmp(argv[i], "--f-cpu") == 0 && value) {
			options.f_cpu = (uint32_t)strtoul(argv[++i], NULL, 10);
		} else if (strcmp(argv[i], "--verbose") == 0) {
			options.verbose = true;
		} else if (argv[i][0] != '-' && options.elf == NULL) {
			options.elf = argv[i];
		} else {
			options.elf = NULL;
			break;
		}
	}
	if (options.elf == NULL || options.keep == 0 || options.keep > KEEP_MOST - 1u || options.f_cpu < 1000u) {
		bench_fatal("usage: factor_run [--keep N] [--slowest FILE] [--out FILE] [--mcu NAME] [--f-cpu HZ] "
			    "[--verbose] BENCH.ELF");
	}
}

int main(int argc, char **argv)
{
	parse_options(argc, argv);
	bench_session_open(&session, options.elf, options.mcu, options.f_cpu, 0);
	search();
	report(stdout);
	if (options.out != NULL) {
		FILE *file = fopen(options.out, "a");
		if (file == NULL) {
			bench_fatal("cannot append to %s", options.out);
		}
		report(file);
		fclose(file);
	}
	if (options.slowest != NULL) {
		write_slowest();
	}
	if (disagreements != 0) {
		fprintf(stderr, "factor_run: %u of %u factorisations disagree with the host engine's\n", disagreements,
			timed);
		return 1;
	}
	return 0;
}
