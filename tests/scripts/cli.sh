#!/bin/sh
# The grundy command-line tool: the one-line analysis, --list, --moves,
# --move, and errors on stderr with a non-zero exit.  Prints TAP.
# usage: tests/scripts/cli.sh BUILD-FOLDER
set -u
cli="$1/grundy"
out=$(mktemp)
err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
n=0
failures=0

ok() {
	n=$((n + 1))
	echo "ok $n - $1"
}

not_ok() {
	n=$((n + 1))
	failures=$((failures + 1))
	echo "not ok $n - $1"
	sed 's/^/#   stdout: /' "$out"
	sed 's/^/#   stderr: /' "$err"
}

# run ARGS...: runs the tool, keeping stdout, stderr and the exit status.
run() {
	"$cli" "$@" >"$out" 2>"$err"
	status=$?
}

# expect_line NAME EXPECTED ARGS...: exit 0, exactly EXPECTED on stdout, nothing on stderr.
expect_line() {
	name=$1 expected=$2
	shift 2
	run "$@"
	if [ "$status" -eq 0 ] && [ "$(cat "$out")" = "$expected" ] && [ ! -s "$err" ]; then
		ok "$name"
	else
		not_ok "$name"
	fi
}

# expect_error NAME STATUS PATTERN ARGS...: that exit status, nothing on
# stdout, and stderr matching PATTERN (grep -E).
expect_error() {
	name=$1 want=$2 pattern=$3
	shift 3
	run "$@"
	if [ "$status" -eq "$want" ] && [ ! -s "$out" ] && grep -Eq "$pattern" "$err"; then
		ok "$name"
	else
		not_ok "$name"
	fi
}

if [ ! -x "$cli" ]; then
	echo "not ok 1 - the tool $cli exists"
	exit 1
fi

expect_line "nim_analysis_line" \
	"game=nim outcome=N grundy=2 move=1-2 after=1 4 5" nim 3 4 5
expect_line "position_may_span_arguments_or_one" \
	"game=nim outcome=N grundy=2 move=1-2 after=1 4 5" nim "3 4 5"
expect_line "marienbad_start_is_losing" \
	"game=marienbad outcome=P grundy=- move=4-1 after=1 3 5 6" marienbad
expect_line "misere_nim_finished_game" \
	"game=misere-nim outcome=N grundy=- move=- after=-" misere-nim 0 0 0
expect_line "pebble_strip_of_20_is_a_second_player_win" \
	"game=pebbles outcome=P grundy=0 move=1.1 after=18" pebbles 20
expect_line "wythoff_3_5_is_losing" \
	"game=wythoff outcome=P grundy=- move=0,1 after=3 4" wythoff 3 5
expect_line "subtraction_parameters_print_back" \
	"game=subtraction outcome=N grundy=2 move=1-4 after=S=1,3,4 16" subtraction S=1,3,4 20
expect_line "case_insensitive_alias" \
	"game=pebbles outcome=P grundy=0 move=1.1 after=18" Dawson 20
# The other names of the games (the host tool's; the device knows only odra).
aliases_ok=true
for pair in bouton=nim misere=misere-nim odra=marienbad limit=limit-nim subtract=subtraction \
	digit=subtract-digit subtract-a-digit=subtract-digit Subtract_A_Digit=subtract-digit \
	prime=prime-power matrix=matrix-nim poker=poker-nim dawson=pebbles pebble-strip=pebbles \
	tactix=taktix dziewietnascie=nineteen; do
	run "${pair%%=*}"
	if [ "$status" -ne 0 ] || ! grep -q "^game=${pair#*=} " "$out"; then
		aliases_ok=false
		echo "# alias ${pair%%=*} is not ${pair#*=}"
	fi
done
if $aliases_ok; then
	ok "aliases_name_their_games"
else
	not_ok "aliases_name_their_games"
fi
expect_line "move_option_plays_then_analyses" \
	"game=nim outcome=P grundy=0 move=3-1 after=1 4 4" nim 3 4 5 --move 1-2

# Every game: its --list example runs and prints one line of the five fields
# in order, and the after= position parses back.
run --list
if [ "$status" -eq 0 ] && [ ! -s "$err" ]; then
	ok "list_exits_0"
else
	not_ok "list_exits_0"
fi
list=$(mktemp)
cp "$out" "$list"
games=$(grep -c '^[a-z]' "$list")
examples=$(grep -c '^  example: grundy ' "$list")
syntaxes=$(grep -c '^  syntax:  ' "$list")
if [ "$games" -eq 18 ] && [ "$examples" -eq 18 ] && [ "$syntaxes" -eq 18 ]; then
	ok "list_names_18_games_with_syntax_and_example"
else
	not_ok "list_names_18_games_with_syntax_and_example"
fi
checked=0
grep '^  example: grundy ' "$list" | sed 's/^  example: grundy //' >"$list.examples"
while read -r game position; do
	# shellcheck disable=SC2086
	run "$game" $position
	line=$(cat "$out")
	if [ "$status" -ne 0 ] || [ "$(wc -l <"$out")" -ne 1 ] ||
		! printf '%s\n' "$line" | grep -Eq "^game=$game outcome=[NP] grundy=([0-9]+|-) move=[^ ]+ after=.+$"; then
		not_ok "example_of_${game}_gives_one_line"
		continue
	fi
	after=${line#*after=}
	if [ "$after" != "-" ]; then
		# shellcheck disable=SC2086
		run "$game" $after
		if [ "$status" -ne 0 ]; then
			not_ok "after_of_${game}_parses_back"
			continue
		fi
	fi
	checked=$((checked + 1))
done <"$list.examples"
rm -f "$list" "$list.examples"
if [ "$checked" -eq 18 ]; then
	ok "every_example_answers_and_its_after_parses_back"
else
	not_ok "every_example_answers_and_its_after_parses_back ($checked of 18)"
fi
echo "# examples run: $checked"

run nim 1 2 --moves
if [ "$status" -eq 0 ] && [ "$(grep -c '^move=' "$out")" -eq 3 ] && grep -q '^move=2-1 leaves=P after=1 1$' "$out"; then
	ok "moves_lists_every_legal_move_with_its_outcome"
else
	not_ok "moves_lists_every_legal_move_with_its_outcome"
fi

# A list too long to print ends, saying so: a Matrix Nim grid of 8x8 cells
# of 255 has 8 * (256^8 - 1) moves.
# Read through head, so that a list without end fails here and ends (the
# tool then dies of a broken pipe).
row="255 255 255 255 255 255 255 255"
{
	"$cli" matrix-nim "$row / $row / $row / $row / $row / $row / $row / $row" --moves 2>"$err"
	echo $? >"$out.status"
} | head -n 100002 >"$out"
status=$(cat "$out.status")
rm -f "$out.status"
listed=$(grep -c '^move=' "$out")
if [ "$status" -eq 0 ] && [ "$listed" -eq 100000 ] && [ "$(wc -l <"$out")" -eq 100001 ] &&
	[ "$(tail -n 1 "$out")" = "more moves not listed: the list stops at 100000" ]; then
	ok "moves_list_stops_at_100000_and_says_so"
else
	: >"$out" # not a hundred thousand lines in the report
	not_ok "moves_list_stops_at_100000_and_says_so ($listed listed)"
fi
echo "# matrix-nim 8x8 of 255 --moves: $listed moves listed"
# ... and a list below the bound is whole.
run nim 65535 34464 --moves
if [ "$status" -eq 0 ] && [ "$(grep -c '^move=' "$out")" -eq 99999 ] && [ "$(wc -l <"$out")" -eq 99999 ]; then
	ok "moves_list_below_the_bound_is_whole"
else
	: >"$out"
	not_ok "moves_list_below_the_bound_is_whole"
fi

# Kayles and pebbles: any position of up to 40 rows of 0-65535 is
# analysed, the ones a game could not be played from too (more rows than
# the record holds could come of them); a move that splits a row of 40
# leaves 41, printed whole.
expect_line "kayles_80_pins" \
	"game=kayles outcome=N grundy=1 move=1.22-23 after=21 57" kayles 80
expect_line "kayles_81_pins_analysed" "game=kayles outcome=N grundy=8 move=1.5 after=4 76" kayles 81
expect_line "pebbles_161_cells_analysed" "game=pebbles outcome=N grundy=2 move=1.3 after=1 157" pebbles 161
ones="1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1"
# shellcheck disable=SC2086 # the rows are words
expect_line "kayles_40_rows_split_into_41" \
	"game=kayles outcome=N grundy=3 move=2.3-4 after=4 2 3 $ones" kayles 4 7 $ones
expect_error "list_note_names_the_limit_of_a_game" 1 'at most 80 pins' kayles 1 x
# shellcheck disable=SC2086
expect_error "a_move_to_41_rows_is_not_played" 1 'over 40 rows' kayles 4 7 $ones --move 2.3-4
# shellcheck disable=SC2086
run kayles 4 7 $ones --moves
if [ "$status" -eq 0 ] && grep -qx "move=2.3-4 leaves=P after=4 2 3 $ones" "$out" &&
	[ "$(grep -c '^move=' "$out")" -eq 58 ]; then
	ok "moves_list_prints_41_rows_after_a_split"
else
	not_ok "moves_list_prints_41_rows_after_a_split"
fi
r="65535 65535 65535 65535 65535 65535 65535 65535 65535 65535"
expect_line "kayles_40_rows_of_65535" \
	"game=kayles outcome=P grundy=0 move=1.1 after=65534 65535 65535 65535 65535 65535 65535 65535 65535 65535 $r $r $r" \
	kayles "$r $r $r $r"

# The value of subtract-a-digit is known up to 100000, as --help says.
expect_line "subtract_digit_value_up_to_100000" \
	"game=subtract-digit outcome=P grundy=0 move=-1 after=99999" subtract-digit 100000
expect_line "subtract_digit_no_value_above_100000" \
	"game=subtract-digit outcome=N grundy=- move=-1 after=100000" subtract-digit 100001

run --help
if [ "$status" -eq 0 ] && grep -q 'usage: grundy' "$out" && grep -q 'subtract-a-digit above 100000' "$out" &&
	grep -q 'at most$' "$out" && grep -q '100000 lines of moves' "$out"; then
	ok "help_exits_0_with_usage"
else
	not_ok "help_exits_0_with_usage"
fi

expect_error "no_arguments_is_a_usage_error" 2 'usage: grundy'
expect_error "unknown_game_names_the_games" 1 'unknown game "chess".*nim' chess 1 2
expect_error "not_a_number_shows_the_syntax" 1 'not a number' nim 3 x 5
expect_error "not_a_number_shows_the_expected_syntax" 1 '^expected: grundy nim ' nim 3 x 5
expect_error "heap_out_of_range" 1 'out of range' nim 65536
expect_error "too_many_heaps" 1 'too many parts' nim 1 2 3 4 5 6 7 8 9
expect_error "illegal_move_says_why" 1 'not that many' nim 3 4 5 --move 1-4
expect_error "move_in_a_finished_game" 1 'game is over' nim 0 0 --move 1-1
expect_error "unknown_option" 2 'unexpected "--frobnicate"' nim 3 4 5 --frobnicate
expect_error "subtract_digit_not_a_digit" 1 'not allowed' subtract-digit 1234 --move -5
expect_error "prime_power_not_a_divisor" 1 'does not divide' prime-power 56700 --move /11

echo "1..$n"
[ "$failures" -eq 0 ]
