/*
 * textpack: the firmware's texts, packed at build time.
 *
 *   textpack gen OUT.c OUT.h NAME[/N]=SOURCE...
 *       packs the texts of each SOURCE (below; an X-macro file, one string
 *       literal per text, in order) in Huffman codes, one code table
 *       (packed_code) for all, and writes each one's texts as the flash
 *       table NAME, with NAME_COUNT (in capitals), for put_packed
 *       (engine/packed_text.h).  NAME/N: the texts in groups of N (a
 *       game's texts, say), each group starting on a byte of its own,
 *       and NAME_at[] the byte where each group starts, with NAME_GROUPS
 *       (the last group may hold fewer),
 *       so that a text is found by decoding past the few before it in its
 *       group rather than past every text of the table.  Every text is
 *       decoded back with the engine's decoder and compared before
 *       anything is written.  extern:NAME[/N]=SOURCE: the table is only
 *       declared, with its counts, and neither packed nor defined, nor
 *       are its characters given codes: for a build whose code names the
 *       table only where it is dead (the Polish tables of a build without
 *       Polish, engine/packed_text.h), so that the code table and the
 *       tables it does pack are the ones its own texts make.
 *
 *   A SOURCE is FILE (every literal of a .def file, or of every flash table
 *   and ENGINE_FLASH_STR of a C file) or FILE:NAME,NAME... (the entries
 *   NAME(...) of a .def file, such as GAME, or NAME.N for the Nth text of
 *   each, GAME.2 the games' moves, each entry's in the order named; the
 *   flash tables NAME of a C file,
 *   ENGINE_FLASH_STR naming those literals).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/packed_text.h"
#include "engine/text.h"
#include "tools/textpack/textpack.h"

#define TABLES_MAX 16u
#define GROUPS_MAX 64u
#define CODE_TABLE_MAX 512u
#define BITS_MAX 65536u

/* Texts packed in Huffman codes: one code table, and a stream of bits for
 * each table of texts. */
struct packing {
	uint8_t code[CODE_TABLE_MAX];
	size_t code_size;
	unsigned longest;
	uint8_t bits[BITS_MAX];
	size_t starts[TABLES_MAX + 1]; /* where each table's stream starts in bits, and the end */
	/* Tables in groups: where each group starts, from its table's start. */
	size_t group_at[TABLES_MAX][GROUPS_MAX];
};

/* Packs `list`, of which table t holds the texts from ends[t - 1] (0 for
 * the first) to ends[t], in groups of group[t] texts (0: one stream), but
 * the tables only declared (size 0), in codes made from the texts of
 * `packed`, and decodes every text back with the engine's decoder to
 * compare it with its source; prints the first difference. */
static bool pack(const struct text_list *list, const struct text_list *packed, const size_t *ends,
		 const unsigned *group, const bool *declared, unsigned tables, struct packing *p)
{
	uint8_t lengths[256];
	uint16_t codes[256];
	p->longest = textpack_huffman_lengths(packed, lengths);
	if (p->longest > PACKED_CODE_BITS_MAX) {
		fprintf(stderr, "error: a code of %u bits: the decoder takes %u at most\n", p->longest,
			PACKED_CODE_BITS_MAX);
		return false;
	}
	p->code_size = textpack_huffman_table(lengths, p->longest, p->code, codes);
	p->starts[0] = 0;
	size_t first = 0;
	for (unsigned t = 0; t < tables; t++) {
		size_t count = ends[t] - first;
		if (declared[t]) {
			p->starts[t + 1] = p->starts[t];
			first = ends[t];
			continue;
		}
		size_t per_group = group[t] != 0 ? group[t] : count;
		if (group[t] != 0 && (count + per_group - 1u) / per_group > GROUPS_MAX) {
			fprintf(stderr, "error: table %u: %zu texts make more than %u groups of %u\n", t, count,
				GROUPS_MAX, group[t]);
			return false;
		}
		size_t size = 0;
		for (size_t g = 0; g * per_group < count; g++) {
			size_t at = p->starts[t] + size;
			size_t in_group = count - g * per_group < per_group ? count - g * per_group : per_group;
			size_t group_size = textpack_huffman_pack(&list->texts[first + g * per_group], in_group,
								  lengths, codes, &p->bits[at], BITS_MAX - at);
			if (group_size == 0) {
				fprintf(stderr, "error: the packed texts do not fit in the packer's buffer\n");
				return false;
			}
			p->group_at[t][g] = size;
			size += group_size;
		}
		p->starts[t + 1] = p->starts[t] + size;
		for (size_t i = first; i < ends[t]; i++) {
			char out[TEXTPACK_TEXT_MAX + 2];
			struct buffer_sink b;
			buffer_sink_init(&b, out, sizeof out);
			size_t g = (i - first) / per_group;
			print_packed(&b.sink, p->code, &p->bits[p->starts[t] + p->group_at[t][g]],
				     (uint8_t)(i - first - g * per_group));
			const struct text *text = &list->texts[i];
			if (i - first > UINT8_MAX || b.overflowed || b.length != text->length ||
			    memcmp(out, text->bytes, text->length) != 0) {
				fprintf(stderr, "error: text %zu \"%.*s\" decodes as \"%s\"\n", i, (int)text->length,
					(const char *)text->bytes, out);
				return false;
			}
		}
		first = ends[t];
	}
	return true;
}

/* A SOURCE: FILE, or FILE:TABLE,TABLE... (textpack_read). */
static int read_source(const char *spec, struct text_list *list)
{
	char path[512];
	const char *colon = strchr(spec, ':');
	if (colon == NULL) {
		return textpack_read(spec, NULL, list);
	}
	snprintf(path, sizeof path, "%.*s", (int)(colon - spec), spec);
	return textpack_read(path, colon + 1, list);
}

/* ---- gen ---- */

static void put_comment_text(FILE *f, const struct text *t)
{
	for (size_t j = 0; j < t->length; j++) {
		uint8_t c = t->bytes[j];
		bool closes = c == '*' && j + 1 < t->length && t->bytes[j + 1] == '/';
		fputc(c >= ' ' && c < 0x7f && !closes ? c : '.', f);
	}
}

static void upper_name(char *to, size_t size, const char *name)
{
	size_t i;
	for (i = 0; i + 1 < size && name[i] != '\0'; i++) {
		to[i] = (name[i] >= 'a' && name[i] <= 'z') ? (char)(name[i] - 'a' + 'A') : name[i];
	}
	to[i] = '\0';
}

static int gen(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: textpack gen OUT.c OUT.h NAME=SOURCE...\n");
		return 2;
	}
	const char *c_path = argv[0];
	const char *h_path = argv[1];
	struct text_list all = { 0 };
	struct text_list packed = { 0 }; /* the texts of the tables packed, for their codes */
	bool declared[TABLES_MAX];
	char names[TABLES_MAX][64];
	const char *files[TABLES_MAX];
	size_t ends[TABLES_MAX];
	unsigned group[TABLES_MAX];
	unsigned tables = 0;
	for (int i = 2; i < argc; i++) {
		static const char extern_prefix[] = "extern:";
		const char *arg = argv[i];
		bool only_declared = strncmp(arg, extern_prefix, sizeof extern_prefix - 1u) == 0;
		if (only_declared) {
			arg += sizeof extern_prefix - 1u;
		}
		const char *eq = strchr(arg, '=');
		const char *slash = strchr(arg, '/');
		const char *name_end = slash != NULL && slash < eq ? slash : eq;
		char *digits_end = NULL;
		group[tables] = name_end != eq ? (unsigned)strtoul(name_end + 1, &digits_end, 10) : 0u;
		if (eq == NULL || name_end == arg || (size_t)(name_end - arg) >= sizeof names[0] ||
		    tables == TABLES_MAX || (name_end != eq && (digits_end != eq || group[tables] == 0))) {
			fprintf(stderr, "error: %s: not NAME=SOURCE or NAME/N=SOURCE, or too many tables\n", argv[i]);
			return 2;
		}
		snprintf(names[tables], sizeof names[0], "%.*s", (int)(name_end - arg), arg);
		files[tables] = eq + 1;
		declared[tables] = only_declared;
		if (read_source(files[tables], &all) != 0 ||
		    (!only_declared && read_source(files[tables], &packed) != 0)) {
			return 1;
		}
		ends[tables++] = all.count;
	}
	static struct packing p;
	bool packed_well = pack(&all, &packed, ends, group, declared, tables, &p);
	textpack_free(&packed);
	if (!packed_well) {
		textpack_free(&all);
		return 1;
	}

	FILE *c = fopen(c_path, "w");
	FILE *h = fopen(h_path, "w");
	if (c == NULL || h == NULL) {
		perror(c == NULL ? c_path : h_path);
		return 1;
	}
	const char *banner = "/* Made by tools/textpack from";
	fprintf(c, "%s", banner);
	fprintf(h, "%s", banner);
	for (unsigned t = 0; t < tables; t++) {
		fprintf(c, " %s", files[t]);
		fprintf(h, " %s", files[t]);
	}
	fprintf(c, ": a build product, never edited. */\n#include \"packed_tables.h\"\n\n");
	fprintf(h, ": a build product, never edited. */\n#ifndef PACKED_TABLES_H\n#define PACKED_TABLES_H\n\n"
		   "#include <stdint.h>\n\n#include \"engine/flash.h\"\n\n");

	fprintf(h,
		"/* The code table (engine/packed_text.h): codes of 1 to %u bits. */\n"
		"extern const uint8_t packed_code[%zu] ENGINE_FLASH;\n",
		p.longest, p.code_size);
	fprintf(c,
		"/* For each length, how many codes have it, then their characters\n"
		" * (a NUL, shown as '.', ends a text). */\n"
		"const uint8_t packed_code[%zu] ENGINE_FLASH = {\n",
		p.code_size);
	unsigned length = 1;
	for (size_t i = 0; i < p.code_size; length++) {
		uint8_t count = p.code[i];
		fprintf(c, "\t%u,", count);
		for (uint8_t k = 1; k <= count; k++) {
			fprintf(c, " 0x%02x,", p.code[i + k]);
		}
		struct text chars = { .length = count };
		memcpy(chars.bytes, &p.code[i + 1], count);
		fprintf(c, " /* %u bit%s: ", length, length == 1 ? "" : "s");
		put_comment_text(c, &chars);
		fprintf(c, " */\n");
		i += 1u + count;
	}
	fprintf(c, "};\n");
	size_t first = 0;
	for (unsigned t = 0; t < tables; t++) {
		char upper[64];
		upper_name(upper, sizeof upper, names[t]);
		size_t size = p.starts[t + 1] - p.starts[t];
		if (declared[t]) {
			fprintf(h,
				"\n/* %s: declared only, in no build that reads it. */\n#define %s_COUNT %zuu\n"
				"extern const uint8_t %s[] ENGINE_FLASH;\n",
				files[t], upper, ends[t] - first, names[t]);
			if (group[t] != 0) {
				fprintf(h, "#define %s_GROUPS %zuu\nextern const uint16_t %s_at[] ENGINE_FLASH;\n",
					upper, (ends[t] - first + group[t] - 1u) / group[t], names[t]);
			}
			first = ends[t];
			continue;
		}
		fprintf(h,
			"\n/* %s, packed. */\n#define %s_COUNT %zuu\n"
			"extern const uint8_t %s[%zu] ENGINE_FLASH;\n",
			files[t], upper, ends[t] - first, names[t], size ? size : 1u);
		fprintf(c, "\n/*");
		for (size_t i = first; i < ends[t]; i++) {
			fprintf(c, "\n * %zu: ", i - first);
			put_comment_text(c, &all.texts[i]);
		}
		fprintf(c, "\n */\nconst uint8_t %s[%zu] ENGINE_FLASH = {", names[t], size ? size : 1u);
		for (size_t i = 0; i < size; i++) {
			fprintf(c, "%s0x%02x,", i % 12u ? " " : "\n\t", p.bits[p.starts[t] + i]);
		}
		fprintf(c, "\n};\n");
		if (group[t] != 0) {
			size_t groups = (ends[t] - first + group[t] - 1u) / group[t]; /* the last may be short */
			fprintf(h,
				"/* Where each group of %u texts starts in %s. */\n#define %s_GROUPS %zuu\n"
				"extern const uint16_t %s_at[%zu] ENGINE_FLASH;\n",
				group[t], names[t], upper, groups, names[t], groups ? groups : 1u);
			fprintf(c, "\nconst uint16_t %s_at[%zu] ENGINE_FLASH = {", names[t], groups ? groups : 1u);
			for (size_t g = 0; g < groups; g++) {
				fprintf(c, "%s%zu,", g % 12u ? " " : "\n\t", p.group_at[t][g]);
			}
			fprintf(c, "\n};\n");
		}
		first = ends[t];
	}
	fprintf(h, "\n#endif\n");
	int failed = ferror(c) | ferror(h);
	failed |= fclose(c) | fclose(h);
	textpack_free(&all);
	if (failed) {
		fprintf(stderr, "error: writing %s or %s failed\n", c_path, h_path);
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc >= 2 && strcmp(argv[1], "gen") == 0) {
		return gen(argc - 2, argv + 2);
	}
	fprintf(stderr, "usage: textpack gen OUT.c OUT.h NAME=SOURCE...\n");
	return 2;
}
