/*
 * Every compiler attribute and optimisation barrier the project uses, in
 * one place, each with its reason.  It names no register, no pin and no
 * game, so every layer may include it: engine/, hal/, firmware/, tools/
 * and tests/ alike (hal/ includes only board/ and this).  GCC (avr-gcc and
 * the host's) and Clang (the fuzzer's) all know them.  `make symbols` lists what each function
 * and table takes in flash, so a reader can check any of these choices.
 */
#ifndef COMMON_ATTRIBUTES_H
#define COMMON_ATTRIBUTES_H

/*
 * Keeps a function out of line.  The link-time optimiser copies a function
 * called from several places into each of them when it judges the copies
 * faster; on a chip whose limit is its flash, one shared copy is the
 * better trade for the functions marked so.
 */
#define OUT_OF_LINE __attribute__((noinline))

/*
 * Copies a short function into each caller: an interrupt handler's work
 * that a reader polling the same hardware does too, where a call would
 * cost much of a byte's time on the fastest serial line (hal/uart.c); and
 * engine/games.h's game_family, whose promise that a family is one of the
 * list reaches the compiler only where it is copied into the dispatch's
 * switch (an outlined copy, as -fno-inline-small-functions would make,
 * carries no such promise and costs a call).
 */
#define ALWAYS_INLINE inline __attribute__((always_inline))

/*
 * A pointer the optimiser cannot see through.  When it knows that a
 * pointer always holds the same global's address, it turns every access
 * through it into an absolute load or store (LDS/STS, 4 bytes each on the
 * AVR) instead of one relative to a pointer register (LDD/STD, 2 bytes).
 * A function that works on one large global record through many accesses
 * takes OPAQUE(&record) to keep the shorter form.  It gives back the
 * pointer's own type, const or not.
 */
#define OPAQUE(pointer)                                         \
	__extension__({                                         \
		__typeof__(pointer) opaque_pointer = (pointer); \
		__asm__("" : "+r"(opaque_pointer));             \
		opaque_pointer;                                 \
	})

/*
 * A function the C start-up runs before main(), in the given .initN
 * section: no prologue or return (the start-up falls through the .init
 * sections one after another), and kept although nothing calls it.
 */
#define RUN_AT_START_UP(section_name) __attribute__((naked, used, section(section_name)))

/*
 * Tells the compiler that a place is never reached, so that it need not
 * handle values that cannot occur: a switch on a game's family then
 * needs no check for values past the last family (engine/games.h).  The
 * host's tests build with UBSan, which stops there if it ever is reached.
 */
#define UNREACHABLE() __builtin_unreachable()

/*
 * Marks a switch's case that goes on into the next one on purpose, so that
 * the compiler's warning about a forgotten break still finds the others
 * (engine.c's dispatch, where two families share one call).  Compilers
 * that do not know the attribute do not warn either.
 */
#if defined(__has_attribute)
#if __has_attribute(fallthrough)
#define FALL_THROUGH __attribute__((fallthrough))
#endif
#endif
#ifndef FALL_THROUGH
#define FALL_THROUGH \
	do {         \
	} while (0)
#endif

#endif
