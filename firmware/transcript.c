/* The game transcript on the serial line; see transcript.h. */
#include "firmware/transcript.h"

#include "engine/flash.h"
#include "engine/text.h"
#include "firmware/game.h"
#include "hal/uart.h"

static void uart_sink_put(struct text_sink *sink, char c)
{
	(void)sink;
	uart_put(c);
}

/* Set at run time: as the only initialised variable it would cost the C
 * start-up its whole copying loop. */
struct text_sink transcript_out;

/* The words that begin the transcript's lines: a game's first line (the
 * console's command for such a game, by enum player) or last, and the
 * players (enum player) who move and win. */
enum line_word { LINE_NEW, LINE_GO, LINE_LEFT, LINE_YOU, LINE_ME };
_Static_assert(LINE_NEW + PLAYER_MACHINE == LINE_GO && LINE_YOU + PLAYER_MACHINE == LINE_ME && PLAYER_PERSON == 0,
	       "a player's word");

static void put_line_word(uint8_t word)
{
	put_flash(flash_skip(ENGINE_FLASH_STR("new \0go \0left \0you\0me"), word));
}

void transcript_line_end(void)
{
	uart_put('\r');
	uart_put('\n');
}

void transcript_start(void)
{
	transcript_out.put = uart_sink_put;
	print_flash(&transcript_out, ENGINE_FLASH_STR("grundy-box ready"));
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
	print_to(&transcript_out); /* for put_flash: the engine's printers below keep it */
	switch (event) {
	case GAME_LEFT:
		if (game.over) {
			return; /* its result was the last line */
		}
		/* fall through */
	case GAME_BEGAN:
		put_line_word(event == GAME_LEFT ? LINE_LEFT : LINE_NEW + game.to_move);
		transcript_position(&game.pos);
		break;
	case GAME_MOVING:
		put_line_word(LINE_YOU + game.to_move);
		uart_put(' ');
		engine_print_move(&game.pos, game.move, &transcript_out);
		put_flash(ENGINE_FLASH_STR(" -> "));
		return;
	default: /* GAME_MOVED */
		engine_print_position(&game.pos, &transcript_out);
		if (game.over) {
			transcript_line_end();
			put_flash(ENGINE_FLASH_STR("winner "));
			put_line_word(LINE_YOU + game.winner);
		}
		break;
	}
	transcript_line_end();
}
