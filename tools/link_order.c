/*
 * The order in which the linker lays out the firmware's functions.
 *
 * avr-gcc emits every call and every jump to another function as a 4-byte
 * CALL or JMP, and the linker (with -mrelax) turns each into a 2-byte RCALL
 * or RJMP when its target lies within 4 KB.  The firmware's code spans
 * about 23 KB, so whether a call is shortened depends only on where the
 * linker happens to put caller and callee.  This tool chooses that order:
 * it reads a first link of the firmware (its map and its disassembly),
 * searches for an order of the functions that brings as many calls as it
 * can within reach, and writes the linker script that lays them out so.
 * The code itself is not changed; only its place.
 *
 * The search is the best of a few seeded simulated annealings, so the same
 * first link always gives the same order.  A step moves one function, or
 * a run of neighbours (a caller laid out with its callees), elsewhere.
 * Each starts from the first link's own order, and the best order seen is
 * kept, so it never does worse than the linker alone.
 *
 * Distances are reckoned as the linker shortens calls: first with every
 * call 4 bytes long, then round after round with the calls found within
 * reach shortened, which brings the code after them closer.  So a call
 * this tool counts as within reach is one the linker shortens; --count
 * reads a finished link and says how many it did shorten, for the test
 * (tests/scripts/link_order.sh) that holds the tool to its claim.
 *
 * usage: link_order MAP DISASSEMBLY DEFAULT_SCRIPT > SCRIPT
 *        link_order --count MAP DISASSEMBLY
 *   MAP          the first link's map (-Wl,-Map=...), linked with
 *                -ffunction-sections so that each function has a section
 *   DISASSEMBLY  avr-objdump -d of the first link
 *   DEFAULT_SCRIPT  the linker's own script (avr-ld --verbose); the ordered
 *                sections go in before its line "*(.text.*)"
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PIECES 1024
#define MAX_UNITS 512
#define MAX_SITES 2048
#define NAME_SIZE 128
#define LINE_SIZE 512

/* RCALL and RJMP reach from 4096 bytes back to 4094 forward of the
 * instruction after them. */
#define REACH_BACK 4096
#define REACH_FORWARD 4094

/* Where a site or target is: a unit that moves, or code that stays put
 * (the start-up code before the functions, the exit code after them). */
enum place { IN_UNIT, BEFORE_UNITS, AFTER_UNITS };

/* One input section in the first link's .text. */
struct piece {
	char name[NAME_SIZE];
	uint32_t address;
	uint32_t size;
	bool code; /* start-up, exit or function code: not data, not vectors */
	int unit;  /* the unit it belongs to, or -1 when it does not move */
};

/* A movable block of code: all input sections of one name (".text.NAME"),
 * which a linker script line "*(.text.NAME)" places together. */
struct unit {
	char name[NAME_SIZE];
	uint32_t size; /* with every call at full length */
};

/* A CALL or JMP (or one the first link already shortened) between units. */
struct site {
	enum place from_place, to_place;
	int from_unit, to_unit;
	uint32_t from_offset, to_offset; /* from the unit, or the fixed address */
};

static struct piece pieces[MAX_PIECES];
static int piece_count;
static struct unit units[MAX_UNITS];
static int unit_count;
static struct site sites[MAX_SITES];
static int site_count;
static uint32_t units_start; /* the first link's address of the first unit */
static uint32_t units_end;
static int short_in_link; /* sites the linker shortened in the link read */

static void fail(const char *what, const char *detail)
{
	fprintf(stderr, "link_order: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
	exit(1);
}

static FILE *open_input(const char *path)
{
	FILE *file = fopen(path, "r");
	if (!file) {
		fail("cannot read", path);
	}
	return file;
}

static bool starts_with(const char *text, const char *prefix)
{
	return strncmp(text, prefix, strlen(prefix)) == 0;
}

static bool is_function_section(const char *name)
{
	return starts_with(name, ".text.");
}

static bool is_fixed_code(const char *name)
{
	return strcmp(name, ".text") == 0 || starts_with(name, ".init") || starts_with(name, ".fini");
}

static void add_piece(const char *name, uint32_t address, uint32_t size)
{
	if (size == 0) {
		return;
	}
	if (piece_count == MAX_PIECES) {
		fail("too many input sections", name);
	}
	struct piece *piece = &pieces[piece_count++];
	snprintf(piece->name, sizeof piece->name, "%s", name);
	piece->address = address;
	piece->size = size;
	piece->code = is_function_section(name) || is_fixed_code(name);
	piece->unit = -1;
}

/* The input sections of the output section .text, from the map.  A piece's
 * line is " NAME ADDRESS SIZE FILE", or " NAME" alone when the name is
 * long, with the rest on the next line. */
static void read_map(const char *path)
{
	FILE *map = open_input(path);
	char line[LINE_SIZE], name[NAME_SIZE] = "";
	bool in_text = false;
	while (fgets(line, sizeof line, map)) {
		if (line[0] == '.') {
			in_text = starts_with(line, ".text ") || strcmp(line, ".text\n") == 0;
			continue;
		}
		if (!in_text) {
			continue;
		}
		char first[NAME_SIZE], rest[2];
		unsigned long long address, size;
		if (line[0] == ' ' && line[1] == '.') {
			if (sscanf(line, " %127s 0x%llx 0x%llx", first, &address, &size) == 3) {
				add_piece(first, (uint32_t)address, (uint32_t)size);
			} else if (sscanf(line, " %127s %1s", name, rest) != 1) {
				name[0] = '\0';
			}
			continue;
		}
		if (name[0] && sscanf(line, " 0x%llx 0x%llx", &address, &size) == 2) {
			add_piece(name, (uint32_t)address, (uint32_t)size);
		}
		name[0] = '\0';
	}
	fclose(map);
	if (piece_count == 0) {
		fail("no .text input sections in", path);
	}
}

static int piece_at(uint32_t address)
{
	for (int i = 0; i < piece_count; i++) {
		if (address >= pieces[i].address && address < pieces[i].address + pieces[i].size) {
			return i;
		}
	}
	return -1;
}

static int find_unit(const char *name)
{
	for (int i = 0; i < unit_count; i++) {
		if (strcmp(units[i].name, name) == 0) {
			return i;
		}
	}
	return -1;
}

/* Units in the first link's order, and where the fixed code lies. */
static void make_units(void)
{
	units_start = UINT32_MAX;
	units_end = 0;
	for (int i = 0; i < piece_count; i++) {
		struct piece *piece = &pieces[i];
		if (!is_function_section(piece->name)) {
			continue;
		}
		int unit = find_unit(piece->name);
		if (unit < 0) {
			if (unit_count == MAX_UNITS) {
				fail("too many functions", piece->name);
			}
			unit = unit_count++;
			memcpy(units[unit].name, piece->name, sizeof units[unit].name);
		}
		piece->unit = unit;
		if (piece->address < units_start) {
			units_start = piece->address;
		}
		if (piece->address + piece->size > units_end) {
			units_end = piece->address + piece->size;
		}
	}
	if (unit_count == 0) {
		fail("no function sections (was the first link made with -ffunction-sections?)", NULL);
	}
	for (int i = 0; i < piece_count; i++) {
		if (pieces[i].code && pieces[i].unit < 0 && pieces[i].address > units_start &&
		    pieces[i].address < units_end) {
			fail("fixed code among the functions", pieces[i].name);
		}
	}
}

/* Where ADDRESS is: its unit and the offset in it, measured in the first
 * link's bytes (converted to full-length bytes later). */
static bool locate(uint32_t address, enum place *place, int *unit, uint32_t *offset)
{
	int i = piece_at(address);
	if (i < 0 || !pieces[i].code) {
		return false;
	}
	*unit = pieces[i].unit;
	if (*unit < 0) {
		*place = address < units_start ? BEFORE_UNITS : AFTER_UNITS;
		*offset = *place == BEFORE_UNITS ? address : address - units_end;
		return true;
	}
	/* Pieces of one name are laid out together in the order of the first
     * link; the offset counts the earlier pieces of the same name. */
	uint32_t before = 0;
	for (int j = 0; j < piece_count; j++) {
		if (pieces[j].unit == *unit && pieces[j].address < pieces[i].address) {
			before += pieces[j].size;
		}
	}
	*place = IN_UNIT;
	*offset = before + (address - pieces[i].address);
	return true;
}

/* The calls and jumps of the disassembly whose target is in another unit.
 * A line reads "ADDRESS:<tab>BYTES<tab>MNEMONIC<tab>OPERAND<tab>; 0xTARGET <symbol>". */
struct raw_site {
	uint32_t address, target;
	bool shortened;
};
static struct raw_site raw_sites[MAX_SITES];
static int raw_count;

static void read_disassembly(const char *path)
{
	FILE *listing = open_input(path);
	char line[LINE_SIZE];
	while (fgets(line, sizeof line, listing)) {
		unsigned long address;
		if (sscanf(line, " %lx:", &address) != 1) {
			continue;
		}
		const char *mnemonic = strchr(line, '\t');
		mnemonic = mnemonic ? strchr(mnemonic + 1, '\t') : NULL;
		if (!mnemonic) {
			continue;
		}
		mnemonic++;
		bool is_long = starts_with(mnemonic, "call\t") || starts_with(mnemonic, "jmp\t");
		bool is_short = starts_with(mnemonic, "rcall\t") || starts_with(mnemonic, "rjmp\t");
		const char *target_text = strstr(mnemonic, "; 0x");
		if ((!is_long && !is_short) || !target_text) {
			continue;
		}
		unsigned long target = strtoul(target_text + 4, NULL, 16);
		if (raw_count == MAX_SITES) {
			fail("too many calls in", path);
		}
		raw_sites[raw_count++] = (struct raw_site){ (uint32_t)address, (uint32_t)target, is_short };
	}
	fclose(listing);
}

/* Keep the calls between different units (or between a unit and the fixed
 * code); a short one there is a call the first link shortened.  Sizes and
 * offsets are then counted as if every such call were 4 bytes long. */
static void make_sites(void)
{
	/* Static, so zero: each shortened call adds to the sites after it. */
	static uint32_t growth_before[MAX_SITES], target_growth[MAX_SITES];
	bool kept[MAX_SITES] = { false };
	for (int i = 0; i < raw_count; i++) {
		struct site site;
		if (!locate(raw_sites[i].address, &site.from_place, &site.from_unit, &site.from_offset) ||
		    !locate(raw_sites[i].target, &site.to_place, &site.to_unit, &site.to_offset)) {
			continue;
		}
		if (site.from_place != IN_UNIT && site.to_place != IN_UNIT) {
			continue;
		}
		if (site.from_place == IN_UNIT && site.from_unit == site.to_unit) {
			continue;
		}
		kept[i] = true;
		if (raw_sites[i].shortened) {
			short_in_link++;
		}
		sites[site_count++] = site;
	}
	/* Each shortened call in a unit puts 2 bytes back before every later
     * offset in that unit. */
	for (int u = 0; u < unit_count; u++) {
		uint32_t first_link_size = 0;
		for (int p = 0; p < piece_count; p++) {
			if (pieces[p].unit == u) {
				first_link_size += pieces[p].size;
			}
		}
		units[u].size = first_link_size;
	}
	int s = 0;
	for (int i = 0; i < raw_count; i++) {
		if (!kept[i]) {
			continue;
		}
		struct site *site = &sites[s++];
		if (site->from_place != IN_UNIT || !raw_sites[i].shortened) {
			continue;
		}
		units[site->from_unit].size += 2;
		for (int j = 0; j < site_count; j++) {
			if (sites[j].from_place == IN_UNIT && sites[j].from_unit == site->from_unit &&
			    sites[j].from_offset > site->from_offset) {
				growth_before[j] += 2;
			}
			if (sites[j].to_place == IN_UNIT && sites[j].to_unit == site->from_unit &&
			    sites[j].to_offset > site->from_offset) {
				target_growth[j] += 2;
			}
		}
	}
	for (int j = 0; j < site_count; j++) {
		sites[j].from_offset += growth_before[j];
		sites[j].to_offset += target_growth[j];
	}
}

/* ---- the search ------------------------------------------------------------ */

/* The sites of each unit by their offset in it: sorted[unit_begin[u]] up to
 * sorted[unit_begin[u + 1]]; rank_in_unit[i] is site i's place among them,
 * and to_rank[i] how many sites of its target's unit come before its target. */
static int sorted[MAX_SITES];
static int unit_begin[MAX_UNITS + 1];
static int rank_in_unit[MAX_SITES];
static int to_rank[MAX_SITES];

static void sort_sites(void)
{
	int next = 0;
	for (int u = 0; u < unit_count; u++) {
		unit_begin[u] = next;
		for (int i = 0; i < site_count; i++) {
			if (sites[i].from_place != IN_UNIT || sites[i].from_unit != u) {
				continue;
			}
			/* Insertion by offset keeps the unit's sites in code order. */
			int k = next++;
			while (k > unit_begin[u] && sites[sorted[k - 1]].from_offset > sites[i].from_offset) {
				sorted[k] = sorted[k - 1];
				k--;
			}
			sorted[k] = i;
		}
	}
	unit_begin[unit_count] = next;
	for (int u = 0; u < unit_count; u++) {
		for (int k = unit_begin[u]; k < unit_begin[u + 1]; k++) {
			rank_in_unit[sorted[k]] = k - unit_begin[u];
		}
	}
	for (int i = 0; i < site_count; i++) {
		to_rank[i] = 0;
		if (sites[i].to_place != IN_UNIT) {
			continue;
		}
		int u = sites[i].to_unit;
		for (int k = unit_begin[u]; k < unit_begin[u + 1]; k++) {
			if (sites[sorted[k]].from_offset < sites[i].to_offset) {
				to_rank[i]++;
			}
		}
	}
}

static uint32_t unit_address[MAX_UNITS];
static bool in_reach[MAX_SITES];
/* shortened_before[unit_begin[u] + u + k]: how many of unit u's first k
 * sites are shortened (k from 0 to all of them). */
static int shortened_before[MAX_SITES + MAX_UNITS + 1];

static int64_t place_address(enum place place, int unit, uint32_t offset, int rank, uint32_t end)
{
	switch (place) {
	case IN_UNIT:
		return (int64_t)unit_address[unit] + offset - 2 * shortened_before[unit_begin[unit] + unit + rank];
	case BEFORE_UNITS:
		return offset;
	case AFTER_UNITS:
		return (int64_t)end + offset;
	}
	return 0;
}

/* How many calls an order brings within reach.  As the linker does, calls
 * are shortened round after round: each shortened call brings the code
 * after it 2 bytes closer, which may bring more calls within reach. */
static int calls_in_reach(const int *candidate)
{
	memset(in_reach, 0, (size_t)site_count * sizeof *in_reach);
	int count = 0;
	for (bool changed = true; changed;) {
		changed = false;
		for (int u = 0; u < unit_count; u++) {
			int *before = &shortened_before[unit_begin[u] + u];
			before[0] = 0;
			for (int k = 0; k < unit_begin[u + 1] - unit_begin[u]; k++) {
				before[k + 1] = before[k] + in_reach[sorted[unit_begin[u] + k]];
			}
		}
		uint32_t address = units_start;
		for (int i = 0; i < unit_count; i++) {
			int u = candidate[i];
			unit_address[u] = address;
			address += units[u].size - 2u * (uint32_t)shortened_before[unit_begin[u + 1] + u];
		}
		for (int i = 0; i < site_count; i++) {
			if (in_reach[i]) {
				continue;
			}
			const struct site *site = &sites[i];
			int64_t from = place_address(site->from_place, site->from_unit, site->from_offset,
						     rank_in_unit[i], address);
			int64_t to = place_address(site->to_place, site->to_unit, site->to_offset, to_rank[i], address);
			int64_t distance = to - (from + 2);
			if (distance >= -REACH_BACK && distance <= REACH_FORWARD) {
				in_reach[i] = true;
				count++;
				changed = true;
			}
		}
	}
	return count;
}

/* xorshift32: the same seed, the same order, on every machine. */
static uint32_t random_state = 2463534242u;
static uint32_t random_below(uint32_t limit)
{
	random_state ^= random_state << 13;
	random_state ^= random_state >> 17;
	random_state ^= random_state << 5;
	return random_state % limit;
}

/* Moves the COUNT units from place FROM so that they begin at place TO. */
static void move_units(int *candidate, int from, int count, int to)
{
	int moved[MAX_UNITS];
	memcpy(moved, &candidate[from], (size_t)count * sizeof *candidate);
	if (from < to) {
		memmove(&candidate[from], &candidate[from + count], (size_t)(to - from) * sizeof *candidate);
	} else {
		memmove(&candidate[to + count], &candidate[to], (size_t)(from - to) * sizeof *candidate);
	}
	memcpy(&candidate[to], moved, (size_t)count * sizeof *candidate);
}

#define STEPS 1000000
#define CHAINS 3
#define LONGEST_RUN 8

static int best_order[MAX_UNITS];

/* One annealing from the first link's order; the best order it finds goes
 * to best_order when it beats best_score, which it gives back.  A move
 * takes one unit, or a run of up to LONGEST_RUN neighbours (a caller kept
 * with its callees), to another place. */
static int anneal(int best_score)
{
	int current[MAX_UNITS];
	for (int i = 0; i < unit_count; i++) {
		current[i] = i;
	}
	int current_score = calls_in_reach(current);
	for (int step = 0; step < STEPS; step++) {
		/* The temperature falls from 1.5 calls to 0.03: early on a move
		 * that loses a call or two is often taken, late almost never. */
		double temperature = 1.5 * pow(0.02, (double)step / STEPS);
		int count = random_below(2) ? 1 : 2 + (int)random_below(LONGEST_RUN - 1);
		if (count >= unit_count) {
			count = 1;
		}
		int from = (int)random_below((uint32_t)(unit_count - count + 1));
		int to = (int)random_below((uint32_t)(unit_count - count + 1));
		if (from == to) {
			continue;
		}
		move_units(current, from, count, to);
		int score = calls_in_reach(current);
		int loss = current_score - score;
		bool accept =
			loss <= 0 || (double)random_below(1u << 20) / (1u << 20) < exp(-(double)loss / temperature);
		if (!accept) {
			move_units(current, to, count, from);
			continue;
		}
		current_score = score;
		if (score > best_score) {
			best_score = score;
			memcpy(best_order, current, (size_t)unit_count * sizeof *current);
		}
	}
	return best_score;
}

/* The best of a few annealings, each from the first link's order: where
 * one ends depends on its luck, by a dozen calls or more, and the best of
 * several much less. */
static int search(int *first_score)
{
	for (int i = 0; i < unit_count; i++) {
		best_order[i] = i;
	}
	int best_score = calls_in_reach(best_order);
	*first_score = best_score;
	if (unit_count < 2) {
		return best_score;
	}
	for (int chain = 0; chain < CHAINS; chain++) {
		best_score = anneal(best_score);
	}
	return best_score;
}

/* ---- the script ------------------------------------------------------------ */

static void write_script(const char *default_path, int first_score, int best_score)
{
	FILE *script = open_input(default_path);
	char line[LINE_SIZE];
	bool placed = false;
	printf("/* The linker's own script with the firmware's functions in the order\n"
	       " * tools/link_order chose: %d of %d calls and jumps between functions\n"
	       " * within reach of RCALL and RJMP (the first link's order: %d). */\n",
	       best_score, site_count, first_score);
	while (fgets(line, sizeof line, script)) {
		char word[NAME_SIZE];
		if (!placed && sscanf(line, " %127s", word) == 1 && strcmp(word, "*(.text.*)") == 0) {
			for (int i = 0; i < unit_count; i++) {
				printf("    *(%s)\n", units[best_order[i]].name);
			}
			placed = true;
		}
		fputs(line, stdout);
	}
	fclose(script);
	if (!placed) {
		fail("no line \"*(.text.*)\" in", default_path);
	}
}

int main(int argc, char **argv)
{
	bool count_only = argc == 4 && strcmp(argv[1], "--count") == 0;
	if (argc != 4) {
		fprintf(stderr, "usage: link_order MAP DISASSEMBLY DEFAULT_SCRIPT > SCRIPT\n"
				"       link_order --count MAP DISASSEMBLY\n");
		return 2;
	}
	read_map(argv[1 + count_only]);
	make_units();
	read_disassembly(argv[2 + count_only]);
	make_sites();
	if (count_only) {
		/* What a link did, to check the search's claim against. */
		printf("%d of %d calls between functions are short\n", short_in_link, site_count);
		return 0;
	}
	sort_sites();
	int first_score;
	int best_score = search(&first_score);
	write_script(argv[3], first_score, best_score);
	fprintf(stderr, "link_order: %d functions, %d of %d calls within reach (first link: %d)\n", unit_count,
		best_score, site_count, first_score);
	return 0;
}
