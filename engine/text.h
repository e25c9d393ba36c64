/*
 * Reading and writing the engine's text forms: positions, moves, analysis.
 *
 * A scanner walks a NUL-terminated line and keeps the first error it meets:
 * every reader skips leading spaces and tabs and leaves the scanner where
 * it stopped; once an error is kept, readers read nothing more (numbers
 * come back as 0, characters as absent), so a parser reads its whole syntax
 * and asks for the error once, at the end.  Writers stream characters to a
 * text_sink, so nothing is ever assembled in a RAM buffer on the device.
 */
#ifndef ENGINE_TEXT_H
#define ENGINE_TEXT_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/engine.h"

/* A Polish letter of engine/letters.def in a text: one byte, this plus its
 * place in that list (the texts' sources write it in UTF-8; the packer
 * turns it into this byte).  What shows a text turns it back into what its
 * device can show. */
#define TEXT_LETTER_FIRST 0x80u
#define TEXT_LETTERS 18u

struct scanner {
	const char *at;
	uint8_t error; /* enum engine_error: the first error met, or ENGINE_OK */
};

/* Keeps `err` unless an error is kept already. */
void scan_fail(struct scanner *in, enum engine_error err);
void scan_skip_space(struct scanner *in);
/* True at the end of the text (after spaces), or after an error. */
bool scan_at_end(struct scanner *in);
/* True and consumes `c` (after spaces) when it comes next. */
bool scan_char(struct scanner *in, char c);
/* `c` must come next: ENGINE_ERR_SYNTAX otherwise. */
void scan_expect(struct scanner *in, char c);
/* Case-insensitive keyword followed by a non-letter; consumes it when true. */
bool scan_word(struct scanner *in, const char *flash_word);
/* The words a position's text may start with, NUL-separated in flash, in
 * this order: the rules (enum engine_rule), Taktix's variants (enum
 * engine_taktix_variant), then the heap games' settings `k=`, `S=` and
 * `left=`. */
enum position_word {
	WORD_NORMAL = RULE_NORMAL,
	WORD_MISERE = RULE_MISERE,
	WORD_ANY,
	WORD_ADJACENT,
	WORD_K,
	WORD_S,
	WORD_LEFT,
	POSITION_WORDS
};
extern const char position_words[];

/* Which of `count` keywords, NUL-separated in `flash_words`, comes next
 * (as scan_word reads one), the first in the list that does and whose bit
 * is set in `accepted`; consumed.  `count` when none does. */
uint8_t scan_keyword(struct scanner *in, const char *flash_words, uint8_t count, uint8_t accepted);
/* Decimal number in 0..max.  ENGINE_ERR_NUMBER when no digit comes next,
 * `too_big` when it is larger than max (the digits are consumed). */
uint32_t scan_number(struct scanner *in, uint32_t max, enum engine_error too_big);
/* The same for a bound below 65536 (most numbers in the syntax). */
uint16_t scan_u16(struct scanner *in, uint16_t max, enum engine_error too_big);
/* A 1-based index in 0..count, returned 0-based.  ENGINE_ERR_NUMBER when
 * no digit comes next, ENGINE_ERR_NO_SUCH when it is above count; 0 comes
 * back as 255, which the legality checks refuse as no such part. */
uint8_t scan_index(struct scanner *in, uint8_t count);
/* One or more numbers to the end of the text, separated by spaces or
 * commas: at most `most` (else ENGINE_ERR_TOO_MANY), each 0..65535 in
 * `list`, or 0..2^32-1 when `wide` (`list` then holds uint32_t).  With
 * `second` (16-bit lists only), each number may be followed by `/` and a
 * second one, not below the first (ENGINE_ERR_ABOVE_START), kept in
 * `second` (the first one when there is none).  Returns how many. */
uint8_t scan_list(struct scanner *in, void *list, bool wide, uint16_t *second, uint8_t most);

/*
 * Printing.  The engine's printers write to one sink at a time, the one
 * every public print call of the engine names first (print_to), so that the
 * sink is not handed down through every printer of every game.
 */
void print_to(struct text_sink *out);
void put_char(char c);
void put_flash(const char *flash_text); /* a string in flash */
void put_u32(uint32_t value);
void put_u16(uint16_t value);  /* the same, for smaller numbers (shorter calls) */
void put_digit(uint8_t value); /* a number below 10 */
/* `a`, the separator, `b`: the shape of most moves (2-3, 1/6, 5>2).  `b`
 * is always small (a count, a column, an exponent): 16 bits make each call
 * shorter. */
void put_pair(uint32_t a, char separator, uint16_t b);
/* A word of position_words, then `after`: a space, or `=` before a
 * setting's value. */
void put_word(enum position_word word, char after);
/* The numbers of the bits set in `bits`, from bit 0 up, separated by
 * commas, each written by `name` (the members of Subtraction's S, the
 * cells of a board game's move). */
void put_members(uint32_t bits, void (*name)(uint8_t bit));
/* Subtraction's S, bit i of `set` being amount i + 1: `1,3,4`. */
void put_amounts(uint8_t set);
/* Numbers separated by single spaces. */
void put_list(const uint32_t *list, uint8_t count);
/* The same for bytes, with any separator (a matrix row's `1 2 3` or
 * `0,3,1`, Chomp's rows). */
void put_bytes(const uint8_t *list, uint8_t count, char separator);

/* In a flash list of NUL-terminated strings, the one after `count` others. */
const char *flash_skip(const char *flash_list, uint8_t count);

/* The same for callers outside the engine, to a sink of their own. */
void print_char(struct text_sink *out, char c);
void print_flash(struct text_sink *out, const char *flash_text);
void print_u32(struct text_sink *out, uint32_t value);

/* A sink that fills a caller's buffer, always NUL-terminated, dropping what
 * does not fit and noting that it did. */
struct buffer_sink {
	struct text_sink sink;
	char *buffer;
	uint16_t size;
	uint16_t length;
	bool overflowed;
};

void buffer_sink_init(struct buffer_sink *b, char *buffer, uint16_t size);

#endif
