/*
 * A sorted set of integer keys packed into flash, answering "is this key
 * in the set?" without decompressing it.  The board games store the keys
 * of their losing positions this way (one key per symmetry class, see
 * engine/board_keys.h); the table generator (tools/gen/boards.c) writes the
 * sets and checks them with this same decoder.
 *
 * The encoding is Elias-Fano: each key is split into a high part h (key >>
 * L) and its L low bits.  The low bits of the i-th key are stored at bit
 * i * L of a packed array; the high parts are stored in unary: a bit
 * vector holding, for each bucket h in turn, one 1 per key whose high part
 * is h followed by a 0.  That costs about 2 + log2(universe / count) bits a
 * key.  To find bucket h without scanning the whole vector, the number of
 * keys before every 2^S-th bucket is stored as a 16-bit sample.
 *
 * The set is one byte array, little-endian, bits least significant first:
 *   count         u16  number of keys
 *   buckets       u16  number of buckets; keys have high part < buckets
 *   low_bits      u8   L, 0..16
 *   sample_shift  u8   S: one sample every 2^S buckets
 *   samples       u16 each, ceil(buckets / 2^S) of them
 *   high          (count + buckets) bits, rounded up to whole bytes
 *   low           count * L bits, rounded up to whole bytes
 */
#ifndef LOSING_SET_H
#define LOSING_SET_H

#include <stdbool.h>
#include <stdint.h>

#define LOSING_SET_HEADER_BYTES 6

/* True when `key` is in the set; `set` is a flash address. */
bool losing_set_contains(const uint8_t *set, uint32_t key);

#endif
