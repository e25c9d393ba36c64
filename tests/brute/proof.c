/*
 * The engine against the brute-force solver, position by position (see
 * proof.h for what is checked).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "tests/brute/proof.h"

#define PRINT_AT_MOST 25

/* Scratch space kept from one position to the next. */
static struct {
	struct brute_move_list legal;
	struct brute_move_list candidates;
	uint64_t *mine;
	uint64_t *theirs;
	size_t capacity; /* of mine and theirs */
} scratch;

static void scratch_signatures(size_t count)
{
	if (count > scratch.capacity) {
		free(scratch.mine);
		free(scratch.theirs);
		scratch.capacity = count;
		scratch.mine = calloc(count, sizeof(*scratch.mine));
		scratch.theirs = calloc(count, sizeof(*scratch.theirs));
		if (!scratch.mine || !scratch.theirs) {
			abort();
		}
	}
}

static void mismatch(struct proof *p, const struct brute_pos *pos, const char *format, ...)
	__attribute__((format(printf, 3, 4)));

static void mismatch(struct proof *p, const struct brute_pos *pos, const char *format, ...)
{
	p->failures++;
	if (p->printed >= PRINT_AT_MOST) {
		return;
	}
	p->printed++;
	char where[400];
	char what[400];
	va_list args;
	brute_format(pos, where, sizeof(where));
	va_start(args, format);
	vsnprintf(what, sizeof(what), format, args);
	va_end(args);
	printf("# MISMATCH %s: %s: %s\n", p->name, where, what);
	fflush(stdout);
}

void proof_start(struct proof *p, const char *name)
{
	memset(p, 0, sizeof(*p));
	p->name = name;
}

bool proof_finish(struct proof *p)
{
	brute_move_list_free(&scratch.legal);
	brute_move_list_free(&scratch.candidates);
	free(scratch.mine);
	free(scratch.theirs);
	memset(&scratch, 0, sizeof(scratch));
	printf("# %s: %u positions checked (%u with every move: %llu legal moves compared, "
	       "%llu illegal moves refused; %u by outcome and value only), %u disagreements\n",
	       p->name, p->positions, p->with_moves, (unsigned long long)p->moves, (unsigned long long)p->illegal,
	       p->value_only, p->failures);
	fflush(stdout);
	return p->failures == 0;
}

/* Games whose engine may leave the Grundy value unknown in normal play. */
static bool grundy_may_be_unknown(uint8_t game)
{
	return game == GAME_WYTHOFF || game == GAME_CHOMP || game == GAME_TAKTIX || game == GAME_KUBO ||
	       game == GAME_NINETEEN;
}

static void move_text(const struct brute_pos *pos, const struct brute_move *mv, char *text, size_t size)
{
	brute_format_move(pos, mv, text, size);
}

/* Plays `mv` both ways and compares what is left. */
static void check_apply(struct proof *p, const struct brute_pos *pos, const struct position *epos,
			const struct brute_move *mv)
{
	struct move em;
	struct position after = *epos;
	struct brute_pos got;
	struct brute_pos want = *pos;
	char text[200];
	brute_move_to_engine(&em, epos, mv);
	engine_apply_move(&after, &em);
	brute_apply(&want, mv);
	if (!brute_from_position(&got, &after)) {
		move_text(pos, mv, text, sizeof(text));
		mismatch(p, pos, "after %s the engine's record is malformed", text);
		return;
	}
	if (!brute_same(&got, &want)) {
		char have[300];
		char should[300];
		move_text(pos, mv, text, sizeof(text));
		brute_format(&got, have, sizeof(have));
		brute_format(&want, should, sizeof(should));
		mismatch(p, pos, "after %s the engine has %s, the rules give %s", text, have, should);
	}
	if (pos->game == GAME_POKER_NIM && mv->add && after.u.poker.last_added != mv->part) {
		move_text(pos, mv, text, sizeof(text));
		mismatch(p, pos, "after %s last_added is %u", text, after.u.poker.last_added);
	}
}

static void check_best_move(struct proof *p, const struct brute_pos *pos, const struct position *epos, bool wins,
			    size_t legal_moves)
{
	struct move em;
	struct brute_move mv;
	char text[200];
	memset(&em, 0, sizeof(em));
	bool has = engine_best_move(epos, &em);
	if (has != (legal_moves > 0)) {
		mismatch(p, pos, "engine_best_move returned %d with %zu legal moves", has, legal_moves);
		return;
	}
	if (!has) {
		return;
	}
	brute_move_from_engine(&mv, epos, &em);
	move_text(pos, &mv, text, sizeof(text));
	if (!brute_is_legal(pos, &mv)) {
		mismatch(p, pos, "best move %s is illegal", text);
		return;
	}
	enum engine_error err = engine_check_move(epos, &em);
	if (err != ENGINE_OK) {
		mismatch(p, pos, "best move %s refused by engine_check_move (%d)", text, err);
	}
	if (wins) {
		struct brute_pos child = *pos;
		brute_apply(&child, &mv);
		if (brute_wins(&child)) {
			char after[300];
			brute_format(&child, after, sizeof(after));
			mismatch(p, pos, "best move %s leaves %s, which the player to move wins", text, after);
		}
	}
	check_apply(p, pos, epos, &mv);
}

/* A number for a move that two different moves share only by accident. */
static uint64_t move_signature(const struct brute_pos *pos, const struct brute_move *mv)
{
	struct brute_move m = *mv;
	if (pos->game == GAME_NIMBLE && m.part < pos->count) {
		/* Coins on one square are alike: the move is known by its square. */
		m.part = 0;
		m.second = pos->part[mv->part];
	}
	if (pos->game == GAME_KUBO && m.second != BRUTE_NONE && m.part > m.second) {
		uint32_t other = m.second;
		m.second = m.part;
		m.part = (uint8_t)other;
	}
	uint64_t words[4 + BRUTE_MATRIX_MAX] = { m.part, (uint64_t)m.add << 32 | m.amount, m.second, m.cells };
	for (uint8_t c = 0; c < BRUTE_MATRIX_MAX; c++) {
		words[4 + c] = m.take[c];
	}
	uint64_t h = 0xCBF29CE484222325u;
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		h ^= words[i];
		h *= 0x100000001B3u;
		h ^= h >> 29;
	}
	return h;
}

static int compare_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a;
	uint64_t y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

static void check_move_list(struct proof *p, const struct brute_pos *pos, const struct position *epos,
			    const struct brute_move_list *legal)
{
	size_t limit = 2 * legal->count + 16;
	scratch_signatures(limit);
	uint64_t *mine = scratch.mine;
	uint64_t *theirs = scratch.theirs;
	size_t listed = 0;
	char text[200];
	for (size_t i = 0; i < legal->count; i++) {
		mine[i] = move_signature(pos, &legal->move[i]);
	}
	struct move em;
	memset(&em, 0, sizeof(em));
	for (bool more = engine_next_move(epos, &em, true); more; more = engine_next_move(epos, &em, false)) {
		if (listed == limit) {
			mismatch(p, pos, "engine_next_move lists more than %zu moves", limit);
			break;
		}
		struct brute_move mv;
		brute_move_from_engine(&mv, epos, &em);
		if (!brute_is_legal(pos, &mv)) {
			move_text(pos, &mv, text, sizeof(text));
			mismatch(p, pos, "engine_next_move lists the illegal move %s", text);
		}
		theirs[listed++] = move_signature(pos, &mv);
	}
	qsort(theirs, listed, sizeof(*theirs), compare_u64);
	for (size_t i = 1; i < listed; i++) {
		if (theirs[i] == theirs[i - 1]) {
			mismatch(p, pos, "engine_next_move lists a move twice");
			break;
		}
	}
	for (size_t i = 0; i < legal->count; i++) {
		if (!bsearch(&mine[i], theirs, listed, sizeof(*theirs), compare_u64)) {
			move_text(pos, &legal->move[i], text, sizeof(text));
			mismatch(p, pos,
				 "engine_next_move leaves out the legal move %s (it lists %zu, "
				 "the rules allow %zu)",
				 text, listed, legal->count);
			break;
		}
	}
}

static void check_move_checks(struct proof *p, const struct brute_pos *pos, const struct position *epos)
{
	struct brute_move_list *candidates = &scratch.candidates;
	char text[200];
	brute_candidate_moves(pos, candidates);
	for (size_t i = 0; i < candidates->count; i++) {
		const struct brute_move *mv = &candidates->move[i];
		struct move em;
		struct brute_move back;
		brute_move_to_engine(&em, epos, mv);
		/* Judge the move the engine's record names (a prime that is not
		 * one of n's becomes a factor index out of range). */
		brute_move_from_engine(&back, epos, &em);
		mv = &back;
		bool legal = brute_is_legal(pos, mv);
		enum engine_error err = engine_check_move(epos, &em);
		if (legal && err != ENGINE_OK) {
			move_text(pos, mv, text, sizeof(text));
			mismatch(p, pos, "engine_check_move refuses the legal move %s (%d)", text, err);
		} else if (!legal && (err == ENGINE_OK || err >= ENGINE_ERR_COUNT)) {
			move_text(pos, mv, text, sizeof(text));
			mismatch(p, pos, "engine_check_move answers %d to the illegal move %s", err, text);
		} else if (!legal) {
			p->illegal++;
		}
	}
}

static void check_value(struct proof *p, const struct brute_pos *pos, const struct position *epos, bool wins)
{
	enum engine_outcome outcome = engine_outcome(epos);
	if (outcome != (wins ? OUTCOME_N : OUTCOME_P)) {
		mismatch(p, pos, "engine_outcome says %c, the solver %c", outcome == OUTCOME_N ? 'N' : 'P',
			 wins ? 'N' : 'P');
	}
	int32_t grundy = engine_grundy(epos);
	if (pos->misere) {
		if (grundy != ENGINE_GRUNDY_UNKNOWN) {
			mismatch(p, pos, "engine_grundy gives %ld under misere", (long)grundy);
		}
	} else if (grundy != ENGINE_GRUNDY_UNKNOWN || !(grundy_may_be_unknown(pos->game) || p->unknown_allowed)) {
		uint32_t value = brute_grundy(pos);
		if (grundy < 0 || (uint32_t)grundy != value) {
			mismatch(p, pos, "engine_grundy says %ld, the solver %u", (long)grundy, value);
		}
	}
}

void proof_value(struct proof *p, const struct brute_pos *pos)
{
	struct position epos;
	brute_to_position(&epos, pos);
	p->positions++;
	p->value_only++;
	check_value(p, pos, &epos, brute_wins(pos));
}

void proof_position(struct proof *p, const struct brute_pos *pos, bool moves)
{
	struct position epos;
	struct brute_move_list *list = &scratch.legal;
	brute_to_position(&epos, pos);
	brute_moves(pos, list);
	p->positions++;

	bool wins = brute_wins(pos);
	check_value(p, pos, &epos, wins);
	if (engine_game_over(&epos) != (list->count == 0)) {
		mismatch(p, pos, "engine_game_over says %d with %zu legal moves", engine_game_over(&epos), list->count);
	}

	check_best_move(p, pos, &epos, wins, list->count);

	if (moves) {
		p->with_moves++;
		p->moves += list->count;
		check_move_list(p, pos, &epos, list);
		check_move_checks(p, pos, &epos);
		for (size_t i = 0; i < list->count; i++) {
			check_apply(p, pos, &epos, &list->move[i]);
		}
	}
}
