/*
 * Prints every packed text, then the same text stored plain, each between
 * two marks in GPIOR0 that tools/textpack/cycles_run.c times in simavr:
 * the price in time of packing (text n is found by decoding the n before
 * it).  Built with the firmware's flags; never on the device.
 */
#include <avr/io.h>
#include <stdint.h>

#include "engine/flash.h"
#include "engine/packed_text.h"
#include "engine/text.h"
#include "packed_tables.h"
#include "tools/textpack/cycles.h"

static const char plain_errors[] ENGINE_FLASH =
#define ERROR_TEXT(err, english, polish) english "\0"
#include "engine/error_texts.def"
#undef ERROR_TEXT
	;

static const char plain_console[] ENGINE_FLASH =
#define TEXT(name, english, polish) english "\0"
#include "firmware/console_texts.def"
#undef TEXT
	;

/* The games' texts as the engine stored them before they were packed:
 * name, moves, example and summary of one game after another. */
static const char plain_games[] ENGINE_FLASH =
#define GAME(ID, name, moves, example, summary, ...) name "\0" moves "\0" example "\0" summary "\0"
#include "engine/games.def"
	;

static void mark(uint8_t value)
{
	__asm__ __volatile__("" ::: "memory");
	GPIOR0 = value;
	__asm__ __volatile__("" ::: "memory");
}

static void sink_put(struct text_sink *sink, char c)
{
	(void)sink;
	GPIOR1 = (uint8_t)c;
}

static struct text_sink sink = { sink_put };

static void time_table(const uint8_t *packed, const char *plain, uint8_t count)
{
	for (uint8_t i = 0; i < count; i++) {
		mark(CYCLES_MARK_START);
		print_packed(&sink, packed_code, packed, i);
		mark(CYCLES_MARK_END);
		mark(CYCLES_MARK_START);
		print_flash(&sink, flash_skip(plain, i));
		mark(CYCLES_MARK_END);
	}
}

/* Each kind of a game's texts (summary, example, moves, as the build packs
 * them) of every game, as the engine finds them: the game's group through
 * packed_games_at, then the texts before it in the group; plain, past
 * every text before it. */
static void time_games(void)
{
	for (uint8_t text = 0; text < PACKED_GAMES_COUNT / PACKED_GAMES_GROUPS; text++) {
		for (uint8_t game = 0; game < PACKED_GAMES_GROUPS; game++) {
			mark(CYCLES_MARK_START);
			print_packed(&sink, packed_code, packed_games + flash_u16(&packed_games_at[game]), text);
			mark(CYCLES_MARK_END);
			mark(CYCLES_MARK_START);
			print_flash(&sink, flash_skip(plain_games, (uint8_t)(game * 4u + 3u - text)));
			mark(CYCLES_MARK_END);
		}
	}
}

int main(void)
{
	time_table(packed_errors, plain_errors, PACKED_ERRORS_COUNT);
	time_table(packed_console, plain_console, PACKED_CONSOLE_COUNT);
	time_games();
	mark(CYCLES_MARK_DONE);
	for (;;) {
	}
}
