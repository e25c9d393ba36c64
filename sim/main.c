/*
 * grundy-sim: the Grundy Box firmware on a simulated Arduino Uno with the
 * LCD Keypad Shield.
 *
 *   grundy-sim --play FIRMWARE.elf [--shield v1.0|v1.1] [--png FILE]
 *   grundy-sim --script FILE FIRMWARE.elf [--shield v1.0|v1.1] [--png FILE]
 *
 * --play is the interactive terminal (sim/play.h), --script the scripted
 * mode for people and CI (sim/script.h); --png saves the final display.
 */
#include <stdio.h>
#include <string.h>

#include "sim/harness.h"
#include "sim/play.h"
#include "sim/script.h"

static int usage(const char *problem)
{
	fprintf(stderr,
		"grundy-sim: %s\n"
		"usage: grundy-sim --play FIRMWARE.elf [--shield v1.0|v1.1] [--png FILE]\n"
		"       grundy-sim --script FILE FIRMWARE.elf [--shield v1.0|v1.1] [--png FILE]\n",
		problem);
	return 2;
}

int main(int argc, char **argv)
{
	const char *script = NULL;
	const char *png = NULL;
	bool play = false;
	struct sim_options options = { 0 };
	for (int i = 1; i < argc; i++) {
		const char *argument = argv[i];
		bool has_value = i + 1 < argc;
		if (!strcmp(argument, "--play")) {
			play = true;
		} else if (!strcmp(argument, "--script") && has_value) {
			script = argv[++i];
		} else if (!strcmp(argument, "--png") && has_value) {
			png = argv[++i];
		} else if (!strcmp(argument, "--shield") && has_value) {
			const char *version = argv[++i];
			if (!strcmp(version, "v1.0")) {
				options.shield = 0;
			} else if (!strcmp(version, "v1.1")) {
				options.shield = 1;
			} else {
				return usage("--shield takes v1.0 or v1.1");
			}
		} else if (argument[0] == '-') {
			return usage("unknown option, or an option without its value");
		} else if (!options.elf) {
			options.elf = argument;
		} else {
			return usage("more than one firmware given");
		}
	}
	if (!options.elf) {
		return usage("no firmware given");
	}
	if (play == (script != NULL)) {
		return usage("choose one of --play and --script");
	}
	if (play) {
		return sim_play(&options, png);
	}
	/* The script's results go to stdout, flushed before the process ends
	 * even when a failure message follows on stderr. */
	int status = sim_script_run(script, &options, png, stdout);
	fflush(stdout);
	return status;
}
