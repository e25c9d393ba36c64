/*
 * make bench: the machine's levels of play, measured on the host with the
 * engine's own level code (tools/bench/levels.h): the table of the
 * person's win rates, and the games a level threw away.
 * usage: levels_run [GAMES]   (LEVELS_GAMES by default)
 */
#include <stdio.h>
#include <stdlib.h>

#include "tools/bench/levels.h"

int main(int argc, char **argv)
{
	uint32_t games = LEVELS_GAMES;
	if (argc > 1) {
		char *end;
		unsigned long n = strtoul(argv[1], &end, 10);
		if (*end != '\0' || n == 0 || n > 100000u) {
			fprintf(stderr, "error: levels_run: GAMES is 1 to 100000, not %s\n", argv[1]);
			return 2;
		}
		games = (uint32_t)n;
	}
	static struct levels_table table;
	levels_measure(&table, games);
	levels_print(stdout, &table);
	uint32_t threw[ENGINE_LEVEL_PERFECT] = { 0 };
	uint32_t faults = 0;
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		for (uint8_t person = 0; person < LEVELS_PERSONS; person++) {
			for (uint8_t level = 0; level < ENGINE_LEVEL_PERFECT; level++) {
				const struct levels_count *c = &table.count[game][person][level];
				threw[level] += c->machine_threw;
				faults += c->illegal + c->unfinished;
			}
		}
	}
	printf("Games the machine lost after holding a won position: level 1 %u, level 2 %u, level 3 %u\n",
	       (unsigned)threw[0], (unsigned)threw[1], (unsigned)threw[2]);
	if (faults != 0) {
		fprintf(stderr, "error: levels_run: %u games with an illegal move or no end\n", (unsigned)faults);
		return 1;
	}
	return 0;
}
