/* Text scanning and printing shared by every game; see text.h. */
#include "engine/text.h"

#include "common/attributes.h"
#include "engine/flash.h"

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}
static char lower(char c)
{
	return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
}

/* Out of line: one copy for the many parsers that call it. */
OUT_OF_LINE void scan_fail(struct scanner *in, enum engine_error err)
{
	if (in->error == ENGINE_OK) {
		in->error = (uint8_t)err;
	}
}

void scan_skip_space(struct scanner *in)
{
	while (*in->at == ' ' || *in->at == '\t') {
		in->at++;
	}
}

bool scan_at_end(struct scanner *in)
{
	scan_skip_space(in);
	return *in->at == '\0' || in->error != ENGINE_OK;
}

bool scan_char(struct scanner *in, char c)
{
	scan_skip_space(in);
	if (*in->at != c || in->error != ENGINE_OK) {
		return false;
	}
	in->at++;
	return true;
}

void scan_expect(struct scanner *in, char c)
{
	if (!scan_char(in, c)) {
		scan_fail(in, ENGINE_ERR_SYNTAX);
	}
}

bool scan_word(struct scanner *in, const char *flash_word)
{
	scan_skip_space(in);
	const char *p = in->at;
	char w;
	while ((w = flash_char(flash_word++)) != '\0') {
		if (lower(*p++) != w) {
			return false;
		}
	}
	if ((uint8_t)(lower(*p) - 'a') < 26u || in->error != ENGINE_OK) {
		return false;
	}
	in->at = p;
	return true;
}

const char position_words[] ENGINE_FLASH = "normal\0misere\0any\0adjacent\0k\0s\0left";

uint8_t scan_keyword(struct scanner *in, const char *flash_words, uint8_t count, uint8_t accepted)
{
	uint8_t key = 0;
	for (; key < count; key++, accepted >>= 1) {
		if ((accepted & 1u) && scan_word(in, flash_skip(flash_words, key))) {
			break;
		}
	}
	return key;
}

uint32_t scan_number(struct scanner *in, uint32_t max, enum engine_error too_big)
{
	scan_skip_space(in);
	if (in->error != ENGINE_OK) {
		return 0;
	}
	enum engine_error err = ENGINE_ERR_NUMBER; /* until a digit comes */
	uint32_t v = 0;
	uint8_t d;
	while ((d = (uint8_t)(*in->at - '0')) <= 9u) {
		in->at++;
		if (err == ENGINE_ERR_NUMBER) {
			err = ENGINE_OK;
		}
		/* Above 2^32 - 1 the digits are still consumed. */
		if (v > UINT32_MAX / 10u - (d > UINT32_MAX % 10u)) {
			err = too_big;
		}
		v = v * 10u + d;
	}
	if (v > max) {
		err = too_big;
	}
	if (err != ENGINE_OK) {
		in->error = (uint8_t)err; /* the first error: none was kept */
		return 0;
	}
	return v;
}

uint16_t scan_u16(struct scanner *in, uint16_t max, enum engine_error too_big)
{
	return (uint16_t)scan_number(in, max, too_big);
}

uint8_t scan_index(struct scanner *in, uint8_t count)
{
	return (uint8_t)(scan_u16(in, count, ENGINE_ERR_NO_SUCH) - 1u);
}

/* The number after `/` that may follow `first` in a list, not below it;
 * `first` when there is none. */
OUT_OF_LINE static uint16_t scan_second(struct scanner *in, uint16_t first)
{
	if (!scan_char(in, '/')) {
		return first;
	}
	uint16_t s = scan_u16(in, UINT16_MAX, ENGINE_ERR_RANGE);
	if (s < first) {
		scan_fail(in, ENGINE_ERR_ABOVE_START);
	}
	return s;
}

/* Out of line: the link-time optimiser would copy it into the parser's
 * one call, and the parser with it grows by more than the call costs. */
OUT_OF_LINE uint8_t scan_list(struct scanner *in, void *list, bool wide, uint16_t *second, uint8_t most)
{
	uint8_t count = 0;
	do {
		if (count == most) {
			scan_fail(in, second != 0 || is_digit(*in->at) ? ENGINE_ERR_TOO_MANY : ENGINE_ERR_SYNTAX);
			break;
		}
		uint32_t v = scan_number(in, wide ? UINT32_MAX : UINT16_MAX, ENGINE_ERR_RANGE);
		if (wide) {
			((uint32_t *)list)[count] = v;
		} else {
			((uint16_t *)list)[count] = (uint16_t)v;
		}
		if (second != 0) {
			second[count] = scan_second(in, (uint16_t)v);
		}
		count++;
		(void)scan_char(in, ',');
	} while (!scan_at_end(in));
	return count;
}

static struct text_sink *current; /* where put_* write */

/* Out of line: a call is shorter than the two stores, at each of the many
 * print calls. */
OUT_OF_LINE void print_to(struct text_sink *out)
{
	current = out;
}

void put_char(char c)
{
	current->put(current, c);
}

void put_flash(const char *flash_text)
{
	char c;
	while ((c = flash_char(flash_text++)) != '\0') {
		put_char(c);
	}
}

const char *flash_skip(const char *flash_list, uint8_t count)
{
	while (count-- > 0) {
		while (flash_char(flash_list++) != '\0') {
		}
	}
	return flash_list;
}

void put_u32(uint32_t value)
{
	uint8_t last = (uint8_t)(value % 10u);
	value /= 10u;
	if (value != 0) {
		put_u32(value); /* the digits before it, at most nine calls deep */
	}
	put_char((char)('0' + last));
}

void put_u16(uint16_t value)
{
	put_u32(value);
}

void put_digit(uint8_t value)
{
	put_char((char)('0' + value));
}

void put_pair(uint32_t a, char separator, uint16_t b)
{
	put_u32(a);
	put_char(separator);
	put_u32(b);
}

void put_word(enum position_word word, char after)
{
	put_flash(flash_skip(position_words, word));
	put_char(after);
}

void put_members(uint32_t bits, void (*name)(uint8_t bit))
{
	char separator = '\0';
	for (uint8_t bit = 0; bits != 0; bit++, bits >>= 1) {
		if (bits & 1u) {
			if (separator != '\0') {
				put_char(separator);
			}
			name(bit);
			separator = ',';
		}
	}
}

static void put_amount(uint8_t bit)
{
	put_digit((uint8_t)(bit + 1u));
}

void put_amounts(uint8_t set)
{
	put_members(set, put_amount);
}

void put_list(const uint32_t *list, uint8_t count)
{
	for (uint8_t i = 0; i < count; i++) {
		if (i > 0) {
			put_char(' ');
		}
		put_u32(list[i]);
	}
}

void put_bytes(const uint8_t *list, uint8_t count, char separator)
{
	for (uint8_t i = 0; i < count; i++) {
		if (i > 0) {
			put_char(separator);
		}
		put_u16(list[i]);
	}
}

void print_char(struct text_sink *out, char c)
{
	print_to(out);
	put_char(c);
}

void print_flash(struct text_sink *out, const char *flash_text)
{
	print_to(out);
	put_flash(flash_text);
}

void print_u32(struct text_sink *out, uint32_t value)
{
	print_to(out);
	put_u32(value);
}

static void buffer_put(struct text_sink *sink, char c)
{
	struct buffer_sink *b = (struct buffer_sink *)sink;
	if (b->length + 1u < b->size) {
		b->buffer[b->length++] = c;
		b->buffer[b->length] = '\0';
	} else {
		b->overflowed = true;
	}
}

/* Out of line: one copy for the firmware's four callers. */
OUT_OF_LINE void buffer_sink_init(struct buffer_sink *b, char *buffer, uint16_t size)
{
	b->sink.put = buffer_put;
	b->buffer = buffer;
	b->size = size;
	b->length = 0;
	b->overflowed = false;
	if (size > 0) {
		buffer[0] = '\0';
	}
}
