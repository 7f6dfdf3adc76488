# SPDX-License-Identifier: MIT
# `sumito serve`: an Abalone record loaded, stepped through, analysed and played on from an
# earlier ply, through the JSON API (tests/serve_review_api.mjs, through Node.js).
. "$(dirname "$0")/tap.sh"
SUMITO=$SUMITO tap_node "$(dirname "$0")/serve_review_api.mjs"
tap_done
