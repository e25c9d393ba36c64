/* What the engine's text tests share; see engine_text.h. */
#include "tests/unit/support/engine_text.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "engine/text.h"

void print_position(const struct position *pos, char *text, size_t size)
{
	struct buffer_sink b;
	buffer_sink_init(&b, text, (uint16_t)size);
	engine_print_position(pos, &b.sink);
	assert_false(b.overflowed);
}

void print_move(const struct position *pos, const struct move *mv, char *text, size_t size)
{
	struct buffer_sink b;
	buffer_sink_init(&b, text, (uint16_t)size);
	engine_print_move(pos, mv, &b.sink);
	assert_false(b.overflowed);
}

struct position parse(uint8_t game, const char *text)
{
	struct position pos;
	enum engine_error err = engine_parse_position(&pos, game, text);
	if (err != ENGINE_OK) {
		fail_msg("\"%s\" refused with error %d", text, err);
	}
	return pos;
}
