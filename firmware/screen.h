/*
 * The screens by number: what a screen's key handler returns, the screen
 * to show next, and ui.c (firmware/ui.h) switches to it.  A header of its
 * own so that the screens need not include the dispatch that calls them.
 */
#ifndef FIRMWARE_SCREEN_H
#define FIRMWARE_SCREEN_H

enum ui_screen {
	SCREEN_MENU,    /* firmware/menu.c: choose the game and start it */
	SCREEN_PLAY,    /* firmware/play.c: the game in progress, then its result */
	SCREEN_OPERATOR /* firmware/operator.c: the exhibit's operator menu */
};

#endif
