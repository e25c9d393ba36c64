/*
 * Helpers shared by the end-to-end tests: the real firmware ELF in the
 * simulator, driven only as a person drives it (buttons on ADC0) and read
 * only from what the LCD shows (its text and its custom characters' pixels)
 * and from the game transcript on the serial line.  The host build of the
 * engine says what the rules produce, in the same text forms as the device;
 * the independent brute-force solver (tests/brute/) says which moves are
 * legal and who should win.
 *
 * The helpers assert with cmocka, so they are called from inside tests.
 * Their code is split by concern: e2e_firmware.c (finding, booting and
 * closing the firmware, its edition's games and switches, its data, EEPROM
 * and sleep), e2e_buttons.c, e2e_screen.c (the LCD's lines and waits),
 * e2e_menu.c, e2e_view.c (the game screen's words and pictures),
 * e2e_moves.c, e2e_game.c (a whole game) and e2e_transcript.c; what they
 * share among themselves is in e2e_internal.h.
 */
#ifndef E2E_H
#define E2E_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/engine.h"
#include "hal/eeprom.h"
#include "sim/harness.h"
#include "sim/lcd_text.h"
#include "tests/brute/brute.h"

#define E2E_DEFAULT (-1)

/* Finds the firmware next to the test program (BUILD/grundy-box.elf for
 * BUILD/tests/e2e/test_x), or at $GRUNDY_BOX_ELF when that is set, and the
 * host tool (BUILD/grundy).  Call first, with argv[0]. */
void e2e_init(const char *argv0);
/* Whether the firmware under test holds `game`: every game but those
 * $GRUNDY_BOX_GAMES_LEFT_OUT names, the ids of engine/games.def separated
 * by commas or spaces, as its edition's GAMES_LEFT_OUT (tests/run-all sets
 * it from the Makefile), read by e2e_init.  The tests take the edition's
 * word, not the firmware's, and test_buttons checks that the menu offers
 * exactly these games. */
bool e2e_game_in_firmware(uint8_t game);
/* For a test of `game`: true when the firmware holds it, else false after
 * a note such as "# kubo: left out of this edition". */
bool e2e_game_to_test(uint8_t game);
/* Whether the firmware under test holds the switch `feature` ("ODRA", a
 * FEATURE_ of firmware/features.h without its prefix): one of those
 * $GRUNDY_BOX_FEATURES names, separated by commas or spaces, as its
 * edition's FEATURES (tests/run-all sets it from the Makefile).  The
 * edition's word again, not the firmware's: a test that drives what the
 * edition should hold fails where the firmware lacks it.  Unset, the
 * program ends with a message, which tests/run-all counts as a failure. */
bool e2e_feature(const char *feature);
/* The first line the host tool `grundy` prints for `arguments` ("GAME
 * POSITION"), without its newline. */
void e2e_tool_line(const char *arguments, char *text, size_t size);
/* The analysis line of `pos` by the engine linked here, as the console
 * prints it. */
void e2e_host_analysis(const struct position *pos, char *text, size_t size);

/* Powers the chip on, on shield version `shield` (0: v1.0 button
 * readings, 1: v1.1), and waits for the menu. */
struct sim *e2e_boot(uint8_t shield);
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

/* ---- the screen ---- */

/* Row `row` of the LCD, trailing spaces removed. */
void e2e_line(struct sim *sim, uint8_t row, char text[BOARD_LCD_COLUMNS + 1]);
/* Whether the exhibit's attract mode shows its caption, "Can you beat /
 * the Odra?" centred across both rows; a sim_run_until() condition. */
bool e2e_attract_caption_showing(struct sim *sim, void *ctx);
/* Runs until row `row` starts with `prefix`; false after timeout_ms. */
bool e2e_wait_line(struct sim *sim, uint8_t row, const char *prefix, uint32_t timeout_ms);
/* Asserts that row `row` starts with `prefix` within timeout_ms. */
void e2e_expect_line(struct sim *sim, uint8_t row, const char *prefix, uint32_t timeout_ms);
/* Row `row` as UTF-8, the Polish letters read back from their glyphs
 * (sim/lcd_text.h), trailing spaces removed. */
void e2e_line_utf8(struct sim *sim, uint8_t row, char text[LCD_TEXT_LINE_SIZE]);
/* e2e_wait_line and e2e_expect_line on the row as UTF-8. */
bool e2e_wait_line_utf8(struct sim *sim, uint8_t row, const char *prefix, uint32_t timeout_ms);
void e2e_expect_line_utf8(struct sim *sim, uint8_t row, const char *prefix, uint32_t timeout_ms);
/* Runs until the display has not changed for `quiet_ms`. */
void e2e_settle(struct sim *sim, uint32_t quiet_ms);

/* ---- the firmware's data and EEPROM ---- */

/* The size in bytes of the firmware's variable `symbol`, from the ELF's
 * symbols (avr-nm): the AVR's layout, which packs a struct without the
 * host's padding.  Fails the test when the ELF has no such variable. */
size_t e2e_firmware_data_size(const char *symbol);
/* The EEPROM as a power cut now leaves it, into `eeprom`: the byte whose
 * write is under way, if one is, left as `torn` says (0: as it was, 1: as
 * it was to be written, 2: garbage, unlike both, drawn from `salt`), as the
 * datasheet leaves it undefined.  True when a write was under way. */
bool e2e_eeprom_after_cut(struct sim *sim, unsigned torn, unsigned salt, uint8_t eeprom[EEPROM_SIZE]);

/* ---- the menu ---- */

/* A start position as the menu sets it: the game, then whatever differs
 * from the rulebook's start (E2E_DEFAULT, or count 0, for the start's own),
 * and who moves first. */
struct e2e_setup {
	uint8_t game;
	int8_t rule;                           /* RULE_NORMAL or RULE_MISERE: Nim, Misere Nim, Marienbad, Taktix */
	int8_t variant;                        /* Taktix */
	int16_t limit;                         /* k: Limit Nim, Poker Nim */
	int16_t set;                           /* S as a mask: Subtraction */
	uint8_t count;                         /* heaps, numbers, coins, rows, strips (Matrix Nim, Chomp: rows) */
	uint8_t cols;                          /* Matrix Nim, Chomp: columns (0: the start's) */
	uint32_t value[4 * ENGINE_MATRIX_MAX]; /* the numbers (Matrix Nim: cells row by row) */
	bool machine_first;
};

/* A set-up of the rulebook's start of `game`. */
struct e2e_setup e2e_start(uint8_t game, bool machine_first);
/* The position the firmware must start the game from (host engine). */
void e2e_setup_position(const struct e2e_setup *setup, struct position *pos);
/* The game's name as the menu shows it: "Misere nim". */
void e2e_game_title(uint8_t game, char *text, size_t size);

/* Presses DOWN until the menu's item starting with `label` ("Row 1 <")
 * shows, or fails. */
void e2e_menu_find(struct sim *sim, const char *label);
/* Whether the menu shows (any item): a condition for sim_run_until, whose
 * ctx it does not read. */
bool e2e_menu_showing(struct sim *sim, void *ctx);
/* Runs until the menu shows (any item), or fails. */
void e2e_expect_menu(struct sim *sim, uint32_t timeout_ms);
/* From a game-over screen, LEFT back to the menu (else nothing). */
void e2e_leave_game_over(struct sim *sim);
/* Sets every item of the menu to `setup`, reading the LCD after each
 * press; the menu or a game-over screen must be showing. */
void e2e_menu_set(struct sim *sim, const struct e2e_setup *setup);
/* Checks that the menu shows `setup` (after a power cycle, say). */
bool e2e_menu_shows(struct sim *sim, const struct e2e_setup *setup);

/* ---- what the game screen shows ---- */

enum e2e_screen {
	E2E_OTHER,
	E2E_HELP,     /* the keys, before the first turn */
	E2E_TURN,     /* the person's turn: the move being made in words */
	E2E_REFUSED,  /* a move refused, with the engine's reason */
	E2E_THINKING, /* "Thinking..." */
	E2E_MOVE,     /* the machine's move in words, marked on the board */
	E2E_OVER      /* "You win!" or "I win!" */
};

enum e2e_screen e2e_screen_of(struct sim *sim, uint8_t game);
/* The words of the game screen: row 1, or beside a board both rows' words
 * joined by a space. */
void e2e_words(struct sim *sim, uint8_t game, char *text, size_t size);

/* What a picture shows of a position.  Pieces: line: each number's text
 * ("12", "3^4"); strip: rows of pins; board: each place present or not. */
struct e2e_view {
	uint8_t parts;
	char part[64][12]; /* line: the numbers shown */
	int marked_first;  /* line: first part in brackets, or -1 */
	int marked_last;
	bool scrolled; /* line: '<' or '>' shown */
	uint8_t rows;  /* strip: rows of pins, as shown */
	uint32_t row[64];
	int cursor_row; /* strip: the underlined pin, or -1 */
	int cursor_at;
	uint32_t taken;         /* strip: pins hatched, counted; board: places hatched */
	uint8_t present[8][16]; /* board: [y][x] 1 piece, 2 taken (hatched), 0 none */
};

/* The engine's words for a refusal, as the device shows them. */
void e2e_error_text(enum engine_error err, char *text, size_t size);
/* Reads the picture of `game` from the LCD; false when it is not one. */
bool e2e_read_view(struct sim *sim, uint8_t game, struct e2e_view *view);
/* What the picture of `pos` must be (nothing marked). */
void e2e_expected_view(const struct position *pos, struct e2e_view *view);
/* Asserts that the LCD shows `pos` (marks and cursor aside). */
void e2e_expect_position(struct sim *sim, const struct position *pos, const char *when);

/* ---- playing ---- */

/* A person's choice of move, in the engine's terms. */
typedef void (*e2e_chooser)(const struct position *pos, struct move *mv, void *ctx);

/* How many legal moves the host engine has from `pos`; the `index`-th of
 * them (from 0, in the engine's order) into *mv, which must exist. */
unsigned e2e_legal_move_count(const struct position *pos);
void e2e_nth_move(const struct position *pos, unsigned index, struct move *mv);

/* Choosers: a legal move at random (`ctx` a uint32_t xorshift seed), or a
 * perfect one, to a position the solver says the opponent loses when there
 * is one (`ctx` unused). */
void e2e_choose_random(const struct position *pos, struct move *mv, void *ctx);
void e2e_choose_perfect(const struct position *pos, struct move *mv, void *ctx);

/* Enters `mv` with the arrows (reading the LCD after each press) and,
 * when `confirm`, plays it with SELECT; returns the cycle SELECT was let go. */
uint64_t e2e_enter_move(struct sim *sim, const struct position *pos, const struct move *mv, bool confirm);

struct e2e_figures {
	uint32_t machine_moves;
	uint32_t person_moves;
	uint32_t refusals;            /* illegal entries refused, game unchanged */
	uint32_t machine_had_win;     /* machine turns from a position the solver says it wins */
	uint64_t key_cycles_max;      /* an arrow let go -> the screen it changes drawn */
	uint64_t reaction_cycles_max; /* SELECT let go -> the screen after the person's move drawn */
	uint64_t announce_cycles_max; /* the pause's end -> the machine's move drawn on the LCD */
	uint64_t cycles;              /* the games' simulated time */
	uint64_t sleep_cycles;        /* of which asleep */
};

enum e2e_winner { E2E_PERSON, E2E_MACHINE };

/*
 * Starts the game set up in the menu (or the rematch a game-over screen
 * offers) and plays it to the end: the person's moves come from `choose`
 * (`first`, when given, is the first one); before about one move in
 * `bad_every` (0: never) the person first enters an illegal move, which must
 * be refused with the engine's reason and change nothing.  On every turn it
 * checks that the picture is the position the rules produce, that each of
 * the machine's moves is legal and, whenever the solver says the machine
 * can win, leaves the person a lost position; at the end, that the winner
 * announced is the right one.  When `skip_words` is set, a key press cuts
 * each announcement short once it has been read.  Ends at the game-over
 * screen.
 */
enum e2e_winner e2e_play_game(struct sim *sim, const struct e2e_setup *setup, const struct move *first,
			      e2e_chooser choose, void *ctx, unsigned bad_every, bool skip_words,
			      struct e2e_figures *figures);

/* What the serial transcript (firmware/transcript.h) says happened. */
struct e2e_transcript {
	unsigned games; /* games begun */
	unsigned moves;
	unsigned finished;   /* games with a winner */
	unsigned left;       /* games the person left before their end */
	bool in_game;        /* the last game begun has no winner yet and was not left */
	struct position pos; /* the last game's position now */
};

/* Replays every game of the transcript with the host engine and the
 * solver and asserts that each move was legal, the player each game's
 * line names ("new": the person, "go": the machine) moved first and then
 * the players took turns, each position printed is the one the rules
 * give, each winner named is the right one, and a game left ("left") was
 * left at the position its moves gave. */
void e2e_check_transcript(struct sim *sim, struct e2e_transcript *out);

/* `games` whole games of `game` from the rulebook's start, the person and
 * the machine moving first in turn, the person playing seeded random legal
 * moves after an illegal entry about one move in three; the machine must
 * win every game it can.  Prints the figures. */
void e2e_rulebook_game(uint8_t game, unsigned games, uint32_t seed);

/* Prints the figures as "# " notes, under `title`. */
void e2e_print_figures(const char *title, const struct e2e_figures *figures);

/* ---- sleep ---- */

/* How the chip spent a span of simulated time: its cycles, and of those
 * the cycles asleep (the harness counts them). */
struct e2e_sleep {
	uint64_t cycles;
	uint64_t sleep_cycles;
};

/* Runs `ms` simulated milliseconds with no input, and measures them. */
void e2e_measure_sleep(struct sim *sim, uint32_t ms, struct e2e_sleep *out);
/* The fraction of the span asleep, 0..1. */
double e2e_sleep_fraction(const struct e2e_sleep *span);
/* Prints, as a "# " note under `title`, the percentage asleep and the
 * awake cycles a millisecond. */
void e2e_print_sleep(const char *title, const struct e2e_sleep *span);

#endif
