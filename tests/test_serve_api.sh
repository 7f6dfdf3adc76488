# SPDX-License-Identifier: MIT
# `sumito serve`: its options, then its JSON API with good and bad input (tests/serve_api.mjs,
# through Node.js).
. "$(dirname "$0")/tap.sh"
S=$SUMITO
check "serve bad host" 2 "--host must be an IP address" -- $S serve --host nowhere
check "serve bad port" 2 "--port must be from 0 to 65535" -- $S serve --port 70000
check "serve argument" 2 "unexpected argument 'x'" -- $S serve x
check "serve help" 0 "--max-sessions" -- $S serve --help
SUMITO=$S tap_node "$(dirname "$0")/serve_api.mjs"
tap_done
