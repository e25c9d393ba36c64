/*
 * How engine.c and analysis.c make a dispatch from engine/families.def:
 * one switch on the family, one case per family.  A dispatch defines
 * FAMILY to pick its operation's column, and CALL_OWN (and CALL_BARE, or
 * its operation's other forms) as the statement that calls the function
 * with the operation's arguments and returns or breaks; then includes
 * families.def inside the switch:
 *
 *	#define FAMILY(ID, present, ...) FAMILY_CASE(ID, present, COLUMN_PRINT(__VA_ARGS__))
 *	#define CALL_OWN(fn) fn(pos);
 *	switch (game_family(pos->game)) {
 *	#include "engine/families.def"
 *	}
 *	#undef CALL_OWN
 *
 * A case that breaks (a family left out of the build) leaves the switch,
 * where the dispatch gives its answer for a game not built.  NEXT goes on
 * into the next case.  The forms (OWN, NEXT, ...) are never macros
 * themselves: each is pasted after CALL_ and END_.
 */
#ifndef ENGINE_DISPATCH_H
#define ENGINE_DISPATCH_H

#include "common/attributes.h"

/* The extra level expands the column picked before its form is pasted. */
#define FAMILY_CASE(ID, present, entry) FAMILY_CASE_(ID, present, entry)
#define FAMILY_CASE_(ID, present, entry) \
	case FAMILY_##ID:                \
		if (present) {           \
			CALL_##entry     \
		}                        \
		END_##entry

/* What a case does after its call: a NEXT case calls nothing and goes on.
 * A dispatch whose column holds NONE defines CALL_NONE, its answer for
 * none. */
#define CALL_NEXT
#define END_NEXT FALL_THROUGH;
#define END_NONE break;
#define END_OWN(fn) break;
#define END_BARE(fn) break;
#define END_LIST(settings, most, check) break;
#define END_NUMBERED break;
#define END_TRY_EACH break;
#define END_MOVES(move_at, move_index, count) break;

/* The columns of families.def after ID and present, in its order. */
#define COLUMN_PARSE(parse, ...) parse
#define COLUMN_PRINT(parse, print, ...) print
#define COLUMN_PARSE_MOVE(parse, print, parse_move, ...) parse_move
#define COLUMN_PRINT_MOVE(parse, print, parse_move, print_move, ...) print_move
#define COLUMN_CHECK_MOVE(parse, print, parse_move, print_move, check_move, ...) check_move
#define COLUMN_APPLY_MOVE(parse, print, parse_move, print_move, check_move, apply_move, ...) apply_move
#define COLUMN_NEXT_MOVE(parse, print, parse_move, print_move, check_move, apply_move, next_move, ...) next_move
#define COLUMN_MOVE_PART(parse, print, parse_move, print_move, check_move, apply_move, next_move, move_part, ...) \
	move_part
#define COLUMN_MOVE_AMOUNT(parse, print, parse_move, print_move, check_move, apply_move, next_move, move_part, \
			   move_amount, ...)                                                                   \
	move_amount
#define COLUMN_MOVE_SET(parse, print, parse_move, print_move, check_move, apply_move, next_move, move_part, \
			move_amount, move_set, ...)                                                         \
	move_set
#define COLUMN_IS_LOSING(parse, print, parse_move, print_move, check_move, apply_move, next_move, move_part, \
			 move_amount, move_set, is_losing, ...)                                              \
	is_losing
#define COLUMN_GRUNDY(parse, print, parse_move, print_move, check_move, apply_move, next_move, move_part, move_amount, \
		      move_set, is_losing, grundy, ...)                                                                \
	grundy
#define COLUMN_MACHINE_MOVE(parse, print, parse_move, print_move, check_move, apply_move, next_move, move_part, \
			    move_amount, move_set, is_losing, grundy, machine_move, ...)                        \
	machine_move
#define COLUMN_NUMBERED(parse, print, parse_move, print_move, check_move, apply_move, next_move, move_part, \
			move_amount, move_set, is_losing, grundy, machine_move, numbered)                   \
	numbered

#endif
