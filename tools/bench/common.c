/* What the host programs of make bench share; see common.h. */
#define _GNU_SOURCE /* glibc's program_invocation_short_name, the program's own name */
#include "tools/bench/common.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void bench_fatal(const char *format, ...)
{
	va_list args;
	va_start(args, format);
	fprintf(stderr, "%s: ", program_invocation_short_name);
	vfprintf(stderr, format, args);
	fputc('\n', stderr);
	va_end(args);
	exit(2);
}

static struct {
	const char *path;
	FILE *file;
	bool quiet;
} said;

void bench_say_to(const char *path, const char *mode, bool terminal)
{
	said.path = path;
	said.quiet = !terminal;
	if (path != NULL) {
		said.file = fopen(path, mode);
		if (said.file == NULL) {
			bench_fatal("cannot write %s", path);
		}
	}
}

void bench_say(const char *format, ...)
{
	va_list args;
	if (!said.quiet) {
		va_start(args, format);
		vprintf(format, args);
		va_end(args);
	}
	if (said.file != NULL) {
		va_start(args, format);
		vfprintf(said.file, format, args);
		va_end(args);
	}
}

void bench_say_close(void)
{
	if (said.file != NULL && fclose(said.file) != 0) {
		bench_fatal("cannot write %s", said.path);
	}
	said.file = NULL;
}

const char *bench_grouped(uint64_t value)
{
	static char buffers[8][32];
	static unsigned turn;
	char *out = buffers[turn++ % 8u];
	char digits[24];
	int n = snprintf(digits, sizeof digits, "%" PRIu64, value);
	int at = 0;
	for (int i = 0; i < n; i++) {
		if (i > 0 && (n - i) % 3 == 0) {
			out[at++] = ',';
		}
		out[at++] = digits[i];
	}
	out[at] = '\0';
	return out;
}

bool bench_is_prime(uint32_t n)
{
	if (n < 2) {
		return false;
	}
	for (uint32_t d = 2; d <= n / d; d++) {
		if (n % d == 0) {
			return false;
		}
	}
	return true;
}
