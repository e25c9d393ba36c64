/* The game screen's steps and timing; see play.h. */
#include "firmware/play.h"

#include <avr/pgmspace.h>

#include "engine/text.h"
#include "firmware/display.h"
#include "firmware/game.h"
#include "firmware/ui.h"
#include "firmware/view.h"
#include "firmware/view_draw.h"
#include "hal/keys.h"
#include "hal/lcd.h"
#include "hal/leds.h"
#include "hal/timer.h"

/* How long each step stays on the screen: long enough to read, short
 * enough not to bore.  A key ends the help, a refusal or the machine's
 * words early. */
#define PLAY_HELP_MS 2500u
#define PLAY_REFUSED_MS 2000u
#define PLAY_THINKING_MS 600u /* the deliberate pause before the machine moves */
#define PLAY_ANNOUNCE_MS 1500u
#define PLAY_OVER_PAGE_MS 2000u
#define PLAY_BLINK_MS 400u    /* a board's cursor: shown, then hidden */

enum play_step {
	STEP_HELP,
	STEP_PERSON,
	STEP_REFUSED,
	STEP_THINKING,
	STEP_ANNOUNCE,
	STEP_OVER
};

static uint8_t step;
static uint32_t step_since;
static struct view_cursor cursor;
static struct view_cursor machine_cursor;
static struct move machine_move;
static uint8_t over_page;
static bool blink;

static void enter_step(uint8_t next)
{
	step = next;
	step_since = timer_ms();
}

/* The person's turn, the cursor shown (and its blinking begun again). */
static void draw_person_turn(void)
{
	blink = true;
	view_draw(&game.pos, &cursor, WORDS_PERSON, true, ENGINE_OK);
	enter_step(STEP_PERSON);
}

static void draw_over_page(void)
{
	if (over_page == 0) {
		game_print_score(display_begin());
		display_end(1);
	} else {
		lcd_write_line_P(1, PSTR("SEL again L menu"));
	}
}

/* Whatever the game now needs: the person's move, the machine's, or its end. */
static void next_turn(void)
{
	leds_thinking(!game.over && game.to_move == PLAYER_MACHINE);
	if (game.over) {
		leds_win(game.winner == PLAYER_PERSON);
		lcd_write_line_P(0, game.winner == PLAYER_PERSON ? PSTR("You win!") : PSTR("I win!"));
		over_page = 0;
		draw_over_page();
		enter_step(STEP_OVER);
	} else if (game.to_move == PLAYER_PERSON) {
		view_cursor_reset(&game.pos, &cursor);
		draw_person_turn();
	} else {
		view_draw(&game.pos, &cursor, WORDS_THINKING, false, ENGINE_OK);
		enter_step(STEP_THINKING);
	}
}

void play_enter(void)
{
	leds_win(false);
	bool board = view_picks_cells(&game.pos);
	lcd_write_line_P(0, board ? PSTR("Arrows SEL=pick") : PSTR("U/D=where L/R=n"));
	lcd_write_line_P(1, board ? PSTR("SEL2=go hold=end") : PSTR("SEL=go hold=end"));
	enter_step(STEP_HELP);
}

static void leave(void)
{
	leds_thinking(false);
	leds_win(false);
	ui_show(SCREEN_MENU);
}

static void machine_moves(void)
{
	/* The engine's move is legal by construction; were it ever refused,
	 * next_turn() would simply let the machine think again. */
	game_play(&machine_move);
	next_turn();
}

static void person_key(uint8_t key)
{
	uint8_t action = view_key(&game.pos, &cursor, key);
	if (action == VIEW_REDRAW) {
		draw_person_turn();
	}
	if (action != VIEW_PLAY) {
		return;
	}
	enum engine_error err = game_play(&cursor.mv);
	if (err == ENGINE_OK) {
		next_turn();
		return;
	}
	view_draw(&game.pos, &cursor, WORDS_REFUSED, false, err);
	enter_step(STEP_REFUSED);
}

void play_key(uint8_t key)
{
	if (key == KEY_SELECT_LONG) {
		leave();
		return;
	}
	switch (step) {
	case STEP_HELP:
		next_turn();
		break;
	case STEP_REFUSED:
		/* The key that dismisses the reason also counts, so a person
		 * can put the move right at once. */
		draw_person_turn();
		person_key(key);
		break;
	case STEP_PERSON:
		person_key(key);
		break;
	case STEP_ANNOUNCE:
		machine_moves();
		break;
	case STEP_OVER:
		if (key == KEY_SELECT && game_new() == ENGINE_OK) {
			next_turn();
		} else if (key == KEY_LEFT) {
			leave();
		}
		break;
	default: /* STEP_THINKING: keys are ignored while the machine thinks */
		break;
	}
}

void play_tick(uint32_t now_ms)
{
	uint32_t elapsed = now_ms - step_since;
	switch (step) {
	case STEP_HELP:
		if (elapsed >= PLAY_HELP_MS) {
			next_turn();
		}
		break;
	case STEP_PERSON:
		if (elapsed >= PLAY_BLINK_MS && view_kind(&game.pos) == VIEW_KIND_BOARD) {
			blink = !blink;
			view_draw(&game.pos, &cursor, WORDS_PERSON, blink, ENGINE_OK);
			enter_step(STEP_PERSON);
		}
		break;
	case STEP_REFUSED:
		if (elapsed >= PLAY_REFUSED_MS) {
			draw_person_turn();
		}
		break;
	case STEP_THINKING:
		if (elapsed >= PLAY_THINKING_MS) {
			engine_best_move(&game.pos, &machine_move);
			view_cursor_of_move(&game.pos, &machine_move, &machine_cursor);
			view_draw(&game.pos, &machine_cursor, WORDS_MACHINE, false, ENGINE_OK);
			enter_step(STEP_ANNOUNCE);
		}
		break;
	case STEP_ANNOUNCE:
		if (elapsed >= PLAY_ANNOUNCE_MS) {
			machine_moves();
		}
		break;
	case STEP_OVER:
		if (elapsed >= PLAY_OVER_PAGE_MS) {
			over_page ^= 1u;
			draw_over_page();
			enter_step(STEP_OVER);
		}
		break;
	default:
		break;
	}
}
