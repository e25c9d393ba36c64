# ---- style: make format, make cppcheck ------------------------------------------
#
# make test runs both checks (tests/scripts/format.sh and cppcheck.sh);
# these targets are for fixing what they find.

.PHONY: format cppcheck

# Rewrites every C file of tests/scripts/format.sh's list as .clang-format says.
format: | $(DEPS_STAMP)
	$(Q)files=$$(sh tests/scripts/format.sh --list) && clang-format -i $$files

# The builds cppcheck reads the sources as, one a line: a name, then the
# feature switches of that edition (mk/firmware.mk), so that code a switch
# leaves in or out is checked as it is built (tests/scripts/cppcheck.sh
# adds the host's, every switch on).  The games an edition leaves out are
# not passed: cppcheck 2.10's preprocessor cannot expand the IS_ENABLED
# idiom that reads them (ENGINE_SWITCH_SET, engine/engine.h), and they
# change no code, only engine_game_present's constant.
CPPCHECK_CONFIGS := $(BUILD)/cppcheck/configs
$(CPPCHECK_CONFIGS): $(foreach edition,$(EDITIONS),editions/$(edition).mk) mk/firmware.mk mk/style.mk
	$(Q)mkdir -p $(@D)
	$(Q)printf '%s\n' $(foreach edition,$(EDITIONS),'$(edition) $(strip $(call feature_flags,$($(edition)_FEATURES)))') >$@

# cppcheck over engine/, firmware/ and hal/, each finding with its file and
# line; tests/cppcheck-suppressions.txt holds those explained.  Written
# after CPPCHECK_CONFIGS: make reads a rule's prerequisites where it stands.
cppcheck: $(GEN_HEADERS) $(CPPCHECK_CONFIGS) | $(DEPS_STAMP)
	$(Q)sh tests/scripts/cppcheck.sh $(BUILD)
