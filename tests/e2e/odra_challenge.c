#include "tests/e2e/odra_challenge.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PROMPT_MS 1000u
#define ANSWER_MS 5000u /* after three times the line's time for the rows */

/* Line `index` (from 0) of what the device wrote, without its CR LF. */
static bool output_line(struct sim *sim, unsigned index, char *line, size_t size)
{
	const char *text = sim_uart_output(sim);
	for (; index > 0; index--) {
		text = strstr(text, "\r\n");
		if (text == NULL) {
			return false;
		}
		text += 2;
	}
	const char *end = strstr(text, "\r\n");
	if (end == NULL) {
		return false;
	}
	snprintf(line, size, "%.*s", (int)(end - text), text);
	return true;
}

static bool prompted(struct sim *sim, void *ctx)
{
	(void)ctx;
	return strstr(sim_uart_output(sim), "\r\n") != NULL;
}

struct waiting {
	uint64_t start;
	uint64_t *delivered;
};

/* The prompt is the first line; the answer the second. */
static bool answered(struct sim *sim, void *ctx)
{
	struct waiting *waiting = ctx;
	if (*waiting->delivered == 0 && sim_uart_pending(sim) == 0) {
		*waiting->delivered = sim_cycles(sim) - waiting->start;
	}
	const char *line = strstr(sim_uart_output(sim), "\r\n");
	return line != NULL && strstr(line + 2, "\r\n") != NULL;
}

/* The rows as text, one a line, then the empty line; `odra` first when
 * `with_command`.  NULL when out of memory. */
static char *challenge_text(const struct odra_rows *rows, const char *line_end, bool with_command, size_t *length)
{
	size_t capacity = (size_t)rows->count * (5u + strlen(line_end)) + 16u;
	char *text = malloc(capacity);
	if (text == NULL) {
		return NULL;
	}
	size_t n = with_command ? (size_t)snprintf(text, capacity, "odra%s", line_end) : 0;
	for (uint32_t i = 0; i < rows->count; i++) {
		n += (size_t)snprintf(text + n, capacity - n, "%u%s", rows->size[i], line_end);
	}
	n += (size_t)snprintf(text + n, capacity - n, "%s", line_end);
	*length = n;
	return text;
}

/* Sends the challenge's text (all of it when `as_file`, else the rows
 * after the prompt) and reads the prompt and the answer. */
static const char *challenge_run(struct sim *sim, const struct odra_rows *rows, const char *line_end, bool as_file,
				 struct odra_answer *answer)
{
	memset(answer, 0, sizeof *answer);
	sim_uart_clear_output(sim);
	if (!as_file) {
		sim_uart_send(sim, "odra\r\n", 6);
		if (!sim_run_until(sim, prompted, NULL, PROMPT_MS)) {
			snprintf(answer->line, sizeof answer->line, "%s", sim_uart_output(sim));
			return "no prompt after odra";
		}
		sim_run_ms(sim, 1);
	}
	size_t n = 0;
	char *text = challenge_text(rows, line_end, as_file, &n);
	if (text == NULL) {
		return "out of memory";
	}
	struct waiting waiting = { sim_cycles(sim), &answer->delivery_cycles };
	uint64_t start_asleep = sim_sleep_cycles(sim);
	uint32_t overruns = sim_uart_overruns(sim);
	sim_uart_send(sim, text, n);
	free(text);
	answer->bytes_sent = n;
	uint32_t line_ms = (uint32_t)((uint64_t)n * sim_uart_byte_cycles(sim) * 1000u / BOARD_F_CPU);
	bool came = sim_run_until(sim, answered, &waiting, 3u * line_ms + ANSWER_MS);
	answer->cycles = sim_cycles(sim) - waiting.start;
	answer->awake_cycles = answer->cycles - (sim_sleep_cycles(sim) - start_asleep);
	answer->overruns = sim_uart_overruns(sim) - overruns;
	if (!output_line(sim, 0, answer->prompt, sizeof answer->prompt)) {
		snprintf(answer->line, sizeof answer->line, "%s", sim_uart_output(sim));
		return "no prompt after odra";
	}
	if (!came || !output_line(sim, 1, answer->line, sizeof answer->line)) {
		snprintf(answer->line, sizeof answer->line, "%s", sim_uart_output(sim));
		return sim_stopped(sim) ? sim_state_text(sim) : "no answer";
	}
	if (sscanf(answer->line, "odra rows=%u normal=%31s misere=%31s ms=%u", &answer->rows, answer->normal,
		   answer->misere, &answer->ms) != 4) {
		return "not an answer";
	}
	return NULL;
}

const char *odra_challenge_run(struct sim *sim, const struct odra_rows *rows, const char *line_end,
			       struct odra_answer *answer)
{
	return challenge_run(sim, rows, line_end, false, answer);
}

const char *odra_challenge_run_file(struct sim *sim, const struct odra_rows *rows, const char *line_end,
				    struct odra_answer *answer)
{
	return challenge_run(sim, rows, line_end, true, answer);
}

bool odra_player_to_move_loses(const struct odra_rows *rows, bool misere)
{
	uint16_t nim_sum = 0;
	uint32_t big = 0;
	uint32_t ones = 0;
	for (uint32_t i = 0; i < rows->count; i++) {
		nim_sum ^= rows->size[i];
		big += rows->size[i] > 1u;
		ones += rows->size[i] == 1u;
	}
	if (misere && big == 0) {
		return ones % 2u == 1u || ones == 0;
	}
	return nim_sum == 0;
}

const char *odra_check_move(const struct odra_rows *rows, bool misere, const char *move)
{
	bool loses = odra_player_to_move_loses(rows, misere);
	if (strcmp(move, "-") == 0) {
		return loses ? NULL : "no move given, but the player to move wins";
	}
	unsigned long row;
	unsigned long take;
	char tail;
	if (sscanf(move, "%lu-%lu%c", &row, &take, &tail) != 2) {
		return "not a move R-N";
	}
	if (loses) {
		return "a move given from a losing position";
	}
	if (row < 1 || row > rows->count || take < 1 || take > rows->size[row - 1]) {
		return "an illegal move";
	}
	uint16_t *size = &rows->size[row - 1];
	uint16_t before = *size;
	*size = (uint16_t)(before - take);
	bool opponent_loses = odra_player_to_move_loses(rows, misere);
	*size = before;
	return opponent_loses ? NULL : "a move that leaves the opponent a winning position";
}
