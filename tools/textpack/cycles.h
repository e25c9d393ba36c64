/* The marks tools/textpack/avr/cycles.c writes to GPIOR0 (data address
 * 0x3E) for tools/textpack/cycles_run.c. */
#ifndef TEXTPACK_CYCLES_H
#define TEXTPACK_CYCLES_H

#define CYCLES_MARK_REGISTER 0x3Eu
#define CYCLES_MARK_START 1u
#define CYCLES_MARK_END 2u
#define CYCLES_MARK_DONE 3u

#endif
