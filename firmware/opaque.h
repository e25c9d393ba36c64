/*
 * A pointer the compiler cannot see through.  When the link-time optimiser
 * knows that a function's pointer argument is always the same global (the
 * game's position, the person's cursor), it copies the function with every
 * field access as a 4-byte absolute load or store (LDS/STS) instead of a
 * 2-byte one relative to a pointer register (LDD/STD): passing OPAQUE(&x)
 * keeps the smaller form.  Measured where used; elsewhere it costs bytes.
 * Not declared inline: the optimiser still inlines it, later, and that
 * measured 20 bytes less.  It takes a pointer to const too: the macro gives
 * back the pointer's own type.
 */
#ifndef FIRMWARE_OPAQUE_H
#define FIRMWARE_OPAQUE_H

static void *opaque(const void *pointer)
{
	__asm__("" : "+r"(pointer));
	return (void *)pointer;
}
#define OPAQUE(pointer) ((__typeof__(pointer))opaque(pointer))

#endif
