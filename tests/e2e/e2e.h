/*
 * Helpers shared by the end-to-end tests: the real firmware ELF in the
 * simulator, driven only as a person drives it (buttons on ADC0) and read
 * only from what the LCD shows, with the independent brute-force solver
 * (tests/brute/) saying what the rules produce and who should win.
 *
 * The helpers assert with cmocka, so they are called from inside tests.
 */
#ifndef E2E_H
#define E2E_H

#include <stdbool.h>
#include <stdint.h>

#include "sim/harness.h"
#include "tests/brute/brute.h"

#define E2E_EEPROM_BYTES 1024u

/* Finds the firmware next to the test program: BUILD/grundy-box.elf for
 * BUILD/tests/e2e/test_x.  Call first, with argv[0]. */
void e2e_init(const char *argv0);

/* Powers the chip on (with `eeprom`, or erased when NULL) on shield
 * version `shield` (0: v1.0 button readings, 1: v1.1) and waits for the
 * menu. */
struct sim *e2e_boot(const uint8_t *eeprom, uint8_t shield);
/* Asserts the run was healthy: no crash or hang, no watchdog reset, no LCD
 * timing violation, the backlight pin never driven high. */
void e2e_check_health(struct sim *sim);
/* e2e_check_health, then frees the simulator. */
void e2e_close(struct sim *sim);

/* ---- buttons ---- */

/* A press: 40 ms down, 40 ms up; clean, or bouncing after
 * e2e_bouncy_presses(). */
void e2e_press(struct sim *sim, enum board_button button);
/* From now on every press of these helpers bounces (a pattern from `seed`),
 * or, with 0, is clean again. */
void e2e_bouncy_presses(uint32_t seed);
/* A press whose contacts chatter between the button and "none" for a few
 * milliseconds when pressed and when released (seeded pattern). */
void e2e_press_bouncy(struct sim *sim, enum board_button button, uint32_t seed);

/* ---- the screen ---- */

/* Row `row` of the LCD, trailing spaces removed. */
void e2e_line(struct sim *sim, uint8_t row, char text[BOARD_LCD_COLUMNS + 1]);
/* Runs until row `row` starts with `prefix`; false after timeout_ms. */
bool e2e_wait_line(struct sim *sim, uint8_t row, const char *prefix, uint32_t timeout_ms);
/* Asserts that row `row` starts with `prefix` within timeout_ms. */
void e2e_expect_line(struct sim *sim, uint8_t row, const char *prefix, uint32_t timeout_ms);

/* ---- the menu ---- */

struct e2e_setup {
	uint8_t game;       /* GAME_MARIENBAD or GAME_NIM */
	bool misere;        /* Nim only */
	bool machine_first;
	uint8_t heaps;      /* Nim only: 1..8 */
	uint8_t heap[ENGINE_MAX_HEAPS];
};

/* From a game-over screen, LEFT back to the menu (else nothing). */
void e2e_leave_game_over(struct sim *sim);
/* Sets every item of the menu to `setup`, reading the LCD after each
 * press; the menu or a game-over screen must be showing. */
void e2e_menu_set(struct sim *sim, const struct e2e_setup *setup);
/* Checks that the menu shows `setup` (after a power cycle, say). */
bool e2e_menu_shows(struct sim *sim, const struct e2e_setup *setup);
/* The solver's position for a set-up. */
void e2e_setup_position(const struct e2e_setup *setup, struct brute_pos *pos);

/* ---- playing ---- */

/* The heap sizes on row 0 ("1 3[5]7"); false when the row is not a whole
 * board (scrolled, or another screen). */
bool e2e_read_board(struct sim *sim, uint16_t heap[ENGINE_MAX_HEAPS], uint8_t *count);
/* Asserts that row 0 shows exactly the heaps of `pos`. */
void e2e_expect_board(struct sim *sim, const struct brute_pos *pos);
/* Enters "take `amount` from heap `heap`" (0-based) with the arrows, reading
 * the half-made move from row 1 after each press, and confirms it with
 * SELECT when `confirm`. */
void e2e_enter_move(struct sim *sim, uint8_t heap, uint16_t amount, bool confirm);

/* A person's choice of move. */
typedef void (*e2e_chooser)(const struct brute_pos *pos, struct brute_move *mv, void *ctx);

/* Choosers: a move at random among the legal ones (`ctx` is a uint32_t
 * xorshift seed), or a perfect one, to a position the solver says the
 * opponent loses when there is one (`ctx` unused). */
void e2e_choose_random(const struct brute_pos *pos, struct brute_move *mv, void *ctx);
void e2e_choose_perfect(const struct brute_pos *pos, struct brute_move *mv, void *ctx);

struct e2e_figures {
	uint32_t machine_moves;
	uint32_t reactions;
	uint64_t reaction_cycles_max;   /* SELECT released -> the board after the person's move */
	uint64_t reaction_cycles_sum;
	uint32_t announcements;
	uint64_t announce_cycles_max;   /* SELECT released -> the machine's move in words */
	uint64_t announce_cycles_sum;
	uint32_t timed_moves;
	uint64_t move_cycles_max;       /* the wake-up ending the pause -> the first letter of the words */
	uint64_t move_cycles_sum;
	uint64_t cycles;                /* the games' simulated time */
	uint64_t sleep_cycles;          /* of which asleep */
};

enum e2e_winner { E2E_PERSON, E2E_MACHINE };

/*
 * Starts a game from the menu (set up already) and plays it to the end:
 * the person's first move is `first` (or chosen like the rest when NULL),
 * the others come from `choose`.  On every turn it checks that the board
 * shown is the one the rules produce from the moves made, that each of the
 * machine's moves is legal, and at the end that the winner announced is the
 * right one for the rule.  When `skip_words` is set, a press of DOWN cuts
 * each announcement short once it has been read.  Started from a game-over
 * screen, it plays the rematch SELECT offers.  Ends at the game-over screen.
 */
enum e2e_winner e2e_play_game(struct sim *sim, const struct e2e_setup *setup,
			      const struct brute_move *first, e2e_chooser choose, void *ctx,
			      bool skip_words, struct e2e_figures *figures);

/* What the serial transcript (firmware/transcript.h) says happened. */
struct e2e_transcript {
	unsigned games;         /* games begun */
	unsigned moves;
	unsigned finished;      /* games with a winner */
	bool in_game;           /* the last game begun has no winner yet */
	struct brute_pos pos;   /* the last game's position now */
	bool person_moved_last; /* in the last game, when it has moves */
	bool any_move;
};

/* Replays every game of the transcript with the solver and asserts that
 * each move was legal, the players took turns, each position printed is
 * the one the rules give, and each winner named is the right one. */
void e2e_check_transcript(struct sim *sim, struct e2e_transcript *out);

/* Prints the figures as "# " notes, under `title`. */
void e2e_print_figures(const char *title, const struct e2e_figures *figures);

#endif
