/* The soak test's count of the day; see soak.h. */
#include "tests/e2e/soak/soak.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tests/e2e/e2e_serial.h"

/* ---- the transcript ---- */

static bool starts(const char *text, const char *prefix)
{
	return strncmp(text, prefix, strlen(prefix)) == 0;
}

void soak_take_transcript(struct sim *sim, struct soak_day *day, bool cut)
{
	struct e2e_transcript checked;
	e2e_check_transcript(sim, &checked);
	if (checked.in_game && !cut) {
		return;
	}
	struct soak_tally *t = &day->tally;
	const char *text = sim_uart_output(sim);
	bool in_game = false;
	uint8_t game = 0;
	unsigned readies = 0, games = 0, finished = 0, left = 0, moves = 0;
	while (*text != '\0') {
		const char *end = strstr(text, "\r\n");
		assert_non_null(end);
		char line[512];
		snprintf(line, sizeof line, "%.*s", (int)(end - text), text);
		text = end + 2;
		if (strcmp(line, "grundy-box ready") == 0) {
			readies++;
		} else if (starts(line, "new ") || starts(line, "go ")) {
			const char *name = line + (line[0] == 'g' ? 3 : 4);
			game = engine_find_game(name, (uint8_t)strcspn(name, " "));
			assert_true(game < GAME_COUNT);
			t->played[game]++;
			games++;
			in_game = true;
		} else if (starts(line, "you ") || starts(line, "me ")) {
			moves++;
		} else if (strcmp(line, "winner you") == 0 || strcmp(line, "winner me") == 0) {
			(line[7] == 'y' ? t->you : t->me)[game]++;
			finished++;
			in_game = false;
		} else if (starts(line, "left ")) {
			t->left[game]++;
			left++;
			in_game = false;
		} else if (strcmp(line, "slip") == 0) {
			t->slips[game]++;
		}
	}
	/* This count of the lines and the replay's must agree. */
	assert_int_equal(games, checked.games);
	assert_int_equal(finished, checked.finished);
	assert_int_equal(left, checked.left);
	assert_int_equal(moves, checked.moves);
	assert_int_equal(in_game, checked.in_game);
	if (in_game) {
		t->cut[game]++;
	}
	t->moves += moves;
	t->readies += readies;
	/* One "ready" a power-on: another would be a reset nobody made. */
	if (t->readies != day->power_ons) {
		fail_msg("%u power-ons but %u \"grundy-box ready\" lines: the box reset by itself", day->power_ons,
			 t->readies);
	}
	sim_uart_clear_output(sim);
}

/* ---- the day's figures ---- */

static const char *const kind_names[SOAK_KINDS] = { "played well", "played badly", "pressed keys at random",
						    "mashed the buttons" };

void soak_print_day(const struct soak_day *day, struct sim *sim, double wall, double cpu)
{
	const struct soak_tally *t = &day->tally;
	double hours = (double)soak_day_cycles(day, sim) / SOAK_CYCLES_PER_HOUR;
	double asleep = (double)(day->sleep_before + sim_sleep_cycles(sim)) / SOAK_CYCLES_PER_HOUR;
	printf("# seed %u (SOAK_SEED repeats the day): %.2f simulated hours in %.1f s wall, %.1f s CPU "
	       "(%.0f simulated seconds per CPU second); asleep %.2f h\n",
	       day->seed, hours, wall, cpu, hours * 3600.0 / cpu, asleep);
	unsigned visitors = 0;
	for (int k = 0; k < SOAK_KINDS; k++) {
		visitors += day->visitors[k];
	}
	printf("# %u visitors: %u %s, %u %s, %u %s, %u %s; %u with bouncing contacts; %u walked away mid-game\n",
	       visitors, day->visitors[SOAK_GOOD], kind_names[SOAK_GOOD], day->visitors[SOAK_BAD], kind_names[SOAK_BAD],
	       day->visitors[SOAK_RANDOM_KEYS], kind_names[SOAK_RANDOM_KEYS], day->visitors[SOAK_MASHER],
	       kind_names[SOAK_MASHER], day->bouncy_visitors, day->walked_away);
	printf("# speed: idle spells %.2f h in %.1f s CPU (%.0f simulated seconds per CPU second), visitors %.2f h in "
	       "%.1f s CPU (%.0f)\n",
	       (double)day->idle_cycles / SOAK_CYCLES_PER_HOUR, day->idle_cpu,
	       (double)day->idle_cycles / BOARD_F_CPU / day->idle_cpu, (double)day->visit_cycles / SOAK_CYCLES_PER_HOUR,
	       day->visit_cpu, (double)day->visit_cycles / BOARD_F_CPU / day->visit_cpu);
	printf("# idle spells: %.2f h; keys pressed at random, mashed or to leave a screen: %u (%u bouncing); "
	       "answer checks: %u\n",
	       (double)day->idle_cycles / SOAK_CYCLES_PER_HOUR, day->keys, day->bouncing_keys, day->probes);
	printf("# played out by the players: %u games, %u moves of theirs (%u illegal entries refused), %u of the "
	       "box's; the good players won all %u games they could\n",
	       day->games_played_out, day->figures.person_moves, day->figures.refusals, day->figures.machine_moves,
	       day->good_could_win);
	printf("# power cuts: %u at random moments, %u as the settings were saved, %u at a game's end; "
	       "%u during a byte's write; the newest record after them: %u the one before, %u the new\n",
	       day->cuts_random, day->cuts_saving, day->cuts_after_game, day->cuts_during_write, day->came_back_old,
	       day->came_back_new);
	unsigned played = 0, you = 0, me = 0, left = 0, cut = 0, slips = 0;
	for (uint8_t g = 0; g < GAME_COUNT; g++) {
		char title[32];
		e2e_game_title(g, title, sizeof title);
		printf("# %-15s played %3u: you %3u, me %3u, left %3u, cut %3u; slips %3u\n", title, t->played[g],
		       t->you[g], t->me[g], t->left[g], t->cut[g], t->slips[g]);
		played += t->played[g];
		you += t->you[g];
		me += t->me[g];
		left += t->left[g];
		cut += t->cut[g];
		slips += t->slips[g];
	}
	/* With statistics kept in the EEPROM, the `stats` command's total
	 * must give these figures. */
	printf("# transcript total: played %u, you %u, me %u, left %u, cut %u, slips %u; %u moves; %u power-ons\n",
	       played, you, me, left, cut, slips, t->moves, day->power_ons);
	printf("# health: %s; %u watchdog resets; %u \"grundy-box ready\" lines for %u power-ons; %u LCD timing "
	       "violations\n",
	       sim_state_text(sim), day->watchdog_resets + sim_watchdog_resets(sim), t->readies, day->power_ons,
	       sim_lcd_violations(sim));
}

void soak_expect_statistics(struct sim *sim, struct soak_day *day)
{
	e2e_serial_ask_stats(sim);
	const struct soak_tally *t = &day->tally;
	unsigned counted = 0, ended = 0;
	for (uint8_t g = 0; g < GAME_COUNT; g++) {
		unsigned played = 0, you = 0, me = 0, slips = 0, hints = 0;
		char line[160];
		size_t name_length = strlen(engine_game_name(g));
		if (e2e_serial_stats_line(sim, engine_game_name(g), line, sizeof line) &&
		    sscanf(line + name_length, ": played %u, you %u, me %u, slips %u, hints %u", &played, &you, &me,
			   &slips, &hints) != 5) {
			fail_msg("`stats` said \"%s\"", line);
		}
		unsigned games_ended = t->you[g] + t->me[g] + t->left[g];
		if (played > games_ended || played + day->cuts_after_game < games_ended || you > t->you[g] ||
		    me > t->me[g] || slips > t->slips[g]) {
			fail_msg("%s: the statistics say played %u, you %u, me %u, slips %u; the transcript %u ended "
				 "(you %u, me %u, slips %u), %u cuts at a game's end",
				 engine_game_name(g), played, you, me, slips, games_ended, t->you[g], t->me[g],
				 t->slips[g], day->cuts_after_game);
		}
		counted += played;
		ended += games_ended;
	}
	printf("# the statistics: %u games counted, the transcript %u ended (%u power cuts at a game's end)\n", counted,
	       ended, day->cuts_after_game);
	sim_uart_clear_output(sim);
}
