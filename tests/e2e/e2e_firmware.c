/* The firmware under test: finding it and the host tool, booting it, its
 * health, the games and switches its edition holds, its data and EEPROM, its
 * sleep.  See e2e.h. */
#include "tests/e2e/e2e_internal.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/text.h"

static char elf_path[4096];
static char tool_path[4096];
static uint32_t games_left_out; /* bit `game` set for each game left out */

/* $GRUNDY_BOX_GAMES_LEFT_OUT into games_left_out; a name that is no game's
 * id ends the program, which tests/run-all counts as a failure. */
static void read_games_left_out(void)
{
	static const char *const ids[GAME_COUNT] = {
#define GAME(ID, ...) #ID,
#include "engine/games.def"
	};
	const char *list = getenv("GRUNDY_BOX_GAMES_LEFT_OUT");
	games_left_out = 0;
	for (; list != NULL && *list != '\0'; list += strspn(list, ", ")) {
		size_t length = strcspn(list, ", ");
		uint8_t game = 0;
		while (game < GAME_COUNT && !(strlen(ids[game]) == length && strncmp(ids[game], list, length) == 0)) {
			game++;
		}
		if (game == GAME_COUNT) {
			fprintf(stderr, "GRUNDY_BOX_GAMES_LEFT_OUT: no game has the id \"%.*s\"\n", (int)length, list);
			exit(EXIT_FAILURE);
		}
		games_left_out |= UINT32_C(1) << game;
		list += length;
	}
}

bool e2e_game_in_firmware(uint8_t game)
{
	return (games_left_out >> game & 1u) == 0;
}

bool e2e_game_to_test(uint8_t game)
{
	if (e2e_game_in_firmware(game)) {
		return true;
	}
	printf("# %s: left out of this edition\n", engine_game_name(game));
	return false;
}

bool e2e_feature(const char *feature)
{
	const char *list = getenv("GRUNDY_BOX_FEATURES");
	if (list == NULL) {
		fprintf(stderr, "GRUNDY_BOX_FEATURES is unset: name the switches of the edition under test "
				"(make test sets it from editions/NAME.mk)\n");
		exit(EXIT_FAILURE);
	}
	size_t wanted = strlen(feature);
	for (list += strspn(list, ", "); *list != '\0'; list += strspn(list, ", ")) {
		size_t length = strcspn(list, ", ");
		if (length == wanted && strncmp(list, feature, length) == 0) {
			return true;
		}
		list += length;
	}
	return false;
}

void e2e_init(const char *argv0)
{
	read_games_left_out();
	const char *slash = strrchr(argv0, '/');
	int dir_length = slash != NULL ? (int)(slash - argv0) : 1;
	const char *dir = slash != NULL ? argv0 : ".";
	snprintf(tool_path, sizeof tool_path, "%.*s/../../grundy", dir_length, dir);
	const char *override = getenv("GRUNDY_BOX_ELF");
	if (override != NULL && *override != '\0') {
		snprintf(elf_path, sizeof elf_path, "%s", override);
		return;
	}
	snprintf(elf_path, sizeof elf_path, "%.*s/../../grundy-box.elf", dir_length, dir);
}

void e2e_tool_line(const char *arguments, char *text, size_t size)
{
	char shell[2 * sizeof tool_path];
	int length = snprintf(shell, sizeof shell, "'%s' %s 2>&1", tool_path, arguments);
	assert_true(length > 0 && (size_t)length < sizeof shell);
	FILE *pipe = popen(shell, "r");
	assert_non_null(pipe);
	assert_non_null(fgets(text, (int)size, pipe));
	pclose(pipe);
	text[strcspn(text, "\n")] = '\0';
}

void e2e_host_analysis(const struct position *pos, char *text, size_t size)
{
	struct buffer_sink sink;
	buffer_sink_init(&sink, text, (uint16_t)size);
	engine_print_analysis(pos, &sink.sink);
	assert_false(sink.overflowed);
}

struct sim *e2e_boot(uint8_t shield)
{
	struct sim_options options = { .elf = elf_path, .shield = shield, .realtime = false };
	struct sim *sim = sim_open(&options);
	assert_non_null(sim);
	e2e_expect_menu(sim, 1000);
	return sim;
}

void e2e_check_health(struct sim *sim)
{
	if (sim_stopped(sim)) {
		fail_msg("the firmware stopped: %s", sim_state_text(sim));
	}
	assert_int_equal(sim_watchdog_resets(sim), 0);
	if (sim_lcd_violations(sim) != 0) {
		fail_msg("%u LCD timing violations, the first: %s", sim_lcd_violations(sim),
			 sim_lcd_first_violation(sim));
	}
	assert_false(sim_backlight_ever_driven_high(sim));
}

void e2e_close(struct sim *sim)
{
	e2e_check_health(sim);
	sim_close(sim);
}

/* ---- the firmware's data and EEPROM ---- */

size_t e2e_firmware_data_size(const char *symbol)
{
	char command[sizeof elf_path + 200];
	snprintf(command, sizeof command, "avr-nm -S '%s' | sed -n 's/^[0-9a-f]* \\([0-9a-f]*\\) [BbDd] %s$/\\1/p'",
		 elf_path, symbol);
	FILE *pipe = popen(command, "r");
	assert_non_null(pipe);
	unsigned size = 0;
	int read = fscanf(pipe, "%x", &size);
	pclose(pipe);
	if (read != 1 || size == 0) {
		fail_msg("%s has no variable `%s` (avr-nm -S)", elf_path, symbol);
	}
	return size;
}

bool e2e_eeprom_after_cut(struct sim *sim, unsigned torn, unsigned salt, uint8_t eeprom[EEPROM_SIZE])
{
	sim_eeprom_read(sim, eeprom);
	uint16_t address;
	uint8_t replaced;
	if (!sim_eeprom_write_under_way(sim, &address, &replaced)) {
		return false;
	}
	uint8_t written = eeprom[address];
	uint8_t garbage = (uint8_t)(0x5Au + salt);
	while (garbage == written || garbage == replaced) {
		garbage++;
	}
	eeprom[address] = torn == 0 ? replaced : torn == 1 ? written : garbage;
	return true;
}

/* ---- sleep ---- */

void e2e_measure_sleep(struct sim *sim, uint32_t ms, struct e2e_sleep *out)
{
	uint64_t cycles = sim_cycles(sim);
	uint64_t asleep = sim_sleep_cycles(sim);
	sim_run_ms(sim, ms);
	out->cycles = sim_cycles(sim) - cycles;
	out->sleep_cycles = sim_sleep_cycles(sim) - asleep;
	e2e_check_health(sim);
}

double e2e_sleep_fraction(const struct e2e_sleep *span)
{
	return span->cycles != 0 ? (double)span->sleep_cycles / (double)span->cycles : 0.0;
}

void e2e_print_sleep(const char *title, const struct e2e_sleep *span)
{
	double ms = (double)span->cycles / CYCLES_PER_MS;
	printf("# %s: asleep %.2f%% of %.1f simulated seconds, awake %.1f cycles a millisecond\n", title,
	       100.0 * e2e_sleep_fraction(span), ms / 1000.0,
	       ms > 0.0 ? (double)(span->cycles - span->sleep_cycles) / ms : 0.0);
}
