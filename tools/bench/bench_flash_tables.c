/*
 * The engine's generated tables in the bench program's flash: their
 * names (the data symbols of TABLES.O), their sizes in the linked program
 * (avr-nm -S), and the forms using each; and the check that every engine
 * flash table stays in flash.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "tools/bench/bench_run.h"
#include "tools/bench/common.h"

/* The part of a symbol's name before any suffix the compiler adds. */
static void base_name(char *name)
{
	char *dot = strchr(name, '.');
	if (dot != NULL) {
		*dot = '\0';
	}
}

struct table {
	char name[128];
	uint32_t bytes;
	char users[160]; /* the forms using it */
};

static struct table *tables;
static size_t table_count;

static FILE *open_nm(const char *arguments)
{
	char command[8192];
	snprintf(command, sizeof command, "avr-nm %s", arguments);
	FILE *p = popen(command, "r");
	if (p == NULL) {
		bench_fatal("cannot run %s", command);
	}
	return p;
}

/* The generated tables: the data symbols of TABLES.O. */
static void tables_read_names(void)
{
	char arguments[4096], line[512];
	snprintf(arguments, sizeof arguments, "--defined-only -g %s", options.tables);
	FILE *p = open_nm(arguments);
	while (fgets(line, sizeof line, p)) {
		char type, name[128];
		if (sscanf(line, "%*s %c %127s", &type, name) == 2 && (type == 'R' || type == 'D' || type == 'T') &&
		    strncmp(name, "__", 2) != 0) {
			tables = realloc(tables, (table_count + 1u) * sizeof *tables);
			if (tables == NULL) {
				bench_fatal("out of memory");
			}
			memset(&tables[table_count], 0, sizeof *tables);
			snprintf(tables[table_count++].name, sizeof tables->name, "%s", name);
		}
	}
	pclose(p);
}

/* Their sizes in the linked program (link-time optimisation may add a
 * suffix such as .lto_priv.3 to a name). */
static void tables_read_sizes(void)
{
	char arguments[4096], line[512];
	snprintf(arguments, sizeof arguments, "-S --defined-only %s", options.elf);
	FILE *p = open_nm(arguments);
	while (fgets(line, sizeof line, p)) {
		char name[128];
		unsigned long size;
		if (sscanf(line, "%*x %lx %*c %127s", &size, name) != 2) {
			continue;
		}
		base_name(name);
		for (size_t i = 0; i < table_count; i++) {
			if (strcmp(tables[i].name, name) == 0) {
				tables[i].bytes = (uint32_t)size;
			}
		}
	}
	pclose(p);
}

/* A game's name as a prefix of table names: `misere-nim` is misere_nim. */
static bool name_starts_with_game(const char *name, uint8_t game)
{
	const char *g = engine_game_name(game);
	size_t i = 0;
	for (; g[i] != '\0'; i++) {
		char c = g[i] == '-' ? '_' : g[i];
		if (name[i] != c) {
			return false;
		}
	}
	return name[i] == '_';
}

static void table_add_user(struct table *t, struct form *f)
{
	size_t at = strlen(t->users);
	snprintf(t->users + at, sizeof t->users - at, "%s%s", at > 0 ? ", " : "", f->label);
	f->table_bytes += t->bytes;
}

/* Replaces the first `from` in `text` (of `size` bytes) by `to`. */
static void replace_once(char *text, size_t size, const char *from, const char *to)
{
	char *at = strstr(text, from);
	if (at == NULL) {
		return;
	}
	char rest[256];
	snprintf(rest, sizeof rest, "%s", at + strlen(from));
	snprintf(at, size - (size_t)(at - text), "%s%s", to, rest);
}

/* Taktix's forms named together when a table serves both rules or all. */
static void users_compact(struct table *t)
{
	replace_once(t->users, sizeof t->users, "taktix any normal, taktix any misere", "taktix any");
	replace_once(t->users, sizeof t->users, "taktix adjacent normal, taktix adjacent misere", "taktix adjacent");
	replace_once(t->users, sizeof t->users, "taktix any, taktix adjacent", "taktix (all four)");
}

/* A table belongs to the game it is named after (Taktix's `any` and
 * `adjacent` tables to those forms only); a table named after no game, to
 * the games whose engine module refers to it (avr-nm -u). */
static void tables_attribute(void)
{
	char arguments[8192] = "-A -u";
	for (int i = 0; i < options.object_count; i++) {
		size_t at = strlen(arguments);
		snprintf(arguments + at, sizeof arguments - at, " %s", options.objects[i]);
	}
	for (size_t t = 0; t < table_count; t++) {
		struct table *table = &tables[t];
		bool named = false;
		for (size_t i = 0; i < form_count; i++) {
			struct form *f = &forms[i];
			if (!name_starts_with_game(table->name, f->game)) {
				continue;
			}
			named = true;
			bool any = strstr(table->name, "_any_") != NULL,
			     adjacent = strstr(table->name, "_adjacent_") != NULL;
			const char *words = f->words ? f->words : "";
			if ((any && strncmp(words, "any", 3) != 0) ||
			    (adjacent && strncmp(words, "adjacent", 8) != 0)) {
				continue;
			}
			table_add_user(table, f);
		}
		if (named) {
			users_compact(table);
			continue;
		}
		FILE *p = open_nm(arguments);
		char line[512];
		while (fgets(line, sizeof line, p)) {
			char object[400], name[128];
			if (sscanf(line, "%399[^:]: U %127s", object, name) != 2 || strcmp(name, table->name) != 0) {
				continue;
			}
			const char *base = strrchr(object, '/');
			base = base ? base + 1 : object;
			for (size_t i = 0; i < form_count; i++) {
				size_t n = strlen(engine_game_name(forms[i].game));
				if (strncmp(base, engine_game_name(forms[i].game), n) == 0 &&
				    strcmp(base + n, ".o") == 0) {
					table_add_user(table, &forms[i]);
				}
			}
		}
		pclose(p);
		users_compact(table);
		size_t at = strlen(table->users);
		snprintf(table->users + at, sizeof table->users - at, "%s",
			 at == 0 ? "(no game module refers to it)" : " (their modules refer to it)");
	}
}

/*
 * The engine's flash data must stay in flash.  Link-time optimisation may
 * fold a flash table into an identical constant of the bench program that
 * lives in RAM, and the engine then reads it wrong on the AVR (seen here
 * with a table of 2, 3, 6): such a program measures something else than
 * the firmware, and the run fails.
 */
void tables_check_in_flash(void)
{
	char command[8192] = "avr-objdump -t";
	for (int i = 0; i < options.object_count; i++) {
		size_t at = strlen(command);
		snprintf(command + at, sizeof command - at, " %s", options.objects[i]);
	}
	FILE *p = popen(command, "r");
	if (p == NULL) {
		bench_fatal("cannot run %s", command);
	}
	char(*names)[128] = NULL;
	size_t count = 0;
	char line[512];
	while (fgets(line, sizeof line, p)) {
		char section[256], name[128];
		if (sscanf(line, "%*x %*[^.]%255s %*x %127s", section, name) == 2 &&
		    strncmp(section, ".progmem", 8) == 0) {
			names = realloc(names, (count + 1u) * sizeof *names);
			if (names == NULL) {
				bench_fatal("out of memory");
			}
			base_name(name);
			snprintf(names[count++], sizeof *names, "%s", name);
		}
	}
	pclose(p);
	char arguments[4096];
	snprintf(arguments, sizeof arguments, "--defined-only %s", options.elf);
	p = open_nm(arguments);
	while (fgets(line, sizeof line, p)) {
		unsigned long address;
		char name[128];
		if (sscanf(line, "%lx %*c %127s", &address, name) != 2 || address < 0x800000ul ||
		    address >= 0x810000ul) {
			continue;
		}
		base_name(name);
		for (size_t i = 0; i < count; i++) {
			if (strcmp(names[i], name) == 0) {
				check_failed("the engine's flash table %s is in RAM in %s (merged with a constant?)",
					     name, options.elf);
				checks.flash_failures++;
				break;
			}
		}
	}
	pclose(p);
	free(names);
}

void tables_read(void)
{
	tables_read_names();
	tables_read_sizes();
	tables_attribute();
}

void tables_print(void)
{
	uint32_t total = 0;
	bench_say("\nFlash of the generated tables (avr-nm -S of the bench program; the firmware links the same):\n");
	for (size_t t = 0; t < table_count; t++) {
		bench_say("  %-26s %6s  %s\n", tables[t].name, bench_grouped(tables[t].bytes), tables[t].users);
		total += tables[t].bytes;
	}
	bench_say("  %-26s %6s\n", "total", bench_grouped(total));
}
