/*
 * The exhibit's lamps (firmware/lights.c) on the host, the fake HAL
 * keeping what the registers were last given: Marienbad's matches, lit
 * while there; the machine's choice blinking, 128 ms a half from its
 * announcement, the move's picture last and never the old one while the
 * move is played, until it is played or the game is left; a Marienbad of other
 * rows; every other game's lamp 1, lit while the machine is to move, and
 * its parts in binary in the rows under it, at the limits (a part larger
 * than its row, more parts than rows, fewer, an empty one, the game's
 * end), and every game played out against a picture worked out here from
 * the position's record.  Lamp 1 is bit 15, the rows of 1, 3, 5 and 7
 * lamps follow it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "engine/engine.h"
#include "firmware/game.h"
#include "firmware/lights.h"
#include "firmware/settings.h"
#include "hal/lamps.h"
#include "tests/fake_hal/fake_hal.h"

#define LAMP_1 0x8000u
#define ROW_3 0x0F80u /* lamps 5-9 */
#define ROW_4 0x007Fu /* lamps 10-16 */
#define ANNOUNCE_MS 1500u
#define HALF_MS 128u

/* What the lamps showed as each move was being played (GAME_MOVING),
 * after the lamps' own observer. */
static uint16_t lamps_while_moving;

static void watch_moving(uint8_t event)
{
	if (event == GAME_MOVING) {
		lamps_while_moving = fake_hal.lamps;
	}
}

static const game_observer observers[] = { lights_game_event, watch_moving, NULL };

static int set_up(void **state)
{
	(void)state;
	fake_power_on();
	settings_init();
	game_observe(observers);
	lamps_init();
	return 0;
}

static void start(uint8_t game_id, const char *text, uint8_t first)
{
	struct position pos;
	assert_int_equal(engine_parse_position(&pos, game_id, text), ENGINE_OK);
	assert_true(game_start(&pos, first));
}

static struct move take(uint8_t heap, uint16_t amount)
{
	struct move mv;
	memset(&mv, 0, sizeof mv);
	mv.u.heap.heap = heap;
	mv.u.heap.count = amount;
	return mv;
}

static void marienbad_shows_its_matches_and_blinks_the_choice(void **state)
{
	(void)state;
	assert_int_equal(fake_hal.lamps, 0);
	start(GAME_MARIENBAD, "1 3 5 7", PLAYER_PERSON);
	assert_int_equal(fake_hal.lamps, 0xFFFFu);
	struct move person = take(3, 2);
	assert_int_equal(game_play(&person), ENGINE_OK);
	assert_int_equal(fake_hal.lamps, 0xFFFFu & ~0x0003u); /* lamps 15 and 16 */

	/* The machine announces taking row 3 whole for 1.5 s, from a time
	 * that is no multiple of 128 ms: from the announcement on, its lamps,
	 * and only they, go off and on, 128 ms each, the move's picture first;
	 * ten halves, and the move's picture from the eleventh until the
	 * move is played. */
	struct move machine = take(2, 5);
	uint16_t before = 0xFFFCu, after = 0xFFFCu & ~ROW_3;
	fake_hal.now_ms = 1000u;
	lights_choice(&machine, ANNOUNCE_MS);
	assert_int_equal(fake_hal.lamps, after);
	for (uint16_t ms = 0; ms <= ANNOUNCE_MS + 20u; ms++) {
		fake_hal.now_ms = 1000u + ms;
		lights_tick((uint16_t)fake_hal.now_ms);
		bool moved = ms / HALF_MS % 2u == 0 || ms >= 10u * HALF_MS;
		if (fake_hal.lamps != (moved ? after : before)) {
			fail_msg("%u ms into the announcement the lamps show %04x", ms, fake_hal.lamps);
		}
		/* A main loop sleeping through ticks wakes for the next half. */
		uint8_t wait = lights_wait_ms();
		assert_int_equal(wait, ms >= 10u * HALF_MS ? UINT8_MAX : HALF_MS - ms % HALF_MS);
	}
	assert_int_equal(game_play(&machine), ENGINE_OK);
	assert_int_equal(lamps_while_moving, after); /* the old picture does not come back */
	assert_int_equal(fake_hal.lamps, after);
	lights_tick(1000u + HALF_MS); /* played: no more blinking */
	assert_int_equal(fake_hal.lamps, after);
	assert_int_equal(lights_wait_ms(), UINT8_MAX);

	/* A choice the person leaves before it is played stops blinking. */
	struct move next = take(3, 5);
	fake_hal.now_ms = 5000u;
	lights_choice(&next, ANNOUNCE_MS);
	assert_int_equal(fake_hal.lamps, LAMP_1 | 0x7000u);
	lights_tick(5000u + HALF_MS);
	assert_int_equal(fake_hal.lamps, after);
	lights_tick(5000u + 2u * HALF_MS);
	assert_int_equal(fake_hal.lamps, LAMP_1 | 0x7000u);
	game_leave();
	assert_int_equal(fake_hal.lamps, after);
	lights_tick(5000u + 4u * HALF_MS);
	assert_int_equal(fake_hal.lamps, after);
}

static void marienbad_ends_dark(void **state)
{
	(void)state;
	start(GAME_MARIENBAD, "0 0 0 1", PLAYER_PERSON);
	assert_int_equal(fake_hal.lamps, 0x0040u); /* lamp 10 */
	struct move last = take(3, 1);
	assert_int_equal(game_play(&last), ENGINE_OK);
	assert_true(game->over);
	assert_int_equal(fake_hal.lamps, 0);
}

/* Of other rows: a row longer than its lamps fills them, rows after the
 * fourth have none, and missing rows are dark, whatever the record holds
 * past its count (the menu leaves the numbers of rows it no longer
 * shows there). */
static void marienbad_of_other_rows_shows_its_first_four(void **state)
{
	(void)state;
	struct position two;
	assert_int_equal(engine_parse_position(&two, GAME_MARIENBAD, "2 9"), ENGINE_OK);
	two.u.heap[2] = 5;
	two.u.heap[3] = 7;
	assert_true(game_start(&two, PLAYER_PERSON));
	assert_int_equal(fake_hal.lamps, 0xF000u);
	start(GAME_MARIENBAD, "1 3 5 700 1 1", PLAYER_PERSON);
	assert_int_equal(fake_hal.lamps, 0xFFFFu);
	struct move most = take(3, 695);
	assert_int_equal(game_play(&most), ENGINE_OK);
	assert_int_equal(fake_hal.lamps, (0xFFFFu & ~ROW_4) | 0x007Cu); /* 5 of row 4's 7 */
}

/* ---- every other game: whose turn, and the parts in binary ---- */

/* Lamps written as docs/exhibit.md draws them, the rows of 1, 3, 5 and 7 from
 * the top, each read from the left, '1' lit: "1 011 00100 0000101". */
static uint16_t lamps_of(const char *rows)
{
	uint16_t lamps = 0;
	unsigned n = 0;
	for (; *rows != '\0'; rows++) {
		if (*rows != ' ') {
			lamps = (uint16_t)(lamps << 1 | (*rows == '1'));
			n++;
		}
	}
	assert_int_equal(n, 16);
	return lamps;
}

#define assert_lamps(rows) assert_int_equal(fake_hal.lamps, lamps_of(rows))

static void nim_shows_each_heap_in_binary_and_the_turn(void **state)
{
	(void)state;
	start(GAME_NIM, "3 4 5", PLAYER_MACHINE);
	assert_lamps("1 011 00100 0000101");
	/* The machine's choice, 3 to 1 in the first heap: the lamps it
	 * changes, and only they, go off and on, the move's picture first. */
	struct move first = take(0, 2);
	uint16_t announced = (uint16_t)fake_hal.now_ms;
	lights_choice(&first, ANNOUNCE_MS);
	assert_lamps("1 001 00100 0000101");
	lights_tick((uint16_t)(announced + HALF_MS));
	assert_lamps("1 011 00100 0000101");
	lights_tick((uint16_t)(announced + 2u * HALF_MS));
	assert_lamps("1 001 00100 0000101");
	assert_int_equal(game_play(&first), ENGINE_OK);
	assert_lamps("0 001 00100 0000101");
	lights_tick((uint16_t)(announced + 3u * HALF_MS)); /* played: no more blinking */
	assert_lamps("0 001 00100 0000101");
	struct move second = take(2, 4);
	assert_int_equal(game_play(&second), ENGINE_OK);
	assert_lamps("1 001 00100 0000001");
}

/* A row holds 0 to 7, 31 or 127; a larger part lights it whole. */
static void a_part_too_large_for_its_row_lights_it_whole(void **state)
{
	(void)state;
	start(GAME_NIM, "6 30 126", PLAYER_PERSON);
	assert_lamps("0 110 11110 1111110");
	start(GAME_NIM, "7 31 127", PLAYER_PERSON);
	assert_lamps("0 111 11111 1111111");
	start(GAME_NIM, "8 32 128", PLAYER_PERSON);
	assert_lamps("0 111 11111 1111111");
	start(GAME_NIM, "65535 9 1", PLAYER_PERSON);
	assert_lamps("0 111 01001 0000001");
	start(GAME_DIVIDE, "4294967295 1 2", PLAYER_PERSON);
	assert_lamps("0 111 00001 0000010");
	/* One part has all 15 lamps: 0 to 32767. */
	start(GAME_SUBTRACT_DIGIT, "32766", PLAYER_PERSON);
	assert_lamps("0 111 11111 1111110");
	start(GAME_SUBTRACT_DIGIT, "32767", PLAYER_PERSON);
	assert_lamps("0 111 11111 1111111");
	start(GAME_SUBTRACT_DIGIT, "32768", PLAYER_PERSON);
	assert_lamps("0 111 11111 1111111");
	start(GAME_SUBTRACT_DIGIT, "4294967295", PLAYER_PERSON);
	assert_lamps("0 111 11111 1111111");
}

/* Of eight heaps the first three; a move at the others changes only lamp 1. */
static void more_parts_than_rows_show_the_first_three(void **state)
{
	(void)state;
	start(GAME_NIM, "1 2 3 4 5 6 7 8", PLAYER_PERSON);
	assert_lamps("0 001 00010 0000011");
	struct move last = take(7, 8);
	assert_int_equal(game_play(&last), ENGINE_OK);
	assert_lamps("1 001 00010 0000011");
	start(GAME_NIMBLE, "0 3 3 7", PLAYER_PERSON);
	assert_lamps("0 000 00011 0000011");
}

/* Two parts fill the rows of 5 and 7, one part all three rows; an empty
 * part is a dark row. */
static void fewer_parts_fill_the_rows_from_the_bottom(void **state)
{
	(void)state;
	start(GAME_WYTHOFF, "5 9", PLAYER_PERSON);
	assert_lamps("0 000 00101 0001001");
	start(GAME_KAYLES, "1 12", PLAYER_PERSON);
	assert_lamps("0 000 00001 0001100");
	start(GAME_SUBTRACT_DIGIT, "1234", PLAYER_PERSON); /* 100 1101 0010 */
	assert_lamps("0 000 01001 1010010");
	start(GAME_PEBBLES, "20", PLAYER_PERSON);
	assert_lamps("0 000 00000 0010100");
	start(GAME_NIM, "0 5 0", PLAYER_PERSON);
	assert_lamps("0 000 00101 0000000");
	/* Kayles' row of 12 split in two: three rows now. */
	start(GAME_KAYLES, "1 12", PLAYER_PERSON);
	struct move split;
	assert_int_equal(engine_parse_move(&game->pos, "2.6", &split), ENGINE_OK);
	assert_int_equal(game_play(&split), ENGINE_OK);
	assert_lamps("1 001 00101 0000110");
}

/* At the game's end lamp 1 is dark and the parts stay as they ended:
 * stones that S cannot take, Chomp's poison. */
static void a_game_over_darkens_lamp_1_and_keeps_its_parts(void **state)
{
	(void)state;
	start(GAME_NIM, "1", PLAYER_PERSON);
	struct move last = take(0, 1);
	assert_int_equal(game_play(&last), ENGINE_OK);
	assert_true(game->over); /* the machine would be to move, but nothing is */
	assert_lamps("0 000 00000 0000000");
	start(GAME_SUBTRACTION, "S=3 4", PLAYER_PERSON);
	struct move three = take(0, 3);
	assert_int_equal(game_play(&three), ENGINE_OK);
	assert_true(game->over);
	assert_lamps("0 000 00000 0000001");
	start(GAME_CHOMP, "1x2", PLAYER_MACHINE);
	assert_lamps("1 000 00000 0000010");
	struct move bite;
	assert_int_equal(engine_parse_move(&game->pos, "1,2", &bite), ENGINE_OK);
	assert_int_equal(game_play(&bite), ENGINE_OK);
	assert_true(game->over);
	assert_lamps("0 000 00000 0000001");
}

/* The starts of the rulebook, each kind of game's parts. */
static void every_kind_of_game_shows_its_parts(void **state)
{
	(void)state;
	static const struct {
		uint8_t game;
		const char *position;
		const char *lamps;
	} starts[] = {
		{ GAME_MISERE_NIM, "4 5 6", "0 100 00101 0000110" },
		{ GAME_LIMIT_NIM, "k=3 3 4 5", "0 011 00100 0000101" },
		{ GAME_SUBTRACTION, "S=1,3,4 21", "0 000 00000 0010101" },
		{ GAME_DIVIDE, "12 35 7", "0 111 11111 0000111" },
		{ GAME_PRIME_POWER, "56700", "0 010 00100 0000010" },        /* 2^2 3^4 5^2 7: exponents */
		{ GAME_MATRIX_NIM, "1 2 3 / 4 5 6", "0 000 00110 0001111" }, /* rows' stones: 6, 15 */
		{ GAME_POKER_NIM, "k=2 3/5 4 5/6", "0 011 00100 0000101" },
		{ GAME_CHOMP, "4x8", "0 000 00000 0100000" },     /* pieces left: 32 */
		{ GAME_CHOMP, "8 5 5 1", "0 000 00000 0010011" }, /* 19 */
		{ GAME_TAKTIX, "OOOO/OOOO/OOOO/OOOO", "0 000 00000 0010000" },
		{ GAME_TAKTIX, "O..O/..../.OO./...O", "0 000 00000 0000101" },
		{ GAME_KUBO, "333/333/333", "0 000 00000 0011011" },
		{ GAME_NINETEEN, "OOO/OOOO/OOOOO/OOOO/OOO", "0 000 00000 0010011" },
	};
	for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) {
		start(starts[i].game, starts[i].position, PLAYER_PERSON);
		if (fake_hal.lamps != lamps_of(starts[i].lamps)) {
			fail_msg("%s %s: lamps %04x, not %s", engine_game_name(starts[i].game), starts[i].position,
				 fake_hal.lamps, starts[i].lamps);
		}
	}
}

/* A position's text, for a failure's message. */
struct text_buffer {
	struct text_sink sink;
	char chars[128];
	size_t length;
};

static void text_put(struct text_sink *sink, char c)
{
	struct text_buffer *text = (struct text_buffer *)sink;
	if (text->length + 1u < sizeof text->chars) {
		text->chars[text->length++] = c;
	}
}

/* What a person reading docs/exhibit.md expects of `pos`, worked out apart
 * from the firmware: the game's parts from its record, as the rules name
 * them ... */
static uint8_t expected_parts(const struct position *pos, uint32_t part[ENGINE_MAX_ROWS])
{
	uint8_t n = pos->count;
	switch (pos->game) {
	case GAME_SUBTRACT_DIGIT:
	case GAME_DIVIDE:
		for (uint8_t i = 0; i < n; i++) {
			part[i] = pos->u.number[i];
		}
		break;
	case GAME_PRIME_POWER:
		for (uint8_t i = 0; i < n; i++) {
			part[i] = pos->u.factors.exponent[i];
		}
		break;
	case GAME_MATRIX_NIM:
		for (uint8_t r = 0; r < n; r++) {
			part[r] = 0;
			for (uint8_t c = 0; c < pos->cols; c++) {
				part[r] += pos->u.cell[r][c];
			}
		}
		break;
	case GAME_CHOMP:
	case GAME_KUBO:
		part[0] = 0;
		for (uint8_t i = 0; i < n; i++) {
			part[0] += pos->game == GAME_CHOMP ? pos->u.chomp[i] : pos->u.kubo[i];
		}
		n = 1;
		break;
	case GAME_TAKTIX:
	case GAME_NINETEEN:
		part[0] = 0;
		for (unsigned cell = 0; cell < 32u; cell++) {
			uint32_t cells = pos->game == GAME_TAKTIX ? pos->u.taktix : pos->u.nineteen;
			part[0] += cells >> cell & 1u;
		}
		n = 1;
		break;
	default: /* heaps, coins' squares, Kayles' rows, strips */
		for (uint8_t i = 0; i < n; i++) {
			part[i] = pos->u.heap[i];
		}
		break;
	}
	return n;
}

/* ... and the lamps: each part written in binary digits from the right
 * end of its row, the rows of 3, 5 and 7 (the lowest ones when there are
 * fewer than three parts), or all 15 lamps for one part; a part that
 * needs more digits than its row has lights it whole. */
static uint16_t expected_lamps(const struct position *pos, bool machine_to_move)
{
	uint32_t part[ENGINE_MAX_ROWS];
	uint8_t n = expected_parts(pos, part);
	char lamp[16]; /* '1' lit, lamp 1 first */
	memset(lamp, '0', sizeof lamp);
	lamp[0] = machine_to_move ? '1' : '0';
	static const unsigned row_end[] = { 3, 8, 15 }; /* the last lamp of the rows of 3, 5, 7 */
	static const unsigned row_width[] = { 3, 5, 7 };
	unsigned rows = n < 3u ? n : 3u;
	for (unsigned k = 0; k < rows; k++) {
		unsigned row = 3u - rows + k;
		unsigned width = n == 1u ? 15u : row_width[row];
		unsigned end = n == 1u ? 15u : row_end[row];
		uint32_t value = part[k];
		bool too_large = value >= (uint32_t)1 << width;
		for (unsigned at = 0; at < width; at++, value /= 2u) {
			lamp[end - at] = (char)(too_large || value % 2u == 1u ? '1' : '0');
		}
	}
	uint16_t lamps = 0;
	for (unsigned i = 0; i < 16u; i++) {
		lamps = (uint16_t)(lamps << 1 | (lamp[i] == '1'));
	}
	return lamps;
}

/* Every game but Marienbad from its rulebook start, the machine first,
 * its best move against a person who keeps the game going, to the end:
 * the lamps after every move, and while the machine's choice blinks, its
 * two halves, are the picture worked out above. */
static void every_game_played_out_shows_its_position(void **state)
{
	(void)state;
	unsigned positions = 0, games = 0, blinks = 0;
	for (uint8_t id = 0; id < GAME_COUNT; id++) {
		if (id == GAME_MARIENBAD) {
			continue;
		}
		struct position pos;
		engine_start_position(&pos, id);
		assert_true(game_start(&pos, PLAYER_MACHINE));
		games++;
		while (!game->over) {
			bool machine = game->to_move == PLAYER_MACHINE;
			uint16_t now = expected_lamps(&game->pos, machine);
			if (fake_hal.lamps != now) {
				struct text_buffer text = { { text_put }, { 0 }, 0 };
				engine_print_position(&game->pos, &text.sink);
				fail_msg("%s %s: lamps %04x, not %04x", engine_game_name(id), text.chars,
					 fake_hal.lamps, now);
			}
			positions++;
			struct move mv;
			if (machine) {
				assert_true(engine_best_move(&game->pos, &mv));
				struct position after = game->pos;
				engine_apply_move(&after, &mv);
				lights_choice(&mv, ANNOUNCE_MS);
				assert_int_equal(fake_hal.lamps, expected_lamps(&after, true));
				lights_tick((uint16_t)(fake_hal.now_ms + HALF_MS));
				assert_int_equal(fake_hal.lamps, now);
				blinks += expected_lamps(&after, true) != now;
			} else {
				assert_true(engine_keep_going(&game->pos, 0, &mv));
			}
			assert_int_equal(game_play(&mv), ENGINE_OK);
		}
		assert_int_equal(fake_hal.lamps, expected_lamps(&game->pos, false));
		positions++;
	}
	printf("# %u positions of %u games: the lamps as worked out, %u choices blinking\n", positions, games, blinks);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(marienbad_shows_its_matches_and_blinks_the_choice, set_up),
		cmocka_unit_test_setup(marienbad_ends_dark, set_up),
		cmocka_unit_test_setup(marienbad_of_other_rows_shows_its_first_four, set_up),
		cmocka_unit_test_setup(nim_shows_each_heap_in_binary_and_the_turn, set_up),
		cmocka_unit_test_setup(a_part_too_large_for_its_row_lights_it_whole, set_up),
		cmocka_unit_test_setup(more_parts_than_rows_show_the_first_three, set_up),
		cmocka_unit_test_setup(fewer_parts_fill_the_rows_from_the_bottom, set_up),
		cmocka_unit_test_setup(a_game_over_darkens_lamp_1_and_keeps_its_parts, set_up),
		cmocka_unit_test_setup(every_kind_of_game_shows_its_parts, set_up),
		cmocka_unit_test_setup(every_game_played_out_shows_its_position, set_up),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
