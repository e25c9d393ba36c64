/* The game transcript on the serial line; see transcript.h. */
#include "firmware/transcript.h"

#include "engine/flash.h"
#include "engine/packed_text.h"
#include "engine/text.h"
#include "firmware/features.h"
#include "firmware/game.h"
#include "hal/uart.h"
#include "hal/watchdog.h"
#include "packed_tables.h"

_Static_assert(TEXTS_END - ENGINE_ERR_COUNT == PACKED_CONSOLE_COUNT + PACKED_CONSOLE_FEATURES_COUNT &&
		       PACKED_CONSOLE_COUNT == PACKED_CONSOLE_PL_COUNT &&
		       PACKED_CONSOLE_FEATURES_COUNT == PACKED_CONSOLE_FEATURES_PL_COUNT,
	       "a packed text for every number, in both languages");
/* The features that print console_texts.def's FEATURE_TEXTs: without
 * them, their table is never read, and so not linked. */
#define FEATURE_TEXTS_PRINTED (FEATURE_TEACHING || FEATURE_LEVELS || FEATURE_STATS || FEATURE_ATTRACT)
/* A game's first line is the console's command for such a game, by enum
 * player; the players' words are by enum player too. */
_Static_assert(TEXT_NEW + PLAYER_MACHINE == TEXT_GO && TEXT_YOU + PLAYER_MACHINE == TEXT_ME && PLAYER_PERSON == 0,
	       "a player's word");

/* The Polish letters (engine/letters.def) in UTF-8, which a terminal
 * shows, two bytes each. */
static const char letter_utf8[TEXT_LETTERS][2] ENGINE_FLASH = {
#define LETTER(utf8, plain, ...) utf8,
#include "engine/letters.def"
#undef LETTER
};

static void uart_sink_put(struct text_sink *sink, char c)
{
	(void)sink;
	uint8_t letter = (uint8_t)((uint8_t)c - TEXT_LETTER_FIRST);
	if (FEATURE_POLISH && letter < TEXT_LETTERS) {
		uart_put(flash_char(&letter_utf8[letter][0]));
		c = flash_char(&letter_utf8[letter][1]);
	}
	uart_put(c);
}

/* Set at run time: as the only initialised variable it would cost the C
 * start-up its whole copying loop. */
struct text_sink transcript_out;

void transcript_line_end(void)
{
	uart_put('\r');
	uart_put('\n');
}

void transcript_say(uint8_t number)
{
	if (number < ENGINE_ERR_COUNT) {
		engine_print_error((enum engine_error)number, &transcript_out);
		return;
	}
	number = (uint8_t)(number - ENGINE_ERR_COUNT);
	if (number < PACKED_CONSOLE_COUNT) {
		print_packed(&transcript_out, packed_code, TEXT_TABLE(packed_console, packed_console_pl), number);
	} else if (FEATURE_TEXTS_PRINTED) {
		print_packed(&transcript_out, packed_code,
			     TEXT_TABLE(packed_console_features, packed_console_features_pl),
			     (uint8_t)(number - PACKED_CONSOLE_COUNT));
	}
}

void transcript_start(void)
{
	transcript_out.put = uart_sink_put;
	if (watchdog_reset_happened()) {
		/* The operator's one sign that the firmware hung. */
		transcript_say(TEXT_WATCHDOG_RESET);
		transcript_line_end();
	}
	transcript_say(TEXT_READY);
	transcript_line_end();
}

void transcript_position(const struct position *pos)
{
	engine_print_game_name(pos->game, &transcript_out);
	uart_put(' ');
	engine_print_position(pos, &transcript_out);
}

void transcript_game_event(uint8_t event)
{
	if (FEATURE_ATTRACT && game->attract) {
		return; /* nobody's game: attract_start() said "attract" */
	}
	switch (event) {
	case GAME_LEFT:
		if (game->over) {
			return; /* its result was the last line */
		}
		/* fall through */
	case GAME_BEGAN:
		transcript_say(event == GAME_LEFT ? TEXT_LEFT : TEXT_NEW + game->to_move);
		transcript_position(&game->pos);
		break;
	case GAME_MOVING:
		transcript_say(TEXT_YOU + game->to_move);
		uart_put(' ');
		engine_print_move(&game->pos, game->move, &transcript_out);
		transcript_say(TEXT_MOVED_TO);
		return;
	default: /* GAME_MOVED */
		engine_print_position(&game->pos, &transcript_out);
#if FEATURE_TEACHING
		if (game->slip) {
			transcript_line_end();
			transcript_say(TEXT_SLIP);
		}
#endif
		if (game->over) {
			transcript_line_end();
			transcript_say(TEXT_WINNER);
			transcript_say(TEXT_YOU + game->winner);
		}
		break;
	}
	transcript_line_end();
}
