/* Reading texts out of C sources and X-macro files; see textpack.h. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/text.h"
#include "tools/textpack/textpack.h"

#define NAME_MAX_LENGTH 64u
#define MACROS_MAX 64u
#define SOURCE_MAX (1u << 20)
/* How deep #include "..." is followed for string macros, and how many
 * headers one source may reach. */
#define INCLUDE_DEPTH_MAX 8
#define HEADERS_MAX 64u
/* The most fields of an X-macro entry picked by NAME.N. */
#define FIELDS_MAX 32u
#define HEADER_PATH_MAX 256u

/* A name #defined as string literals (menu.c's word codes, say). */
struct macro {
	char name[NAME_MAX_LENGTH];
	struct text value;
};

struct reader {
	const char *path;
	const char *at;
	const char *end;
	int line;
	struct macro macros[MACROS_MAX];
	unsigned macro_count;
	int include_depth;
	/* The headers read already: each once, as its include guard would
	 * have it, so that one included by many is not read again and again. */
	char headers[HEADERS_MAX][HEADER_PATH_MAX];
	unsigned header_count;
	bool failed;
};

enum token_kind { TOKEN_END, TOKEN_STRING, TOKEN_NAME, TOKEN_OTHER };

struct token {
	enum token_kind kind;
	char name[NAME_MAX_LENGTH]; /* TOKEN_NAME */
	char c;                     /* TOKEN_OTHER: the character */
	struct text string;         /* TOKEN_STRING: the literal's bytes */
};

static void fail(struct reader *r, const char *why)
{
	if (!r->failed) {
		fprintf(stderr, "error: %s:%d: %s\n", r->path, r->line, why);
	}
	r->failed = true;
}

static bool is_name_char(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

static int hex_value(char c)
{
	if (c >= '0' && c <= '9') {
		return c - '0';
	}
	if (c >= 'a' && c <= 'f') {
		return c - 'a' + 10;
	}
	if (c >= 'A' && c <= 'F') {
		return c - 'A' + 10;
	}
	return -1;
}

static void append(struct reader *r, struct text *t, unsigned value)
{
	if (value > 255u) {
		fail(r, "a character above 255");
	} else if (t->length >= TEXTPACK_TEXT_MAX) {
		fail(r, "a text too long for the packer");
	} else {
		t->bytes[t->length++] = (uint8_t)value;
	}
}

/* The literal after its opening quote, up to its closing one. */
static void read_string(struct reader *r, struct text *t)
{
	static const char simple[] = "n\nt\tr\ra\ab\bf\fv\v\\\\\"\"''??";
	t->length = 0;
	while (r->at < r->end && *r->at != '"') {
		char c = *r->at++;
		if (c == '\n') {
			fail(r, "a string literal that does not end on its line");
			return;
		}
		if (c != '\\') {
			append(r, t, (uint8_t)c);
			continue;
		}
		c = r->at < r->end ? *r->at++ : '\0';
		if (c == 'x') {
			unsigned value = 0;
			int digit;
			if (r->at >= r->end || hex_value(*r->at) < 0) {
				fail(r, "\\x without a hex digit");
				return;
			}
			while (r->at < r->end && (digit = hex_value(*r->at)) >= 0) {
				value = value * 16u + (unsigned)digit;
				r->at++;
				if (value > 255u) {
					break;
				}
			}
			append(r, t, value);
		} else if (c >= '0' && c <= '7') {
			unsigned value = (unsigned)(c - '0');
			for (int i = 0; i < 2 && r->at < r->end && *r->at >= '0' && *r->at <= '7'; i++) {
				value = value * 8u + (unsigned)(*r->at++ - '0');
			}
			append(r, t, value);
		} else {
			const char *s;
			for (s = simple; *s != '\0' && *s != c; s += 2) {
			}
			if (*s == '\0') {
				fail(r, "an escape the packer does not know");
				return;
			}
			append(r, t, (uint8_t)s[1]);
		}
	}
	if (r->at >= r->end) {
		fail(r, "a string literal without its end");
		return;
	}
	r->at++;
}

static const struct macro *find_macro(const struct reader *r, const char *name)
{
	for (unsigned i = 0; i < r->macro_count; i++) {
		if (strcmp(r->macros[i].name, name) == 0) {
			return &r->macros[i];
		}
	}
	return NULL;
}

/* A header read again (included by several files) defines its macros
 * again: the later definition replaces the earlier, as the
 * preprocessor's would, rather than filling the list. */
static void add_macro(struct reader *r, const struct macro *m)
{
	for (unsigned i = 0; i < r->macro_count; i++) {
		if (strcmp(r->macros[i].name, m->name) == 0) {
			r->macros[i] = *m;
			return;
		}
	}
	if (r->macro_count == MACROS_MAX) {
		fail(r, "too many string macros");
	} else {
		r->macros[r->macro_count++] = *m;
	}
}

static void next_token(struct reader *r, struct token *t);
static void read_macros(struct reader *r, const char *path);

/* A line of the preprocessor, from after its '#': `#define NAME "..."`
 * is kept as a macro, the string macros of an `#include "file"` are read
 * (the file's path from the folder the packer runs in, the project's;
 * read_macros), every other line is skipped. */
static void read_directive(struct reader *r)
{
	const char *line_end = r->at;
	while (line_end < r->end && *line_end != '\n') {
		line_end += (*line_end == '\\' && line_end + 1 < r->end) ? 2 : 1;
	}
	const char *saved_end = r->end;
	r->end = line_end;
	struct token t;
	next_token(r, &t);
	if (t.kind == TOKEN_NAME && strcmp(t.name, "include") == 0) {
		next_token(r, &t);
		if (t.kind == TOKEN_STRING && t.string.length < TEXTPACK_TEXT_MAX) {
			char path[TEXTPACK_TEXT_MAX + 1];
			memcpy(path, t.string.bytes, t.string.length);
			path[t.string.length] = '\0';
			read_macros(r, path);
		}
	} else if (t.kind == TOKEN_NAME && strcmp(t.name, "define") == 0) {
		next_token(r, &t);
		if (t.kind == TOKEN_NAME && r->at < r->end && *r->at != '(') {
			struct macro m;
			snprintf(m.name, sizeof m.name, "%s", t.name);
			m.value.length = 0;
			bool strings_only = true;
			bool any = false;
			for (next_token(r, &t); t.kind != TOKEN_END; next_token(r, &t)) {
				if (t.kind != TOKEN_STRING) {
					strings_only = false;
					break;
				}
				any = true;
				for (size_t i = 0; i < t.string.length; i++) {
					append(r, &m.value, t.string.bytes[i]);
				}
			}
			if (any && strings_only) {
				add_macro(r, &m);
			}
		}
	}
	r->at = line_end;
	r->end = saved_end;
}

static void next_token(struct reader *r, struct token *t)
{
	for (;;) {
		if (r->at >= r->end) {
			t->kind = TOKEN_END;
			return;
		}
		char c = *r->at;
		if (c == '\n') {
			r->line++;
			r->at++;
			/* A directive starts a line (after blanks). */
			const char *p = r->at;
			while (p < r->end && (*p == ' ' || *p == '\t')) {
				p++;
			}
			if (p < r->end && *p == '#') {
				r->at = p + 1;
				read_directive(r);
			}
		} else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' || c == '\\') {
			r->at++;
		} else if (c == '/' && r->at + 1 < r->end && r->at[1] == '/') {
			while (r->at < r->end && *r->at != '\n') {
				r->at++;
			}
		} else if (c == '/' && r->at + 1 < r->end && r->at[1] == '*') {
			r->at += 2;
			while (r->at + 1 < r->end && !(r->at[0] == '*' && r->at[1] == '/')) {
				r->line += *r->at == '\n';
				r->at++;
			}
			r->at += 2;
		} else if (c == '\'') {
			/* A character constant: skipped, as any other token. */
			r->at++;
			while (r->at < r->end && *r->at != '\'' && *r->at != '\n') {
				r->at += *r->at == '\\' ? 2 : 1;
			}
			r->at++;
			t->kind = TOKEN_OTHER;
			t->c = '\'';
			return;
		} else if (c == '"') {
			r->at++;
			t->kind = TOKEN_STRING;
			read_string(r, &t->string);
			return;
		} else if (is_name_char(c)) {
			size_t n = 0;
			while (r->at < r->end && is_name_char(*r->at)) {
				if (n + 1 < sizeof t->name) {
					t->name[n++] = *r->at;
				}
				r->at++;
			}
			t->name[n] = '\0';
			t->kind = TOKEN_NAME;
			return;
		} else {
			r->at++;
			t->kind = TOKEN_OTHER;
			t->c = c;
			return;
		}
	}
}

static void add_text(struct reader *r, struct text_list *list, const struct text *t)
{
	if (list->count == list->capacity) {
		size_t capacity = list->capacity ? 2 * list->capacity : 64;
		struct text *texts = realloc(list->texts, capacity * sizeof *texts);
		if (texts == NULL) {
			fail(r, "out of memory");
			return;
		}
		list->texts = texts;
		list->capacity = capacity;
	}
	list->texts[list->count++] = *t;
	list->raw_bytes += t->length + 1u;
}

static bool table_wanted(const char *tables, const char *name)
{
	if (tables == NULL) {
		return true;
	}
	size_t n = strlen(name);
	for (const char *p = tables; *p != '\0';) {
		const char *comma = strchr(p, ',');
		size_t len = comma ? (size_t)(comma - p) : strlen(p);
		if (len == n && strncmp(p, name, n) == 0) {
			return true;
		}
		p += len + (comma != NULL);
	}
	return false;
}

/* The whole file, in memory of its own (free it), or NULL. */
static char *load(const char *path, size_t *size, bool quiet)
{
	FILE *f = fopen(path, "rb");
	if (f == NULL) {
		if (!quiet) {
			perror(path);
		}
		return NULL;
	}
	char *source = malloc(SOURCE_MAX);
	*size = source != NULL ? fread(source, 1, SOURCE_MAX, f) : 0;
	bool too_big = source != NULL && !feof(f);
	fclose(f);
	if (too_big) {
		fprintf(stderr, "error: %s: too large\n", path);
		free(source);
		return NULL;
	}
	return source;
}

/* The string macros of an included file, added to `r`'s. */
static void read_macros(struct reader *r, const char *path)
{
	for (unsigned i = 0; i < r->header_count; i++) {
		if (strcmp(r->headers[i], path) == 0) {
			return;
		}
	}
	if (r->include_depth == INCLUDE_DEPTH_MAX) {
		fail(r, "#include nested too deep");
		return;
	}
	if (r->header_count == HEADERS_MAX || strlen(path) >= HEADER_PATH_MAX) {
		fail(r, "too many headers, or a header's path too long");
		return;
	}
	memcpy(r->headers[r->header_count++], path, strlen(path) + 1u);
	/* A header it cannot open (a generated one, a system one) is passed
	 * over: a macro missing from the texts is caught by the tests, which
	 * compare the decoded texts with the compiler's literals. */
	size_t size;
	char *source = load(path, &size, true);
	if (source == NULL) {
		return;
	}
	struct reader *inner = calloc(1, sizeof *inner);
	if (inner == NULL) {
		free(source);
		fail(r, "out of memory");
		return;
	}
	*inner = *r;
	inner->path = path;
	inner->at = source;
	inner->end = source + size;
	inner->line = 1;
	inner->include_depth++;
	if (size > 0 && source[0] == '#') {
		inner->at++;
		read_directive(inner);
	}
	struct token t;
	do {
		next_token(inner, &t);
	} while (t.kind != TOKEN_END && !inner->failed);
	memcpy(r->macros, inner->macros, sizeof r->macros);
	r->macro_count = inner->macro_count;
	memcpy(r->headers, inner->headers, sizeof r->headers);
	r->header_count = inner->header_count;
	r->failed = r->failed || inner->failed;
	free(inner);
	free(source);
}

/* NAME.FIELD in `tables`: field FIELD (from 1) of each entry NAME. */
static bool field_wanted(const char *tables, const char *entry, unsigned field)
{
	char name[NAME_MAX_LENGTH + 16];
	snprintf(name, sizeof name, "%s.%u", entry, field);
	return tables != NULL && table_wanted(tables, name);
}

/* The fields picked from one entry (by NAME.FIELD), kept until its end
 * and then added in the order `tables` names them. */
struct picked {
	struct text text[FIELDS_MAX];
	bool kept[FIELDS_MAX];
};

static void keep_field(struct reader *r, struct picked *p, unsigned field, const struct text *t)
{
	if (field >= FIELDS_MAX || p->kept[field]) {
		fail(r, "a field picked by NAME.N holds more than one text, or comes too late");
		return;
	}
	p->text[field] = *t;
	p->kept[field] = true;
}

static void add_picked(struct reader *r, struct text_list *list, const char *tables, const char *entry,
		       struct picked *p)
{
	size_t n = strlen(entry);
	for (const char *at = tables; *at != '\0';) {
		const char *comma = strchr(at, ',');
		size_t len = comma ? (size_t)(comma - at) : strlen(at);
		if (len > n + 1 && strncmp(at, entry, n) == 0 && at[n] == '.') {
			unsigned field = (unsigned)strtoul(at + n + 1, NULL, 10);
			if (field < FIELDS_MAX && p->kept[field]) {
				add_text(r, list, &p->text[field]);
			}
		}
		at += len + (comma != NULL);
	}
	memset(p->kept, 0, sizeof p->kept);
}

/* The Polish letters of engine/letters.def, in their order: each is
 * stored as one byte, TEXT_LETTER_FIRST plus its place.  Any other byte
 * above ASCII is refused, so that no text reaches a device it cannot
 * show. */
static const char *const letters[] = {
#define LETTER(utf8, plain, ...) utf8,
#include "engine/letters.def"
#undef LETTER
};

static void letters_to_codes(struct reader *r, struct text_list *list, struct text *t)
{
	size_t to = 0;
	for (size_t from = 0; from < t->length; from++) {
		uint8_t c = t->bytes[from];
		if (c >= 0x80u) {
			size_t letter = 0;
			while (letter < sizeof letters / sizeof letters[0] &&
			       (from + 1 >= t->length || (uint8_t)letters[letter][0] != c ||
				(uint8_t)letters[letter][1] != t->bytes[from + 1])) {
				letter++;
			}
			if (letter == sizeof letters / sizeof letters[0]) {
				fail(r, "a character above ASCII that is not a Polish letter of engine/letters.def");
				return;
			}
			c = (uint8_t)(TEXT_LETTER_FIRST + letter);
			from++;
			list->raw_bytes--; /* one byte in flash, as the firmware holds it */
		}
		t->bytes[to++] = c;
	}
	t->length = to;
}

int textpack_read(const char *path, const char *tables, struct text_list *list)
{
	size_t size;
	char *source = load(path, &size, false);
	if (source == NULL) {
		return 1;
	}
	struct reader *r = calloc(1, sizeof *r);
	if (r == NULL) {
		free(source);
		return 1;
	}
	r->path = path;
	r->at = source;
	r->end = source + size;
	r->line = 1;
	size_t path_length = strlen(path);
	bool whole_file = path_length > 4 && strcmp(path + path_length - 4, ".def") == 0;
	size_t before = list->count;
	if (size > 0 && source[0] == '#') {
		r->at++;
		read_directive(r);
	}

	/* 1 inside the parentheses of ENGINE_FLASH_STR(...) or of an X-macro
	 * entry of a .def file, -1 in a flash table's initialiser (up to its
	 * ';'), 0 outside them. */
	bool everything = whole_file && tables == NULL;
	int region = 0;
	int parens = 0;
	bool region_wanted = false;
	char last_name[NAME_MAX_LENGTH] = "";
	char table_name[NAME_MAX_LENGTH] = "";
	enum { NOTHING, FLASH, CALL } pending = NOTHING;
	char entry[NAME_MAX_LENGTH] = ""; /* the X-macro entry being read */
	unsigned field = 0;               /* its group of literals being read, from 1 */
	bool group_open = false;          /* a group of adjacent literals is being read */
	bool group_wanted = false;
	bool group_by_field = false; /* picked by NAME.N: kept until the entry ends */
	struct text group = { .length = 0 };
	bool in_group = false;
	struct picked *picked = calloc(1, sizeof *picked);
	if (picked == NULL) {
		fail(r, "out of memory");
	}
	struct token t;
	for (next_token(r, &t); t.kind != TOKEN_END && !r->failed; next_token(r, &t)) {
		const struct macro *m = t.kind == TOKEN_NAME ? find_macro(r, t.name) : NULL;
		if (t.kind == TOKEN_STRING || m != NULL) {
			if (!group_open) {
				group_open = true;
				group_wanted = everything || (region != 0 && region_wanted);
				group_by_field = !group_wanted && whole_file && region == 1 &&
						 field_wanted(tables, entry, field);
				group_wanted = group_wanted || group_by_field;
			}
			const struct text *s = m != NULL ? &m->value : &t.string;
			if (group_wanted) {
				/* A group of adjacent literals; "\0" inside one ends a text. */
				for (size_t i = 0; i < s->length; i++) {
					if (s->bytes[i] == 0 && group_by_field) {
						keep_field(r, picked, field, &group);
						group.length = 0;
					} else if (s->bytes[i] == 0) {
						add_text(r, list, &group);
						group.length = 0;
					} else {
						append(r, &group, s->bytes[i]);
					}
				}
				in_group = true;
			}
			pending = NOTHING;
			continue;
		}
		if (group_open) {
			if (in_group && group_by_field) {
				keep_field(r, picked, field, &group);
			} else if (in_group) {
				add_text(r, list, &group);
			}
			group.length = 0;
			in_group = false;
			group_open = false;
			field++;
		}
		if (everything) {
			continue;
		}
		if (t.kind == TOKEN_NAME) {
			if (!whole_file && strcmp(t.name, "ENGINE_FLASH") == 0) {
				pending = FLASH;
			} else if (whole_file || strcmp(t.name, "ENGINE_FLASH_STR") == 0) {
				pending = CALL;
			} else {
				pending = NOTHING;
			}
			snprintf(last_name, sizeof last_name, "%s", t.name);
			continue;
		}
		char c = t.kind == TOKEN_OTHER ? t.c : '\0';
		if (c == '[' && last_name[0] != '\0') {
			snprintf(table_name, sizeof table_name, "%s", last_name);
		}
		if (region == 0 && pending == FLASH && c == '=') {
			region = -1;
			region_wanted = table_wanted(tables, table_name);
		} else if (region == 0 && pending == CALL && c == '(') {
			region = 1;
			parens = 1;
			region_wanted = table_wanted(tables, last_name);
			snprintf(entry, sizeof entry, "%s", last_name);
			field = 1;
		} else if (region == -1 && c == ';') {
			region = 0;
		} else if (region == 1 && c == '(') {
			parens++;
		} else if (region == 1 && c == ')' && --parens == 0) {
			region = 0;
			if (whole_file && tables != NULL) {
				add_picked(r, list, tables, entry, picked);
			}
		}
		pending = NOTHING;
		last_name[0] = '\0';
	}
	if (in_group) {
		add_text(r, list, &group);
	}
	for (size_t i = before; i < list->count && !r->failed; i++) {
		letters_to_codes(r, list, &list->texts[i]);
	}
	bool failed = r->failed;
	free(picked);
	free(r);
	free(source);
	if (!failed && list->count == before) {
		fprintf(stderr, "error: %s: no texts%s%s\n", path, tables ? " in " : "", tables ? tables : "");
		return 1;
	}
	return failed;
}

void textpack_free(struct text_list *list)
{
	free(list->texts);
	list->texts = NULL;
	list->count = list->capacity = list->raw_bytes = 0;
}
