/*
 * A sorted set of 16-bit keys packed into flash, answering "is this key
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
 * keys before every 2^S-th bucket is stored as a 16-bit sample; from there
 * a lookup skips whole bytes of the unary part by counting their bits.
 *
 * The set is one byte array, little-endian, bits least significant first:
 *   low_bits      u8   L, 0..LOSING_SET_LOW_BITS_MOST
 *   sample_shift  u8   S, 0..8: one sample every 2^S buckets
 *   buckets       u16  number of buckets; keys have high part < buckets
 *   high_at       u16  where the unary part starts, from the set's start
 *   low_at        u16  where the low bits start
 *   samples       u16 each, ceil(buckets / 2^S) of them
 *   high          (count + buckets) bits, rounded up to whole bytes
 *   low           count * L bits, in whole bytes, and the byte after the one
 *                 where the last key's low bits start (a lookup reads the
 *                 low bits of a key as two bytes)
 */
#ifndef LOSING_SET_H
#define LOSING_SET_H

#include <stdbool.h>
#include <stdint.h>

#define LOSING_SET_HEADER_BYTES 8
/* Low bits of a key start anywhere in a byte and end in the next. */
#define LOSING_SET_LOW_BITS_MOST 9u

/* True when `key` is in the set (`set` is a flash address); *rank then
 * gets its index in sorted order (the number of smaller keys), and is left
 * alone for a key that is not there. */
bool losing_set_find(const uint8_t *set, uint16_t key, uint16_t *rank);

/* Set bits in a byte (the board keys count pieces with it too). */
uint8_t losing_set_ones(uint8_t byte);

#endif
