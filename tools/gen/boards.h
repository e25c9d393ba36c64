/*
 * Inside the board tables' generator (boards*.c): sets of keys, their
 * Elias-Fano encoding (engine/losing_set.h) and the checks every table
 * passes before it is written.
 */
#ifndef GEN_BOARDS_H
#define GEN_BOARDS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Outcome of a position while solving: the player to move loses or wins. */
enum { UNSOLVED = 0, LOSING = 1, WINNING = 2 };

struct key_set {
	uint32_t *keys;
	uint32_t count;
	uint32_t capacity;
	uint32_t universe; /* every key is below it */
};

struct encoding {
	uint8_t *bytes;
	uint32_t size;
	uint8_t low_bits;
	uint8_t sample_shift;
	uint32_t walk_bits; /* the longest walk a lookup makes */
};

int key_set_init(struct key_set *set, uint32_t universe);
int key_set_add(struct key_set *set, uint32_t key);
/* Sorts the keys and drops repeats (positions of one class share a key). */
void key_set_finish(struct key_set *set);

/* The most bits of the unary part a lookup of the losing positions may
 * pass: it bounds the time of a lookup on the device, which skips whole
 * bytes (about 40 cycles a byte) and walks the last few bits one by one.
 * Nineteen, whose machine move makes the most lookups, walks less. */
#define MAX_WALK_BITS 384u
#define NINETEEN_WALK_BITS 256u

/* The smallest encoding of the finished set whose lookups walk at most
 * `max_walk` bits, read back through the engine's decoder (every stored
 * key, and every key of a small universe) before it is returned. */
int encode_set(const char *name, const struct key_set *set, uint32_t max_walk, struct encoding *enc);

/* Whether an encoded set holds `key`, by the engine's decoder. */
bool set_has(const uint8_t *set, uint32_t key);

/* Writes a byte array to the tables: its definition in flash to `c`, a
 * comment, its size NAME_BYTES and declaration to `h`. */
void write_bytes(FILE *c, FILE *h, const char *name, const char *comment, const uint8_t *bytes, uint32_t size);
/* The same for an encoded set, with its parameters in the comment. */
void write_set(FILE *c, FILE *h, const char *name, const char *what, const struct key_set *set,
	       const struct encoding *enc);

/* Memory, or a message and NULL. */
void *gen_alloc(size_t size);

int gen_chomp(FILE *c, FILE *h);
int gen_taktix(FILE *c, FILE *h);
int gen_kubo(FILE *c, FILE *h);
int gen_nineteen(FILE *c, FILE *h);

#endif
