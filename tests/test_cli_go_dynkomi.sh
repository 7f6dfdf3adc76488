# SPDX-License-Identifier: MIT
# Dynamic komi from the command line: sumito params lists it, bad values are refused, and GTP's
# handicap commands and an SGF record's handicap give genmove's search the linear schedule's
# extra (its --verbose line) while get_komi and final_score keep the real komi.
. "$(dirname "$0")/tap.sh"
S=$SUMITO
GTP="$S go gtp --verbose --time-per-move 0.1 --set search=mcts --set threads=1"

check "params lists dynkomi" 0 '^dynkomi +choice linear +\(default linear\)' -- $S params
check "unknown schedule" 2 "parameter dynkomi: 'fixed' is not one of none.linear.adaptive" -- \
    $S go gtp --set dynkomi=fixed
check "stone value out of range" 2 'dynkomi_stone: 101 is outside its range 0..100' -- \
    $S go gtp --set dynkomi_stone=101
check "sumito-set refuses a bad band" 0 '^\? .*dynkomi_high' -- \
    sh -c "printf 'sumito-set dynkomi_high 2\nquit\n' | $S go gtp"
# 9x9, four stones: 4 x 7 x 9/19 = 13.2632 points at move 0, 12.9684 at move 1.
check "fixed_handicap: linear extra" 0 'genmove w: .*extra komi 13.2632\)' -- \
    sh -c "printf 'boardsize 9\nkomi 0.5\nfixed_handicap 4\ngenmove w\nquit\n' | $GTP"
check "place_free_handicap: extra at move 1" 0 'genmove b: .*extra komi 12.9684\)' -- \
    sh -c "printf 'boardsize 9\nplace_free_handicap 4\ngenmove w\ngenmove b\nquit\n' | $GTP"
check "set_free_handicap, dynkomi=none" 0 'genmove w: .*extra komi 0\)' -- \
    sh -c "printf 'boardsize 9\nset_free_handicap C3 G7 C7 G3\ngenmove w\nquit\n' | $GTP --set dynkomi=none"
check "no handicap, no extra" 0 'genmove b: .*extra komi 0\)' -- \
    sh -c "printf 'boardsize 9\ngenmove b\nquit\n' | $GTP"
printf '(;GM[1]FF[4]SZ[9]KM[0.5]HA[4]AB[cc][gc][cg][gg];W[ee])\n' >"$TMP/ha.sgf"
check "loadsgf HA[4]: extra at move 1" 0 'genmove b: .*extra komi 12.9684\)' -- \
    sh -c "printf 'loadsgf $TMP/ha.sgf\ngenmove b\nquit\n' | $GTP"
check "the real komi stays" 0 '^= 0.5$' -- \
    sh -c "printf 'loadsgf $TMP/ha.sgf\ngenmove b\nget_komi\nquit\n' | $GTP"
# The count after the handicap stones and White's E5, once Black's search counted its playouts
# with 185 points more for White: Black's four stones and White's one, every empty point
# reaching both, B+4 - 1 - 0.5 = B+2.5.
FINAL="printf 'loadsgf $TMP/ha.sgf\nreg_genmove b\nfinal_score\nquit\n' | $GTP --set dynkomi_stone=100"
check "reg_genmove's extra" 0 'genmove b: .*extra komi 185.263' -- sh -c "$FINAL"
check "final_score at the real komi" 0 '^= B\+2.5$' -- sh -c "$FINAL"
tap_done
