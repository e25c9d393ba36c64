/*
 * The Grundy Box put together, all but the chip's own start-up
 * (firmware/main.c): who observes the game, and one pass of the main loop.
 * It builds on the host as well, against the fake HAL (tests/fake_hal/),
 * so host tests and the console's fuzzer run the firmware's logic whole.
 */
#ifndef FIRMWARE_BOX_H
#define FIRMWARE_BOX_H

/* Once the HAL is up and interrupts are on: the settings (those kept in
 * the EEPROM, firmware/store.h, else the defaults), the transcript's first
 * line, the game's observers, and the menu. */
void box_start(void);
/* One pass of the main loop: the key pressed goes to the screen showing
 * (and clicks if it changed it) unless it wakes the box from standby's
 * dark, the serial console reads what the line brought, a sound's next
 * note starts when its time comes, a save of the settings under way writes
 * its next byte, the screen gets its tick for timed steps, the idle times
 * of standby end (firmware/standby.h), the watchdog is fed, and the chip
 * sleeps until the next tick unless bytes wait; while all is quiet at the
 * menu, through up to 16 ticks (fewer for the next half of the lamps'
 * blink), until a button shows or a byte comes. */
void box_poll(void);

#endif
