/*
 * The games' facts, names and texts (engine/games.def), the family that
 * plays each game, and the engine's error messages.
 */
#include <stdint.h>

#include "common/attributes.h"
#include "engine/engine.h"
#include "engine/flash.h"
#include "engine/games.h"
#include "engine/packed_text.h"
#include "engine/text.h"
#include "packed_tables.h"

/*
 * The descriptions of engine/games.def: each game's facts, in the order of
 * enum engine_game, its name, each ending in a NUL, one game after
 * another, and the words; its other texts are packed by the build
 * (packed_games).  The example is also the game's start position
 * (engine_start_position), at most ENGINE_EXAMPLE_MAX characters.  The
 * longer notes on each game's positions and the other names people know
 * the games by are the host tool's (tools/grundy.c): flash is scarce.
 */

/* The short names games.def gives the settings. */
#define RULE ENGINE_HAS_RULE
#define VARIANT ENGINE_HAS_VARIANT
#define LIMIT ENGINE_HAS_LIMIT
#define SET ENGINE_HAS_SET
#define COUNT ENGINE_HAS_COUNT
#define COLS ENGINE_HAS_COLS
#define VALUES ENGINE_HAS_VALUES
#define GAME(ID, name, moves, example, summary, family, picture, settings, word, verb, rows, cols, amount, values, \
	     limit_least)                                                                                          \
	{ ENGINE_PICTURE_##picture,                                                                                \
	  ENGINE_VALUES_##values,                                                                                  \
	  ENGINE_WORD_##word,                                                                                      \
	  settings,                                                                                                \
	  limit_least,                                                                                             \
	  rows,                                                                                                    \
	  cols,                                                                                                    \
	  amount,                                                                                                  \
	  ENGINE_VERB_##verb - ENGINE_VERB_TAKE },
static const struct engine_facts game_facts[GAME_COUNT] ENGINE_FLASH = {
#include "engine/games.def"
};
#undef RULE
#undef VARIANT
#undef LIMIT
#undef SET
#undef COUNT
#undef COLS
#undef VALUES

#define GAME(ID, name, ...) name "\0"
static const char game_names[] ENGINE_FLASH =
#include "engine/games.def"
	;

_Static_assert(PACKED_GAMES_GROUPS == GAME_COUNT && PACKED_GAMES_COUNT == GAME_COUNT * (ENGINE_TEXTS - 1),
	       "the packed texts of every game, but its name");

#define PART_WORD(ID, text) text "\0"
#define VERB(ID, text) text "\0"
static const char words[] ENGINE_FLASH =
#include "engine/games.def"
	;

/* The Polish texts of each game (packed_games_pl, engine/games.def's
 * GAME_POLISH), in groups of two, the summary first, as the Makefile packs
 * them; the Polish words (packed_words_pl) two to a word, by enum
 * engine_word and enum engine_word_form. */
enum { POLISH_SUMMARY, POLISH_NAME, POLISH_GAME_TEXTS };
_Static_assert(PACKED_GAMES_PL_GROUPS == GAME_COUNT && PACKED_GAMES_PL_COUNT == GAME_COUNT * POLISH_GAME_TEXTS,
	       "every game's name and summary in Polish");
_Static_assert(PACKED_WORDS_PL_COUNT == ENGINE_WORDS * 2u, "every word's two forms in Polish");

/* The module that plays each game, by enum engine_game. */
#define GAME(ID, name, moves, example, summary, family, ...) FAMILY_##family,
static const uint8_t families[GAME_COUNT] ENGINE_FLASH = {
#include "engine/games.def"
};

struct engine_facts engine_game_facts(uint8_t game)
{
	struct engine_facts facts;
	flash_read(&facts, &game_facts[game], sizeof facts);
	return facts;
}

/* Out of line: one copy serves all the dispatchers. */
OUT_OF_LINE enum family game_family_of(uint8_t game)
{
	return (enum family)flash_u8(&families[game]);
}

/* Each game's packed texts start on a byte of their own, found through
 * packed_games_at: the summary first, which the menu's marquee prints
 * every step, then the example and the moves (the Makefile packs them so). */
void engine_print_game_text(uint8_t game, uint8_t text, struct text_sink *out)
{
	print_to(out);
	if (ENGINE_POLISH && text_language == LANGUAGE_POLISH && text == ENGINE_TEXT_SUMMARY) {
		put_grouped(packed_code, packed_games_pl, packed_games_pl_at, POLISH_GAME_TEXTS,
			    (uint8_t)(game * POLISH_GAME_TEXTS + POLISH_SUMMARY));
		return;
	}
	put_packed(packed_code, packed_games + flash_u16(&packed_games_at[game]),
		   (uint8_t)(ENGINE_TEXT_SUMMARY - text));
}

void engine_put_game_title(uint8_t game)
{
	if (ENGINE_POLISH && text_language == LANGUAGE_POLISH) {
		put_grouped(packed_code, packed_games_pl, packed_games_pl_at, POLISH_GAME_TEXTS,
			    (uint8_t)(game * POLISH_GAME_TEXTS + POLISH_NAME));
		return;
	}
	const char *p = engine_game_name(game);
	char c = (char)(flash_char(p) & ~0x20); /* capital */
	do {
		put_char(c == '-' ? ' ' : c);
		c = flash_char(++p);
	} while (c != '\0');
}

const char *engine_word(uint8_t word)
{
	return flash_skip(words, word);
}

void engine_put_word(uint8_t word, uint8_t form)
{
	if (ENGINE_POLISH && text_language == LANGUAGE_POLISH) {
		put_packed(packed_code, packed_words_pl, (uint8_t)(word * 2u + form));
		return;
	}
	const char *p = engine_word(word);
	if (word >= ENGINE_VERB_TAKE && form == ENGINE_FORM_MINE) {
		put_flash(ENGINE_FLASH_STR("I "));
		put_char((char)(flash_char(p++) | 0x20)); /* lower case */
	}
	put_flash(p);
	if (word < ENGINE_VERB_TAKE && form == ENGINE_FORM_MANY) {
		put_char('s');
	}
}

const char *engine_game_name(uint8_t game)
{
	return flash_skip(game_names, game);
}

/* Out of line: one copy serves its callers. */
OUT_OF_LINE void engine_print_game_name(uint8_t game, struct text_sink *out)
{
	print_flash(out, engine_game_name(game));
}

void engine_print_game_syntax(uint8_t game, struct text_sink *out)
{
	engine_print_game_example(game, out);
	put_flash(ENGINE_FLASH_STR("; "));
	engine_print_move_syntax(game, out);
}

void engine_print_move_syntax(uint8_t game, struct text_sink *out)
{
	print_flash(out, ENGINE_FLASH_STR("move "));
	engine_print_game_text(game, ENGINE_TEXT_MOVES, out);
}

void engine_print_game_example(uint8_t game, struct text_sink *out)
{
	engine_print_game_text(game, ENGINE_TEXT_EXAMPLE, out);
}

static char fold(char c)
{
	if (c >= 'A' && c <= 'Z') {
		return (char)(c - 'A' + 'a');
	}
	return c == '_' ? '-' : c;
}

/* One walk along the names, comparing each with the name typed. */
uint8_t engine_find_game(const char *name, uint8_t len)
{
	const char *p = game_names;
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		uint8_t i = 0;
		bool same = len != 0;
		char c;
		while ((c = flash_char(p++)) != '\0') {
			same = same && i < len && fold(name[i]) == c;
			i++;
		}
		if (same && i == len && engine_game_present(game)) {
			return game;
		}
	}
	return GAME_COUNT;
}

/* The messages (engine/error_texts.def) must come in the order of enum
 * engine_error: each one's place in the list is checked against its error. */
_Static_assert(ENGINE_MAX_ROWS == 40, "\"over 40 rows\" names the record's limit");
enum error_text_place {
#define ERROR_TEXT(err, english, polish) PLACE_OF_##err,
#include "engine/error_texts.def"
#undef ERROR_TEXT
};
#define ERROR_TEXT(err, english, polish) _Static_assert((int)PLACE_OF_##err == (int)(err), #err " in its place");
#include "engine/error_texts.def"
#undef ERROR_TEXT
_Static_assert(PACKED_ERRORS_COUNT == ENGINE_ERR_COUNT && PACKED_ERRORS_PL_COUNT == ENGINE_ERR_COUNT,
	       "a message for every error, in both languages");

void engine_print_error(enum engine_error err, struct text_sink *out)
{
	uint8_t index = (uint8_t)err < ENGINE_ERR_COUNT ? (uint8_t)err : (uint8_t)ENGINE_ERR_SYNTAX;
	print_packed(out, packed_code, TEXT_TABLE(packed_errors, packed_errors_pl), index);
}
