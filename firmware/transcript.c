/* The game transcript on the serial line; see transcript.h. */
#include "firmware/transcript.h"

#include "engine/flash.h"

#include "engine/text.h"
#include "firmware/console.h"
#include "firmware/features.h"
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

static void print_player(uint8_t player)
{
	print_flash(&transcript_out, flash_skip(ENGINE_FLASH_STR("you\0me"), player)); /* enum player */
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

/* A game's line: `word` (in flash), then the game and its position. */
static void game_line(const char *word, const struct position *pos)
{
	if (FEATURE_TRANSCRIPT) {
		print_flash(&transcript_out, word);
		transcript_position(pos);
		transcript_line_end();
	}
	console_forget_board();
}

void transcript_new_game(uint8_t first, const struct position *pos)
{
	game_line(flash_skip(ENGINE_FLASH_STR("new \0go "), first), pos); /* enum player: the console's command for such a game */
}

void transcript_left(const struct position *pos)
{
	game_line(ENGINE_FLASH_STR("left "), pos);
}

void transcript_move(uint8_t player, const struct position *pos, const struct move *mv)
{
	if (!FEATURE_TRANSCRIPT) {
		return;
	}
	print_player(player);
	uart_put(' ');
	engine_print_move(pos, mv, &transcript_out);
	print_flash(&transcript_out, ENGINE_FLASH_STR(" -> "));
}

void transcript_after(const struct position *pos)
{
	if (!FEATURE_TRANSCRIPT) {
		return;
	}
	engine_print_position(pos, &transcript_out);
	transcript_line_end();
}

void transcript_result(uint8_t winner)
{
	if (!FEATURE_TRANSCRIPT) {
		return;
	}
	print_flash(&transcript_out, ENGINE_FLASH_STR("winner "));
	print_player(winner);
	transcript_line_end();
}
