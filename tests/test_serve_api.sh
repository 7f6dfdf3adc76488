# SPDX-License-Identifier: MIT
# `sumito serve`: its options, then its JSON API with good and bad input (tests/serve_api.mjs,
# through Node.js). The TAP numbers of the two parts are joined into one plan.
. "$(dirname "$0")/tap.sh"
S=$SUMITO
check "serve bad host" 2 "--host must be an IP address" -- $S serve --host nowhere
check "serve bad port" 2 "--port must be from 0 to 65535" -- $S serve --port 70000
check "serve argument" 2 "unexpected argument 'x'" -- $S serve x
check "serve help" 0 "--max-sessions" -- $S serve --help
SUMITO=$S node "$(dirname "$0")/serve_api.mjs" >"$TMP/api.tap" 2>&1
rc=$?
sed -n '/^1\.\./!p' "$TMP/api.tap" | awk -v base=$tap_n '
    /^(ok|not ok) [0-9]+/ { n = ($1 == "ok") ? $2 : $3; sub(" " n " ", " " n + base " "); }
    { print }'
count=$(grep -c '^\(ok\|not ok\) ' "$TMP/api.tap")
tap_n=$((tap_n + count))
[ $rc -eq 0 ] || tap_failed=1
grep -q '^Bail out!' "$TMP/api.tap" && tap_failed=1
tap_done
