/*
 * The exhibit's statistics (firmware/stats.h), end to end through the
 * pins: games played with the buttons (won, lost, with slips, a hint
 * asked with the LEFT gesture, a game left with a long SELECT), and the
 * console's `stats` over the UART must say what the transcript says
 * happened: the games played, won by each side, the slips and the hints;
 * after a power cycle too.  Then power cuts while the statistics are
 * written: the EEPROM is given a journal one entry short of full (written
 * here, in the layout of firmware/stats.h), a game ended with the
 * buttons, and the simulator forked at many cycles of the entry's write
 * and the checkpoint's that follows; each child cuts the power (the byte
 * being written left old, new or garbage), powers on and asks `stats`:
 * its total line must be the old or the new, and nothing else.
 *
 * needs: STATS CONSOLE TRANSCRIPT TEACHING (the statistics read with `stats`,
 * of games played with the buttons and followed in the transcript)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "engine/engine.h"
#include "firmware/stats.h"
#include "sim/harness.h"
#include "tests/e2e/e2e.h"
#include "tests/e2e/e2e_serial.h"

#define HELP_MS 3000u    /* the keys' help before the first turn */
#define GESTURE_MS 3500u /* LEFT held: the hint comes after about 3 s */
#define LEAVE_MS 1200u   /* SELECT held: the game is left */
#define CUTS 240u
#define MARGIN_MS 3u

/* What the transcript said of the games, for Nim alone. */
struct tally {
	unsigned played, you, me, slips, hints;
};

/* Counts the lines of the transcript since it was last cleared, and
 * clears it. */
static void tally_transcript(struct sim *sim, struct tally *t)
{
	const char *out = sim_uart_output(sim);
	for (const char *line = out; *line != '\0';) {
		const char *end = strstr(line, "\r\n");
		if (end == NULL) {
			break;
		}
		size_t n = (size_t)(end - line);
		if (n == 10 && strncmp(line, "winner you", 10) == 0) {
			t->played++;
			t->you++;
		} else if (n == 9 && strncmp(line, "winner me", 9) == 0) {
			t->played++;
			t->me++;
		} else if (n == 4 && strncmp(line, "slip", 4) == 0) {
			t->slips++;
		} else if (strncmp(line, "left ", 5) == 0) {
			t->played++;
		}
		line = end + 2;
	}
	sim_uart_clear_output(sim);
}

/* The reply to `stats`: its line for `name` (or "" when it has none) and
 * its total line. */
static void ask_stats(struct sim *sim, const char *name, char *game_line, char *total_line, size_t size)
{
	e2e_serial_ask_stats(sim);
	if (!e2e_serial_stats_line(sim, name, game_line, size)) {
		game_line[0] = '\0';
	}
	assert_true(e2e_serial_stats_line(sim, "total", total_line, size));
	sim_uart_clear_output(sim);
}

static void expected_line(const char *name, const struct tally *t, char *text, size_t size)
{
	snprintf(text, size, "%s: played %u, you %u, me %u, slips %u, hints %u", name, t->played, t->you, t->me,
		 t->slips, t->hints);
}

static struct e2e_setup nim_of(uint8_t count, const uint32_t *heaps, bool machine_first)
{
	struct e2e_setup setup = e2e_start(GAME_NIM, machine_first);
	setup.rule = RULE_NORMAL;
	setup.count = count;
	memcpy(setup.value, heaps, count * sizeof heaps[0]);
	return setup;
}

static void leave_game(struct sim *sim)
{
	sim_button_down(sim, BUTTON_SELECT);
	sim_run_ms(sim, LEAVE_MS);
	sim_button_up(sim);
	e2e_expect_menu(sim, 1000);
}

static void stats_counts_the_games_played_with_the_buttons(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	sim_run_ms(sim, 2000); /* the first checkpoint of a blank EEPROM, all zero */
	char got[160], total[160], want[160];
	ask_stats(sim, "nim", got, total, sizeof got);
	assert_string_equal(got, "");
	assert_string_equal(total, "total: played 0, you 0, me 0, slips 0, hints 0");
	e2e_serial_ask(sim, "stats now", got, sizeof got);
	assert_string_equal(got, "error: bad syntax");
	sim_uart_clear_output(sim);

	struct tally t = { 0 };
	static const uint32_t heaps[] = { 2, 3, 4 };
	uint32_t seed = 2024u;
	unsigned games = 0;
	for (; games < 6u; games++) {
		struct e2e_setup setup = nim_of(3, heaps, games % 3u == 2u);
		if (games > 0) {
			e2e_leave_game_over(sim);
		}
		e2e_menu_set(sim, &setup);
		struct e2e_figures figures;
		memset(&figures, 0, sizeof figures);
		e2e_play_game(sim, &setup, NULL, games % 2u ? e2e_choose_perfect : e2e_choose_random, &seed, 0, true,
			      &figures);
		sim_run_ms(sim, 200);
		tally_transcript(sim, &t);
	}
	/* A game with a hint (LEFT held where it changes nothing), then
	 * left with a long SELECT. */
	e2e_leave_game_over(sim);
	struct e2e_setup setup = nim_of(3, heaps, false);
	e2e_menu_set(sim, &setup);
	e2e_press(sim, BUTTON_SELECT);
	sim_run_ms(sim, HELP_MS);
	sim_button_down(sim, BUTTON_LEFT);
	sim_run_ms(sim, GESTURE_MS);
	sim_button_up(sim);
	sim_run_ms(sim, 300);
	e2e_press(sim, BUTTON_SELECT);
	leave_game(sim);
	t.hints++;
	sim_run_ms(sim, 200);
	tally_transcript(sim, &t);
	games++;

	assert_int_equal(t.played, games);
	expected_line("nim", &t, want, sizeof want);
	ask_stats(sim, "nim", got, total, sizeof got);
	assert_string_equal(got, want);
	expected_line("total", &t, want, sizeof want);
	assert_string_equal(total, want);
	/* And after a power cycle. */
	sim_power_cycle(sim);
	e2e_expect_menu(sim, 3000);
	ask_stats(sim, "nim", got, total, sizeof got);
	expected_line("nim", &t, want, sizeof want);
	assert_string_equal(got, want);
	print_message("# %u games with the buttons, `stats` as the transcript: %s\n", games, got);
	e2e_close(sim);
}

/* ---- power cuts ---- */

static uint16_t crc16_arc(uint16_t crc, uint8_t byte)
{
	crc ^= byte;
	for (uint8_t bit = 0; bit < 8; bit++) {
		crc = (crc & 1u) ? (uint16_t)((crc >> 1) ^ 0xA001u) : (uint16_t)(crc >> 1);
	}
	return crc;
}

/* An EEPROM whose checkpoint (slot 0, epoch 7) holds `base` games of Nim
 * won by the machine, and whose journal holds `entries` Nim games won by
 * the visitor. */
static void make_eeprom(uint8_t eeprom[EEPROM_SIZE], uint32_t base, unsigned entries)
{
	memset(eeprom, 0xFF, EEPROM_SIZE);
	uint8_t *checkpoint = &eeprom[STATS_CHECKPOINT_AT];
	memset(checkpoint, 0, STATS_CHECKPOINT_SIZE);
	for (unsigned which = STATS_PLAYED; which <= STATS_ME; which += STATS_ME) {
		uint8_t *count = &checkpoint[(GAME_NIM * STATS_COUNTERS + which) * STATS_COUNT_BYTES];
		count[0] = (uint8_t)base;
		count[1] = (uint8_t)(base >> 8);
		count[2] = (uint8_t)(base >> 16);
	}
	checkpoint[STATS_COUNTS_SIZE] = 7;
	uint16_t crc = STATS_FORMAT;
	for (unsigned i = 0; i <= STATS_COUNTS_SIZE; i++) {
		crc = crc16_arc(crc, checkpoint[i]);
	}
	checkpoint[STATS_COUNTS_SIZE + 1u] = (uint8_t)crc;
	checkpoint[STATS_COUNTS_SIZE + 2u] = (uint8_t)(crc >> 8);
	for (unsigned e = 0; e < entries; e++) {
		uint8_t *entry = &eeprom[STATS_JOURNAL_AT + e * STATS_ENTRY_SIZE];
		entry[0] = (uint8_t)(GAME_NIM | 1u << 5); /* the visitor won */
		entry[1] = 0;
		entry[2] = 0;
		entry[3] = 7;
	}
}

enum outcome { CAME_BACK_OLD = 0, CAME_BACK_NEW = 1, CAME_BACK_OTHER = 2, NO_MENU = 3 };

/* In the child: the power cut at `cycle`, the byte under way left as
 * `torn` says, and the total line after power-on judged. */
static int cut_and_judge(struct sim *sim, uint64_t cycle, unsigned torn, const char *old, const char *new)
{
	if (cycle > sim_cycles(sim)) {
		sim_run_cycles(sim, cycle - sim_cycles(sim));
	}
	uint8_t eeprom[EEPROM_SIZE];
	(void)e2e_eeprom_after_cut(sim, torn, (unsigned)cycle, eeprom);
	sim_power_cycle_with(sim, eeprom);
	if (!e2e_wait_line(sim, 0, "<", 3000) || sim_stopped(sim) || sim_watchdog_resets(sim) != 0) {
		return NO_MENU;
	}
	char game_line[160], total[160];
	ask_stats(sim, "nim", game_line, total, sizeof total);
	return strcmp(total, old) == 0 ? CAME_BACK_OLD : strcmp(total, new) == 0 ? CAME_BACK_NEW : CAME_BACK_OTHER;
}

/* What a scout found: the save's window and the total line after it. */
struct window {
	uint64_t first; /* the cycle the first write began */
	uint64_t last;  /* the cycle the last write began */
	uint32_t writes;
	char total[160];
};

#define PRESS_CYCLES (16000ull * 40u) /* a press's 40 ms down, as e2e_press() */

/* SELECT pressed, which plays the winning move entered, and the run to
 * `cycle` (at once when it has passed), the key still down if it comes
 * first. */
static void play_the_move_until(struct sim *sim, uint64_t cycle)
{
	uint64_t from = sim_cycles(sim);
	sim_button_down(sim, BUTTON_SELECT);
	if (cycle < from + PRESS_CYCLES) {
		if (cycle > from) {
			sim_run_cycles(sim, cycle - from);
		}
		return;
	}
	sim_run_cycles(sim, PRESS_CYCLES);
	sim_button_up(sim);
	if (cycle > sim_cycles(sim)) {
		sim_run_cycles(sim, cycle - sim_cycles(sim));
	}
}

static bool writing(struct sim *sim, void *ctx)
{
	return sim_eeprom_writes(sim) > *(const uint32_t *)ctx;
}

static struct window scout(struct sim *sim)
{
	int fds[2];
	assert_int_equal(pipe(fds), 0);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		close(fds[0]);
		struct window w;
		memset(&w, 0, sizeof w);
		uint32_t before = sim_eeprom_writes(sim);
		play_the_move_until(sim, sim_cycles(sim) + PRESS_CYCLES);
		if (sim_run_until(sim, writing, &before, 3000)) {
			w.first = sim_cycles(sim);
		}
		sim_run_ms(sim, 3000);
		w.writes = sim_eeprom_writes(sim) - before;
		w.last = sim_eeprom_last_write_cycle(sim);
		char game_line[160];
		ask_stats(sim, "nim", game_line, w.total, sizeof w.total);
		_exit(write(fds[1], &w, sizeof w) == (ssize_t)sizeof w ? 0 : 1);
	}
	close(fds[1]);
	struct window w;
	assert_int_equal(read(fds[0], &w, sizeof w), (ssize_t)sizeof w);
	close(fds[0]);
	int status = 0;
	waitpid(pid, &status, 0);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	return w;
}

/* From an EEPROM of `entries` entries, a game of Nim 1 won by the visitor
 * with the buttons, and power cuts over what it writes. */
static void cut_while_counting(unsigned entries, const char *what)
{
	uint32_t base = 1000u;
	uint8_t eeprom[EEPROM_SIZE];
	make_eeprom(eeprom, base, entries);
	struct sim *sim = e2e_boot(0);
	sim_power_cycle_with(sim, eeprom);
	e2e_expect_menu(sim, 3000);
	char old[160], new[160], game_line[160];
	ask_stats(sim, "nim", game_line, old, sizeof old);
	char want[160];
	snprintf(want, sizeof want, "total: played %u, you %u, me %u, slips 0, hints 0", base + entries, entries, base);
	assert_string_equal(old, want);
	snprintf(new, sizeof new, "total: played %u, you %u, me %u, slips 0, hints 0", base + entries + 1u,
		 entries + 1u, base);

	/* Nim of one heap of 1, the visitor first: the move entered, and
	 * the simulator forked before the SELECT that plays it. */
	static const uint32_t heaps[] = { 1 };
	struct e2e_setup setup = nim_of(1, heaps, false);
	e2e_menu_set(sim, &setup);
	e2e_press(sim, BUTTON_SELECT);
	sim_run_ms(sim, HELP_MS);
	struct position pos;
	e2e_setup_position(&setup, &pos);
	struct move mv;
	e2e_choose_perfect(&pos, &mv, NULL);
	e2e_enter_move(sim, &pos, &mv, false);
	struct window w = scout(sim);
	assert_string_equal(w.total, new);
	assert_true(w.writes > 0);

	assert_true(w.first != 0);
	/* Half the cuts over the entry's writes (from a little before the
	 * first), half over all of them. */
	uint64_t margin = 16000ull * MARGIN_MS;
	uint64_t from = w.first - margin;
	uint64_t entry_span = 16000ull * 4u * STATS_ENTRY_SIZE + 2u * margin;
	uint64_t span = w.last + margin - from;
	unsigned outcome[NO_MENU + 1] = { 0 };
	for (unsigned k = 0; k < CUTS; k++) {
		uint64_t cycle = from + (k % 2u ? span : entry_span) * (k / 2u) / (CUTS / 2u - 1u);
		pid_t pid = fork();
		assert_true(pid >= 0);
		if (pid == 0) {
			play_the_move_until(sim, cycle);
			_exit(cut_and_judge(sim, cycle, k % 3u, old, new));
		}
		int status = 0;
		waitpid(pid, &status, 0);
		assert_true(WIFEXITED(status));
		int code = WEXITSTATUS(status);
		assert_true(code <= NO_MENU);
		outcome[code]++;
	}
	print_message("# %s: %u writes after the game's end; %u power cuts over them: %u came back old, %u new, "
		      "%u other, %u without the menu\n",
		      what, w.writes, CUTS, outcome[CAME_BACK_OLD], outcome[CAME_BACK_NEW], outcome[CAME_BACK_OTHER],
		      outcome[NO_MENU]);
	assert_int_equal(outcome[CAME_BACK_OTHER] + outcome[NO_MENU], 0);
	assert_true(outcome[CAME_BACK_OLD] > 0 && outcome[CAME_BACK_NEW] > 0);
	e2e_close(sim);
}

static void a_power_cut_while_a_game_is_counted_gives_old_or_new_counts(void **state)
{
	(void)state;
	cut_while_counting(5, "an entry");
}

static void a_power_cut_while_a_checkpoint_is_written_gives_old_or_new_counts(void **state)
{
	(void)state;
	cut_while_counting(STATS_ENTRIES - 1u, "an entry and the checkpoint it begins");
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(stats_counts_the_games_played_with_the_buttons),
		cmocka_unit_test(a_power_cut_while_a_game_is_counted_gives_old_or_new_counts),
		cmocka_unit_test(a_power_cut_while_a_checkpoint_is_written_gives_old_or_new_counts),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
