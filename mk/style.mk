# ---- style: make format ---------------------------------------------------------
#
# make test checks it (tests/scripts/format.sh); this target is for fixing
# what the check finds.

.PHONY: format

# Rewrites every C file of tests/scripts/format.sh's list as .clang-format says.
format: | $(DEPS_STAMP)
	$(Q)tests/scripts/format.sh --list | xargs clang-format -i
