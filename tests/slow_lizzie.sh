# SPDX-License-Identifier: MIT
# `sumito go gtp` as the engine of Lizzie (Debian's liblizzie-java, 0.7.4), a real analysis
# board, on a virtual X display (Xvfb): Lizzie loads a short 9x9 game, replays it to the engine,
# asks for live analysis (lz-analyze) and draws it. The engine's GTP traffic is logged both ways
# by a wrapper; the test fails when Lizzie never asks for analysis, when sumito refuses one of
# its commands or answers no `info` line, when Lizzie reports an exception (a line it could not
# parse), or when the screenshot of its window shows no analysis: Lizzie paints the circle of
# the most visited move cyan, a colour found nowhere else in its window. Run by make test-slow;
# SUMITO_LIZZIE_SHOT=FILE.png keeps the screenshot (docs/images/lizzie.png is made so).
. "$(dirname "$0")/tap.sh"
JAR=/usr/share/java/lizzie.jar
for need in Xvfb java import convert; do
    if ! command -v $need >/dev/null 2>&1 || [ ! -e $JAR ]; then
        echo "1..0 # SKIP Xvfb, java, ImageMagick or Lizzie ($JAR) is missing"
        exit 0
    fi
done
SUMITO=$(cd "$(dirname "$SUMITO")" && pwd)/$(basename "$SUMITO")
W=960 H=600

# A display of its own: Xvfb picks a free number and writes it to descriptor 3.
Xvfb -displayfd 3 -screen 0 ${W}x${H}x24 -nolisten tcp 3>"$TMP/display" 2>"$TMP/xvfb.log" &
xvfb=$!
i=0
while [ $i -lt 100 ] && ! grep -q '[0-9]' "$TMP/display" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
DISPLAY=:$(tr -dc 0-9 <"$TMP/display")
export DISPLAY

# Lizzie reads ~/.config/leela-zero/lizzie-config.txt and ~/.local/share/leela-zero/lizzie-persist
# (Debian's paths) under java's user.home: a private one, the window over the whole display,
# a plain board (the wood texture makes the picture five times larger), sumito as the engine.
# Lizzie 0.7.4 wants Leela Zero's version 0.15 or later, else it stops on a dialog box.
mkdir -p "$TMP/home/.config/leela-zero" "$TMP/home/.local/share/leela-zero"
cat >"$TMP/engine.sh" <<EOF
#!/bin/sh
tee "$TMP/to-engine.log" | "$SUMITO" go gtp --set search=mcts --override-version 0.17 \
    | tee "$TMP/from-engine.log"
EOF
cat >"$TMP/home/.config/leela-zero/lizzie-config.txt" <<EOF
{"leelaz": {"engine-command": "sh $TMP/engine.sh", "analyze-update-interval-centisec": 50},
 "ui": {"fancy-board": false, "resume-previous-game": true, "confirm-exit": false}}
EOF
# The game Lizzie resumes (its autosave, played to its end): five 9x9 moves.
cat >"$TMP/home/.local/share/leela-zero/lizzie-persist" <<EOF
{"autosave": "(;GM[1]FF[4]SZ[9]KM[7.5];B[ee];W[cg];B[gc];W[gf];B[ff])",
 "ui-persist": {"main-window-position": [0, 0, $W, $H], "window-maximized": false}}
EOF
java -Duser.home="$TMP/home" -jar $JAR >"$TMP/lizzie.log" 2>&1 &
lizzie=$!
trap 'kill $lizzie $xvfb 2>/dev/null; rm -rf "$TMP"' EXIT

# The info lines answering Lizzie's last lz-analyze (its number echoed alone: "=12").
analysis_lines() {
    id=$(sed -n 's/^\([0-9]*\) lz-analyze.*/\1/p' "$TMP/to-engine.log" 2>/dev/null | tail -1)
    if [ -z "$id" ]; then echo 0; else
        sed -n "/^=$id\$/,\$p" "$TMP/from-engine.log" | grep -c '^info move'; fi
}
# Until the last move is played and three lines answer the analysis after it, five minutes at
# most (Java starts slowly on a busy machine: over two minutes beside two compilers).
end=$(($(date +%s) + 300))
while [ "$(date +%s)" -lt $end ] && kill -0 $lizzie 2>/dev/null &&
    ! { grep -q 'play B F4' "$TMP/to-engine.log" 2>/dev/null && [ "$(analysis_lines)" -ge 3 ]; }; do
    sleep 0.2
done
# Lizzie repaints at its own pace: a screenshot a second until one shows the circle of the most
# visited move (pixels with little red and much green and blue: min(255 - R, G, B) above 60 %
# of 255), a minute at most.
cyan=0
end=$(($(date +%s) + 60))
while [ "$(date +%s)" -lt $end ] && [ "$cyan" -lt 300 ]; do
    sleep 1
    import -window root "$TMP/shot.png" 2>>"$TMP/import.log"
    cyan=$(convert "$TMP/shot.png" -channel R -negate +channel -separate \
        -evaluate-sequence min -threshold 60% -format '%[fx:round(mean*w*h)]' info: \
        2>>"$TMP/import.log")
    cyan=${cyan:-0}
done
[ -z "$SUMITO_LIZZIE_SHOT" ] || convert "$TMP/shot.png" -strip +dither -colors 48 "$SUMITO_LIZZIE_SHOT"
kill $lizzie 2>/dev/null
wait $lizzie 2>/dev/null
kill $xvfb 2>/dev/null
wait $xvfb 2>/dev/null

# none_of PATTERN FILE: "none" when no line of FILE matches, else the lines that do.
none_of() {
    if grep -E -- "$1" "$2"; then return 1; fi
    echo none
}

check "lizzie replays the game to sumito" 0 'play B F4' -- cat "$TMP/to-engine.log"
check "lizzie asks for analysis" 0 '^[0-9]+ lz-analyze 50$' -- cat "$TMP/to-engine.log"
check "sumito refuses none of lizzie's commands" 0 '^none$' -- none_of '^\?' "$TMP/from-engine.log"
check "sumito answers lz-analyze with info lines" 0 '^[3-9]$|^[1-9][0-9]+$' -- analysis_lines
check "lizzie parses every line" 0 '^none$' -- none_of 'Exception|Error' "$TMP/lizzie.log"
check "the screenshot shows lizzie's best move circle" 0 '^cyan pixels: ([3-9][0-9]{2}|[0-9]{4,})$' \
    -- echo "cyan pixels: $cyan"
tap_done
