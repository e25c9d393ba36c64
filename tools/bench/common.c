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
