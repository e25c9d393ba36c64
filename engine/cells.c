/*
 * Taktix and Nineteen, whose move is a set of cells it takes (a bit
 * each in u.cells): what the two families share.  Each module says which
 * sets make a move; here, what every move must be.
 */
#include "engine/board_keys.h"
#include "engine/games.h"

/* At least one cell, all on the board and all there; Nineteen takes at
 * most three. */
enum engine_error cells_check_move(const struct position *pos, const struct move *mv)
{
	bool taktix = pos->game == GAME_TAKTIX;
	uint32_t cells = mv->u.cells;
	if (cells == 0) {
		return ENGINE_ERR_NONE_TAKEN;
	}
	if (cells >> (taktix ? TAKTIX_CELLS : ENGINE_NINETEEN_CELLS) != 0) {
		return ENGINE_ERR_NO_SUCH;
	}
	if (!taktix && board_count_cells(cells) > NINETEEN_TAKE_MOST) {
		return ENGINE_ERR_TOO_MANY;
	}
	/* Taktix's cells, all below 16, are the low bits of the mask. */
	if (cells & ~pos->u.nineteen) {
		return ENGINE_ERR_EMPTY;
	}
	if (!taktix && engine_game_present(GAME_NINETEEN)) {
		return nineteen_check_move(mv);
	}
	return taktix_check_move(pos, mv);
}

/* The move's cells go. */
void cells_apply_move(struct position *pos, const struct move *mv)
{
	pos->u.nineteen &= ~mv->u.cells;
}
