/* The game screen's steps and timing; see play.h. */
#include "firmware/play.h"

#include "common/attributes.h"
#include "engine/flash.h"
#include "engine/text.h"
#include "firmware/display.h"
#include "firmware/features.h"
#include "firmware/game.h"
#include "firmware/lights.h"
#include "firmware/screen.h"
#include "firmware/settings.h"
#include "firmware/stats.h"
#include "firmware/view.h"
#include "firmware/view_draw.h"
#include "hal/keys.h"
#include "hal/lcd.h"
#include "hal/leds.h"
#include "hal/timer.h"

/* How long each step stays on the screen, in tenths of a second (a byte
 * each), by enum play_step: long enough to read, short enough not to bore.
 * A key ends the help, a refusal or the machine's words early; the
 * person's turn times only a board's cursor blinking (shown, then hidden). */
static const uint8_t step_tenths[] ENGINE_FLASH = {
	0,                      /* STEP_BEGIN: the next tick shows the first turn */
	25,                     /* STEP_HELP */
	4,                      /* STEP_PERSON: a board's cursor blinks */
	20,                     /* STEP_REFUSED */
	6,                      /* STEP_THINKING: the deliberate pause before the machine moves */
	15,                     /* STEP_ANNOUNCE */
	20,                     /* STEP_OVER: the winner, then the score and the keys */
	250,                    /* STEP_TEACH: the hint, then the game again */
	VIEW_MARQUEE_MS / 100u, /* STEP_WHY: a step of the reason why along row 1 */
#if FEATURE_ATTRACT
	10, /* STEP_CAPTION: attract mode's caption before each move */
#endif
};

enum play_step {
	STEP_BEGIN,
	STEP_HELP,
	STEP_PERSON,
	STEP_REFUSED,
	STEP_THINKING,
	STEP_ANNOUNCE,
	STEP_OVER,
	STEP_TEACH,
	STEP_WHY,
	STEP_CAPTION
};

/* The hint's gesture: LEFT held on (or pressed again and again) where it
 * changes nothing, at "Take 0" or a board's left edge, for this many of
 * its events: about 3 s held from the start, 1.6 s past the last change
 * of a hold already repeating fast.  A person making a move never needs
 * it, and every other key still means what it did. */
#define TEACH_IDLE_LEFTS 40u

static uint8_t step;
static uint16_t step_since;       /* the low 16 bits of timer_ms(): steps last seconds */
static struct view_cursor cursor; /* the person's */
static struct view_cursor machine_cursor;
static uint8_t over_page;
static uint8_t why_step; /* the reason why's marquee */
static uint8_t idle_lefts;
static bool blink;
static bool showing;

_Static_assert(SCREEN_CAPTION_2_ROW == SCREEN_CAPTION_ROW + 1 && SCREEN_HELP_CELLS_2_ROW == SCREEN_HELP_CELLS_ROW + 1 &&
		       SCREEN_HELP_LINE_2_ROW == SCREEN_HELP_LINE_ROW + 1,
	       "two rows of fixed text, one after the other");
_Static_assert(SCREEN_I_WIN_ROW == SCREEN_YOU_WIN_ROW + PLAYER_MACHINE && PLAYER_PERSON == 0,
	       "the winner's row by the winner (enum player)");
_Static_assert(SETTINGS_LEVEL_PERFECT == ENGINE_LEVEL_PERFECT, "the settings' levels are the engine's");

static void enter_step(uint8_t next)
{
	step = next;
	step_since = (uint16_t)timer_ms();
}

/* The game with a cursor's move and the words (enum view_words), for the
 * step `next` that begins. */
static void draw_step(const struct view_cursor *c, uint8_t words, bool shown, uint8_t next)
{
	view_draw(&game->pos, c, words, shown);
	enter_step(next);
}

/* The person's turn, a board's cursor shown or (`shown` false) hidden. */
static void draw_person_blink(bool shown)
{
	blink = shown;
	draw_step(&cursor, WORDS_PERSON, shown, STEP_PERSON);
}

/* The person's turn, the cursor shown (and its blinking begun again). */
static void draw_person_turn(void)
{
	draw_person_blink(true);
}

/* Two rows of fixed text: screen text `first` and the one after it. */
static void draw_rows(uint8_t first)
{
	display_text_row(0, first);
	display_text_row(1, (uint8_t)(first + 1u));
}

/* The game's result, its page `over_page` on row 1. */
static void draw_over_page(void)
{
	enter_step(STEP_OVER);
	if (over_page == 0) {
		display_begin();
		display_score();
		display_end(1);
	} else {
		display_text_row(1, SCREEN_LEAVE_AGAIN_ROW);
	}
}

/* The engine's move at `level` in the game, marked with the words `words`,
 * for the step `next`: the machine's move, or the person's hint (always at
 * the perfect level), which from a losing position marks nothing and says
 * so. */
static void draw_engine_move(uint8_t level, uint8_t words, uint8_t next)
{
	engine_level_move(&game->pos, level, (uint16_t)timer_ms(), &machine_cursor.mv);
	view_cursor_of_move(&game->pos, &machine_cursor);
	if (FEATURE_TEACHING && words == WORDS_HINT && engine_outcome(&game->pos) == OUTCOME_P) {
		words = WORDS_LOSING;
		machine_cursor.part = VIEW_NO_PART;
	}
	draw_step(&machine_cursor, words, false, next);
}

/* Whatever the game now needs: the person's move, the machine's, or its end. */
static void next_turn(void)
{
	/* Off, and on again below at once (no flicker a person could see) when
	 * the machine thinks: simpler than working out which. */
	leds_thinking(false);
	if (FEATURE_ATTRACT && game->attract) {
		/* Attract mode's moves are the machine's, each after the
		 * caption; at the end the caption stays the result's time,
		 * and a new game follows. */
		draw_rows(SCREEN_CAPTION_ROW);
		enter_step(game->over ? STEP_OVER : STEP_CAPTION);
	} else if (game->over) {
		display_text_row(0, (uint8_t)(SCREEN_YOU_WIN_ROW + game->winner));
		over_page = 0;
		draw_over_page();
	} else if (game->to_move == PLAYER_PERSON) {
		view_cursor_reset(&game->pos, &cursor);
		draw_person_turn();
	} else {
		leds_thinking(true);
		machine_cursor.part = VIEW_NO_PART; /* nothing marked while the machine thinks */
		draw_step(&machine_cursor, WORDS_THINKING, false, STEP_THINKING);
	}
}

bool play_showing(void)
{
	return showing;
}

void play_hide(void)
{
	showing = false;
}

void play_enter(void)
{
	showing = true;
	/* Two rows each: a board's cells are picked, a line's parts chosen
	 * and an amount set. */
	draw_rows(view_kind(&game->pos) == VIEW_KIND_CELLS ? SCREEN_HELP_CELLS_ROW : SCREEN_HELP_LINE_ROW);
	enter_step(STEP_HELP);
}

static uint8_t leave(void)
{
	game_leave();
	leds_thinking(false);
	return SCREEN_MENU;
}

/* The reason why, with the gap before it comes round again. */
static void print_why(struct text_sink *out)
{
	engine_print_why(&game->pos, out);
	put_flash(ENGINE_FLASH_STR("   "));
}

/* A step of the reason why running along row 1 under the hint's row 0. */
static void draw_why(void)
{
	why_step = view_draw_marquee(print_why, why_step);
	enter_step(STEP_WHY);
}

/* SELECT goes back to the move; RIGHT and DOWN turn from the hint to the
 * reason why and back.  LEFT and UP do nothing, so that the LEFT still
 * held from the gesture changes nothing. */
static void teach_key(uint8_t key)
{
	if (key == KEY_SELECT) {
		draw_person_turn();
	} else if (key == KEY_RIGHT || key == KEY_DOWN) {
		if (step == STEP_WHY) {
			draw_engine_move(SETTINGS_LEVEL_PERFECT, WORDS_HINT, STEP_TEACH);
		} else {
			why_step = 0;
			draw_why();
		}
	}
}

static void person_key(uint8_t key)
{
	/* The view works on the cursor through a pointer register, a
	 * shorter form than its known address (common/attributes.h). */
	struct view_cursor *c = OPAQUE(&cursor);
	uint8_t part = c->part;
	uint16_t amount = c->amount;
	uint8_t action = view_key(&game->pos, c, key);
	if (FEATURE_TEACHING) {
		/* A LEFT that changed nothing: the same place (a board's cursor),
		 * the same amount (a line's). */
		bool idle = key == KEY_LEFT && c->part == part && c->amount == amount;
		idle_lefts = idle ? (uint8_t)(idle_lefts + 1u) : 0u;
		if (idle_lefts == TEACH_IDLE_LEFTS) {
			idle_lefts = 0;
			if (FEATURE_STATS) {
				stats_count_hint();
			} else {
				settings_count_hint();
			}
			draw_engine_move(SETTINGS_LEVEL_PERFECT, WORDS_HINT, STEP_TEACH);
			return;
		}
	}
	if (action == VIEW_REDRAW) {
		draw_person_turn();
	}
	if (action != VIEW_PLAY) {
		return;
	}
	enum engine_error err = game_play(&c->mv); /* played, the next turn follows */
	if (err == ENGINE_OK) {
		return;
	}
	draw_step(c, (uint8_t)(WORDS_REFUSED + err), false, STEP_REFUSED);
}

/* The machine's level: without the levels, perfect play; in attract
 * mode's games perfect for PLAYER_MACHINE and with the most slips for
 * PLAYER_PERSON, so that games vary and either side may win. */
static uint8_t machine_level(void)
{
	if (FEATURE_ATTRACT && game->attract) {
		return game->to_move == PLAYER_MACHINE ? SETTINGS_LEVEL_PERFECT : ENGINE_LEVEL_LEAST;
	}
	return FEATURE_LEVELS ? settings.level : SETTINGS_LEVEL_PERFECT;
}

/* The step's time is up, or a key cut it short. */
static void step_done(void)
{
	switch (step) {
	case STEP_BEGIN:
	case STEP_HELP:
		next_turn();
		break;
	case STEP_PERSON:
		if (view_kind(&game->pos) >= VIEW_KIND_STACKS) { /* a board: its cursor blinks */
			draw_person_blink(!blink);
		} else {
			enter_step(STEP_PERSON);
		}
		break;
	case STEP_REFUSED:
	case STEP_TEACH:
		draw_person_turn();
		break;
	case STEP_WHY:
		if (FEATURE_TEACHING) {
			draw_why();
		}
		break;
	case STEP_CAPTION:
	case STEP_THINKING:
		/* The seed is the time in milliseconds, which the person's
		 * last move set (in attract mode, the moment the mode
		 * began and the moves since): no two games slip alike. */
		draw_engine_move(machine_level(), WORDS_MACHINE, STEP_ANNOUNCE);
		if (FEATURE_LAMPS) {
			/* After the screen, which shows the move first. */
			lights_choice(&machine_cursor.mv, flash_u8(&step_tenths[STEP_ANNOUNCE]) * 100u);
		}
		break;
	case STEP_ANNOUNCE:
		/* Played, the next turn follows.  The engine's move is legal by
		 * construction; were it ever refused, its words would stay, the
		 * machine trying it again at every tick. */
		game_play(&machine_cursor.mv);
		break;
	default: /* STEP_OVER */
		if (FEATURE_ATTRACT && game->attract) {
			/* The set-up is the one that began the last game: the
			 * menu, which changes it, is not showing. */
			(void)game_attract();
			break;
		}
		over_page ^= 1u;
		draw_over_page();
		break;
	}
}

uint8_t play_key(uint8_t key)
{
	if (key == KEY_SELECT_LONG) {
		return leave();
	}
	if (step == STEP_OVER) {
		if (key == KEY_SELECT) {
			/* A rematch: it begins as any game does (from the
			 * set-up that began the one just over), and its first
			 * turn shows at once, this key's doing (a key clicks
			 * when it changes the screen: firmware/box.c). */
			(void)game_new();
			next_turn();
		} else if (key == KEY_LEFT) {
			return leave();
		}
	} else if (step == STEP_PERSON) {
		person_key(key);
	} else if (FEATURE_TEACHING && step >= STEP_TEACH) {
		teach_key(key);
	} else if (step != STEP_THINKING) { /* keys are ignored while the machine thinks */
		bool refused = step == STEP_REFUSED;
		step_done();
		if (refused) {
			/* The key that dismisses the reason also counts, so a
			 * person can put the move right at once. */
			person_key(key);
		}
	}
	return SCREEN_PLAY;
}

void play_tick(uint16_t now_ms)
{
	if ((uint16_t)(now_ms - step_since) >= flash_u8(&step_tenths[step]) * 100u) {
		step_done();
	}
}

/* A game begun at the console or by a rematch goes to its first turn at
 * the next tick (a rematch's key shows it at once, play_key()): the page
 * of help is for the person who chose the game in the menu (play_enter()),
 * and the machine's reply would wait for it.  A
 * beginning is all that can come while the menu shows: the menu shows
 * only when no game is in progress (before the first, or once the person
 * has left one). */
void play_game_event(uint8_t event)
{
	if (event == GAME_BEGAN) {
		showing = true;
		enter_step(STEP_BEGIN);
	} else if (event == GAME_MOVED) {
		next_turn();
	}
}
