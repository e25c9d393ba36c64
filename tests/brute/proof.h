/*
 * Checking the engine's answers against the brute-force solver, one
 * position at a time; used by tests/unit/test_engine_vs_brute_*.c.
 *
 * For a position (built as the engine's record from the solver's, by the
 * fields' documented meaning) it checks:
 *   - engine_outcome is the solver's outcome, under the position's rule;
 *   - engine_grundy is the solver's value; ENGINE_GRUNDY_UNKNOWN is allowed
 *     under misère (where it is required) and for Wythoff, Chomp, Taktix,
 *     Kubo and Nineteen only;
 *   - engine_game_over says whether the rules leave any move;
 *   - engine_best_move returns false only when no move exists; its move is
 *     legal by the solver's rules and accepted by engine_check_move, from an
 *     N-position it leaves a P-position, and engine_apply_move plays it as
 *     the rules do.
 * With `moves` set it checks the moves too:
 *   - engine_next_move lists exactly the legal moves, each once;
 *   - engine_check_move accepts every legal move and refuses every illegal
 *     one of brute_candidate_moves() with an error code;
 *   - engine_apply_move of every legal move leaves the position the rules do.
 * Each disagreement is printed on a "# MISMATCH" line (the first few of each
 * kind) and counted.
 */
#ifndef BRUTE_PROOF_H
#define BRUTE_PROOF_H

#include <stdbool.h>
#include <stdint.h>

#include "tests/brute/brute.h"

struct proof {
	const char *name;     /* what is being checked, for the report */
	uint32_t positions;   /* positions checked */
	uint32_t with_moves;  /* of which every move was checked too */
	uint64_t moves;       /* legal moves compared */
	uint64_t illegal;     /* illegal moves refused */
	uint32_t value_only;  /* positions checked by outcome and value only */
	uint32_t failures;    /* disagreements */
	uint32_t printed;     /* "# MISMATCH" lines so far */
	bool unknown_allowed; /* set by a test: ENGINE_GRUNDY_UNKNOWN is allowed
				 beyond the bound the engine documents */
};

void proof_start(struct proof *p, const char *name);
void proof_position(struct proof *p, const struct brute_pos *pos, bool moves);
/* The outcome and the value only, for sweeps too long for the rest. */
void proof_value(struct proof *p, const struct brute_pos *pos);
/* Prints "# <name>: N positions checked (...)"; true when all agreed. */
bool proof_finish(struct proof *p);

#endif
