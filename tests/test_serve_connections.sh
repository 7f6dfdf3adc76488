# SPDX-License-Identifier: MIT
# `sumito serve` closes every connection it answers (tests/serve_connections.mjs, Node.js):
# thousands of connections, event streams among them, under a limit of 64 open files.
. "$(dirname "$0")/tap.sh"
SUMITO=$SUMITO tap_node "$(dirname "$0")/serve_connections.mjs"
tap_done
