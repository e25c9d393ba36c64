/*
 * Reading and writing the engine's text forms: positions, moves, analysis.
 *
 * A scanner walks a NUL-terminated line; every reader skips leading spaces
 * and tabs, leaves the scanner where it stopped, and reports errors through
 * the engine's error codes.  Writers stream characters to a text_sink, so
 * nothing is ever assembled in a RAM buffer on the device.
 */
#ifndef ENGINE_TEXT_H
#define ENGINE_TEXT_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/engine.h"

struct scanner {
	const char *at;
};

void scan_skip_space(struct scanner *in);
bool scan_at_end(struct scanner *in); /* skips spaces first */
/* True and consumes `c` (after spaces) when it comes next. */
bool scan_char(struct scanner *in, char c);
/* Case-insensitive keyword followed by a non-letter; consumes it when true. */
bool scan_word(struct scanner *in, const char *flash_word);
/* Decimal number in 0..max.  ENGINE_ERR_NUMBER when no digit comes next,
 * ENGINE_ERR_RANGE when it is larger than max (the digits are consumed). */
enum engine_error scan_u32(struct scanner *in, uint32_t max, uint32_t *value);
enum engine_error scan_u16(struct scanner *in, uint16_t max, uint16_t *value);
enum engine_error scan_u8(struct scanner *in, uint8_t max, uint8_t *value);

/* A 1-based index in 1..count, stored 0-based.  ENGINE_ERR_NUMBER when no
 * digit comes next, ENGINE_ERR_NO_SUCH when it is 0 or above count. */
enum engine_error scan_index(struct scanner *in, uint8_t count, uint8_t *index);
/* One or more numbers to the end of the text, separated by spaces or
 * commas: at most `most` (else ENGINE_ERR_TOO_MANY), each 0..65535 (list16)
 * or 0..2^32-1 (list32). */
enum engine_error scan_list16(struct scanner *in, uint16_t *list, uint8_t most, uint8_t *count);
enum engine_error scan_list32(struct scanner *in, uint32_t *list, uint8_t most, uint8_t *count);

void print_char(struct text_sink *out, char c);
void print_flash(struct text_sink *out, const char *flash_text); /* a string in flash */
void print_ram(struct text_sink *out, const char *text);
void print_u32(struct text_sink *out, uint32_t value);
/* `a`, the separator, `b`: the shape of most moves (2-3, 1/6, 5>2). */
void print_pair(struct text_sink *out, uint32_t a, char separator, uint32_t b);
/* Numbers separated by single spaces. */
void print_list16(struct text_sink *out, const uint16_t *list, uint8_t count);
void print_list32(struct text_sink *out, const uint32_t *list, uint8_t count);

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
