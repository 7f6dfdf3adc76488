# SPDX-License-Identifier: MIT
# Go through the JSON API of `sumito serve` (tests/serve_go_api.mjs, through Node.js):
# sessions of every size with komi and handicap, refusals, a game between two engines to its
# count, its SGF and its PNG.
. "$(dirname "$0")/tap.sh"
SUMITO=$SUMITO tap_node "$(dirname "$0")/serve_go_api.mjs"
tap_done
