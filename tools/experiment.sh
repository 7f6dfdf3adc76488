#!/bin/sh
# SPDX-License-Identifier: MIT
# The forward-pruning experiment: every method of the search against plain alpha-beta on one
# game, from the same budget of tuning, in one command that resumes where it stopped.
#
#   tools/experiment.sh [--quick] [--out DIR] [--docs FILE] [--sumito PATH] [--jobs N] GAME
#
# GAME is abalone or go (9x9). Steps, each skipped when its result is already in DIR
# (default docs/experiment/GAME, kept in the repository but for the matches' folders, so that
# the steps finished can be committed and the experiment spread over several sittings; every
# file is written under a temporary name and renamed):
#   1. a tuning suite of self-play positions (not the compare suite) and its reference
#      (plain alpha-beta, deeper);
#   2. tuning: each method searches the tuning suite at a fixed node count with each setting
#      of its grid (four settings each, its default first; the same budget for every method);
#      the setting whose moves agree most often with the reference is kept (ties: the greater
#      mean depth, then the earlier setting);
#   3. the table of the RankCut paper's Table 1 on the game's compare suite (used for no
#      calibration) against GAME/data/compare_reference_deep.txt, a deep search of each
#      position by the game's default evaluator: nodes, time and agreement (95 % Wilson interval,
#      McNemar against plain alpha-beta) at three depths, and the depth each method reaches
#      at a fixed time per move, with PNG charts;
#   4. a match of each tuned method against plain alpha-beta at 0.1 s a move (paired
#      openings, Elo with its interval; --jobs games at a time, 1 by default), then the best
#      combination (the methods whose Elo interval lies above 0, or the two best) against the
#      best single method, RankCut against LMR, and the combination against the default
#      configuration (the engine with no settings);
#   5. DIR/report.md, and with --docs FILE that report in FILE between the lines
#      "<!-- experiment GAME -->" and "<!-- /experiment GAME -->" (the charts copied next to
#      FILE).
# --quick shrinks every budget so the whole chain runs in about a minute (for the tests);
# its figures mean nothing.
set -eu

usage() {
    echo "usage: $0 [--quick] [--out DIR] [--docs FILE] [--sumito PATH] [--jobs N] abalone|go" >&2
    exit 2
}

quick=0 out="" docs="" sumito=build/sumito jobs=1
while [ $# -gt 1 ]; do
    case $1 in
    --quick) quick=1 ;;
    --out) out=$2; shift ;;
    --docs) docs=$2; shift ;;
    --sumito) sumito=$2; shift ;;
    --jobs) jobs=$2; shift ;;
    *) usage ;;
    esac
    shift
done
[ $# -eq 1 ] || usage
game=$1
[ -x "$sumito" ] || { echo "$0: '$sumito' is not an executable sumito" >&2; exit 2; }
case $jobs in '' | *[!0-9]* | 0*) echo "$0: --jobs '$jobs': not a positive number" >&2; exit 2 ;; esac
[ -n "$out" ] || out=docs/experiment/$game
begin="<!-- experiment $game -->" end="<!-- /experiment $game -->"
if [ -n "$docs" ] && { ! grep -qxF "$begin" "$docs" || ! grep -qxF "$end" "$docs"; }; then
    echo "$0: --docs '$docs': no such file, or no lines '$begin' and '$end' in it" >&2
    exit 2
fi

# Per game: the tuning suite and its reference, the tuning node count, Table 1's depths and
# its time per move, the match time and games, and each method's grid (four settings, one
# config spec each, given after the method's switches).
grid_rankcut_lmr="rankcut_lmr_keep=0.05 rankcut_lmr_keep=0.02 rankcut_lmr_keep=0.1 rankcut_lmr_keep=0.5"
case $game in
abalone)
    tune_suite="--positions 60 --per-game 6 --time-per-move 0.1 --seed 2000001"
    tune_ref="--depth 7" tune_nodes=1000000 depths="4 5 6" table_time=1
    # Table 1's reference: the compare suite searched by the built-in net, 150 M nodes a
    # position (the suite's default reference is the handcrafted evaluation's).
    table_ref_file=abalone/data/compare_reference_deep.txt
    # Abalone engines start from graded reductions with a threshold of 0.03 (abalone/engine.h).
    grid_rankcut="rankcut_threshold=0.03 rankcut_threshold=0.015 rankcut_threshold=0.06 rankcut_threshold=0.0075"
    grid_futility="futility_margin=300 futility_margin=150 futility_margin=600 futility_margin=1200"
    ;;
go)
    tune_suite="--positions 40 --per-game 4 --time-per-move 0.1 --seed 2000001"
    tune_ref="--depth 6" tune_nodes=200000 depths="3 4 5" table_time=1
    # Table 1's reference: the compare suite searched by the go-influence-2 evaluation, 5 M
    # nodes a position (the suite's default reference is go-influence-1's).
    table_ref_file=go/data/compare_reference_deep.txt
    # Go's built-in RankCut table is of scheme 1 (docs/go.md): its threshold is _v1. Its cells
    # are sparse: at 200 000 nodes on a tuning position 15 of 2 972 lookups found a cell with
    # enough samples, and the threshold changed nothing, so three settings take the shallower
    # depth's cell (rankcut_backoff: 2 024 of 2 360 known at 0.1), and RankCut adjusting LMR
    # does throughout.
    grid_rankcut="rankcut_threshold_v1=0.2 rankcut_threshold_v1=0.2/rankcut_backoff=true rankcut_threshold_v1=0.1/rankcut_backoff=true rankcut_threshold_v1=0.4/rankcut_backoff=true"
    grid_rankcut_lmr="rankcut_lmr_keep=0.05/rankcut_backoff=true rankcut_lmr_keep=0.02/rankcut_backoff=true rankcut_lmr_keep=0.1/rankcut_backoff=true rankcut_lmr_keep=0.5/rankcut_backoff=true"
    grid_futility="futility_margin=300 futility_margin=100 futility_margin=600 futility_margin=1200"
    ;;
*) usage ;;
esac
grid_null_move="null_move_reduction=3 null_move_reduction=2 null_move_reduction=4 null_move_reduction=3/null_move_verify_depth=0"
grid_lmr="lmr_divisor=2.25 lmr_divisor=1.5 lmr_divisor=3 lmr_divisor=4"
grid_multicut="multicut_c=3/multicut_m=10/multicut_r=2 multicut_c=2/multicut_m=6/multicut_r=2 multicut_c=3/multicut_m=10/multicut_r=3 multicut_c=2/multicut_m=10/multicut_r=2"
grid_move_chains="move_chains_length=2 move_chains_length=1 move_chains_length=3 move_chains_length=4"
grid_probcut="probcut_t=1 probcut_t=0.5 probcut_t=1.5 probcut_t=2"
methods="rankcut null_move lmr futility multicut move_chains probcut rankcut_lmr"
match_limit="-t 0.1" match_what="0.1 s a move" match_games=200
if [ "$quick" -eq 1 ]; then
    tune_suite="--positions 4 --per-game 2 --time-per-move 0.01 --seed 2000001"
    tune_ref="--depth 2" tune_nodes=2000 depths="1 2 3" table_time=0.01
    match_limit="-d 1" match_what="depth 1" match_games=2
fi
table_suite="" table_ref="--reference $table_ref_file"
[ "$quick" -eq 0 ] || table_suite="--suite $out/tune.txt" table_ref="--reference $out/tune-ref.txt"

mkdir -p "$out"
log() { printf '%s experiment %s: %s\n' "$(date -u +%H:%M:%S)" "$game" "$*"; }

# A method's switches: RankCut alone, RankCut adjusting LMR, or one method alone ("plain"
# first: every method off, whatever the game's default search has on).
switches() {
    case $1 in
    rankcut_lmr) echo "plain,rankcut=true,lmr=true,rankcut_lmr=true" ;;
    *) echo "plain,$1=true" ;;
    esac
}

# ---- 1. The tuning suite and its reference.
if [ ! -f "$out/tune.txt" ]; then
    log "tuning suite: $sumito $game make-suite $tune_suite"
    # shellcheck disable=SC2086
    "$sumito" "$game" make-suite $tune_suite --out "$out/tune.txt.tmp"
    mv "$out/tune.txt.tmp" "$out/tune.txt"
fi
if [ ! -f "$out/tune-ref.txt" ]; then
    log "tuning reference: $sumito $game compare-reference --suite $out/tune.txt $tune_ref"
    # shellcheck disable=SC2086
    "$sumito" "$game" compare-reference --suite "$out/tune.txt" $tune_ref --out "$out/tune-ref.tmp"
    mv "$out/tune-ref.tmp" "$out/tune-ref.txt"
fi

# ---- 2. Tuning: one compare run a method over its grid; the choice goes to tuned-METHOD.
for m in $methods; do
    [ -f "$out/tuned-$m" ] && continue
    eval "grid=\$grid_$m"
    specs="" i=0
    for setting in $grid; do
        i=$((i + 1))
        specs="$specs -C $m$i:$(switches "$m"),$(echo "$setting" | tr / ,)"
    done
    log "tuning $m at $tune_nodes nodes: $grid"
    # shellcheck disable=SC2086
    "$sumito" "$game" compare --no-time -n "$tune_nodes" --suite "$out/tune.txt" \
        --reference "$out/tune-ref.txt" $specs --csv "$out/tune-$m.csv" >"$out/tune-$m.txt.tmp"
    mv "$out/tune-$m.txt.tmp" "$out/tune-$m.txt"
    # Agreement (positions the reference knows) and mean depth per setting, best first.
    awk -F, -v grid="$grid" -v m="$m" '
        NR > 1 && $8 == 1 { k = $2; n[k]++; a[k] += $9; d[k] += $4 }
        END {
            split(grid, g, " ")
            for (i = 1; (m i) in n; i++) printf "%s %.4f %.3f\n", g[i], a[m i] / n[m i], d[m i] / n[m i]
        }' "$out/tune-$m.csv" | sort -s -k2,2gr -k3,3gr >"$out/tune-$m.rank"
    [ -s "$out/tune-$m.rank" ] || { echo "$0: tuning $m gave no results" >&2; exit 1; }
    best=$(head -1 "$out/tune-$m.rank" | cut -d' ' -f1 | tr / ,)
    echo "$(switches "$m"),$best" >"$out/tuned-$m.tmp"
    mv "$out/tuned-$m.tmp" "$out/tuned-$m"
done
spec() { echo "$1:$(cat "$out/tuned-$1")"; }

# ---- 3. Table 1 and the depth at a fixed time, on the compare suite: plain alpha-beta and
# four methods a run (the compare command and its chart take at most eight configurations).
dflags=""
for d in $depths; do dflags="$dflags -d $d"; done
half=1
for part in "rankcut null_move lmr futility" "multicut move_chains probcut rankcut_lmr"; do
    if [ ! -f "$out/table$half.txt" ]; then
        specs="-C alphabeta:plain"
        for m in $part; do specs="$specs -C $(spec "$m")"; done
        log "table $half: $part at depths $depths and $table_time s a move"
        # shellcheck disable=SC2086
        "$sumito" "$game" compare $table_suite $table_ref -t "$table_time" $dflags $specs \
            --csv "$out/table$half.csv" --chart "$out/table$half.png" >"$out/table$half.tmp"
        # Agreement with a reference of another evaluator measures the evaluators, not the
        # pruning: refuse it.
        if grep -q "^warning: the reference was computed with evaluator" "$out/table$half.tmp"; then
            echo "$0: $(grep "^warning: the reference" "$out/table$half.tmp")" >&2
            exit 1
        fi
        mv "$out/table$half.tmp" "$out/table$half.txt"
    fi
    half=$((half + 1))
done

# ---- 4. Matches at 0.1 s a move (the runner resumes a match from its folder).
match() { # NAME SPEC_A SPEC_B
    if [ ! -f "$out/match-$1.txt" ]; then
        log "match $1: $2 against $3, $match_games games at $match_what"
        # shellcheck disable=SC2086
        "$sumito" "$game" match --engine "$2" --engine "$3" $match_limit \
            --games "$match_games" -j "$jobs" -o "$out/match-$1" >/dev/null
        "$sumito" match summary "$out/match-$1" >"$out/match-$1.tmp"
        mv "$out/match-$1.tmp" "$out/match-$1.txt"
    fi
}
# Elo and the interval's lower bound of a finished match.
elo() { sed -n 's/^Elo \([-+0-9.]*\) .*(95 %: \([-+0-9.]*\) to .*/\1 \2/p' "$out/match-$1.txt"; }
for m in $methods; do match "$m" "$(spec "$m")" alphabeta:plain; done
for m in $methods; do echo "$m $(elo "$m")"; done | sort -k2,2gr >"$out/elo.txt"
best=$(head -1 "$out/elo.txt" | cut -d' ' -f1)
members=$(awk '$3 > 0 { print $1 }' "$out/elo.txt")
[ "$(echo "$members" | wc -w)" -ge 2 ] || members=$(head -2 "$out/elo.txt" | cut -d' ' -f1)
combo=""
for m in $members; do combo="$combo,$(cat "$out/tuned-$m")"; done
# One switch list: every method off, then the members' switches and settings.
combo=plain,$(echo "$combo" | tr , '\n' | awk 'NF && $0 != "plain" && !seen[$0]++' | paste -sd, -)
echo $members >"$out/combo-members" # one line, the names separated by single spaces
match combination "combination:$combo" "$(spec "$best")"
match rankcut-lmr "$(spec rankcut)" "$(spec lmr)"
# The combination against the alpha-beta engine as it ships (no other settings): the default
# configuration changes only if the combination beats it. (Go's default engine is the Monte
# Carlo search, which this experiment on alpha-beta's pruning does not measure.)
match default "combination:$combo" "default:search=alphabeta"

# ---- 5. The report.
report=$out/report.md
{
    # The binary's own commit: with --sumito the repository may have moved on since it was built.
    echo "Made by \`tools/experiment.sh $game\` with sumito at commit $("$sumito" --version | sed -n 's/^commit: //p')," \
        "$(date -u +%Y-%m-%d)$([ "$quick" -eq 0 ] || echo ' (--quick: the budgets of a test; the figures mean nothing)')."
    echo
    echo "**Tuning** (the same budget for every method: four settings, $tune_nodes nodes a position on a"
    echo "self-play suite, \`$game make-suite $tune_suite\`, against \`compare-reference $tune_ref\`;"
    echo "kept: the greatest agreement, then the greatest mean depth):"
    echo
    echo "| method | setting | agreement | mean depth |"
    echo "|---|---|---|---|"
    for m in $methods; do
        awk -v m="$m" 'NR == 1 { mark = " (kept)" } { printf "| %s | %s%s | %.1f %% | %.2f |\n", m, $1, mark, 100 * $2, $3; mark = "" }' \
            "$out/tune-$m.rank" | tr / ,
    done
    echo
    echo "**Table 1** (the compare suite against \`$table_ref_file\`, depths $depths, and"
    echo "$table_time s a move; two runs of four methods each beside plain alpha-beta):"
    for half in 1 2; do
        echo
        echo '```'
        sed -n '/^$/,$p' "$out/table$half.txt" | sed '1{/^$/d}; /^chart: /d'
        echo '```'
        echo
        echo "![depth at $table_time s a move and nodes at fixed depths]($game-experiment-$half.png)"
    done
    echo
    echo "**Matches** ($match_games games each at $match_what, paired openings):"
    echo
    echo "| match | W-D-L | score | Elo (95 % interval) |"
    echo "|---|---|---|---|"
    for m in $methods combination rankcut-lmr default; do
        case $m in
        combination) name="combination ($(cat "$out/combo-members")) against $best" ;;
        rankcut-lmr) name="rankcut against lmr" ;;
        default) name="combination against the default configuration" ;;
        *) name="$m against plain alpha-beta" ;;
        esac
        wdl=$(sed -n 's/.*(W-D-L \([0-9-]*\)).*/\1/p' "$out/match-$m.txt")
        score=$(sed -n 's/^score \(.*\)/\1/p' "$out/match-$m.txt")
        e=$(sed -n 's/^Elo \(.*\), from.*/\1/p' "$out/match-$m.txt")
        echo "| $name | $wdl | $score | $e |"
    done
    echo
    echo "Configurations: $(for m in $methods; do printf '`%s` ' "$(spec "$m")"; done)"
    echo "and the combination \`combination:$combo\`."
} >"$report.tmp"
mv "$report.tmp" "$report"
log "report: $report"

if [ -n "$docs" ]; then
    for half in 1 2; do cp "$out/table$half.png" "$(dirname "$docs")/$game-experiment-$half.png"; done
    awk -v b="$begin" -v e="$end" -v r="$report" '
        $0 == b { print; while ((getline l < r) > 0) print l; skip = 1; next }
        $0 == e { skip = 0 }
        !skip' "$docs" >"$docs.tmp"
    mv "$docs.tmp" "$docs"
    log "report written into $docs"
fi
