# SPDX-License-Identifier: MIT
# `sumito net`: info on a good net file (tests/data/net_fixed4.nnue, the fixed net of
# tests/test_net.c, which checks the fixture's bytes) and the refusal of damaged ones (the
# reason, exit status 2); SUMITO_NET_SIMD=scalar choosing the scalar path; a short bench.
. "$(dirname "$0")/tap.sh"
S=$SUMITO
NET="$(dirname "$0")/data/net_fixed4.nnue"

check "info feature set" 0 '^feature set +test-fixed$' -- $S net info "$NET"
check "info sizes" 0 '^layers +4 -> 2x128 -> 16 -> 16 -> 1$' -- $S net info "$NET"
check "info content hash" 0 '^content hash +[0-9a-f]{16}$' -- $S net info "$NET"
check "info file size" 0 '^file size +5893 bytes$' -- $S net info "$NET"
check "info provenance" 0 '^provenance +fixed test net' -- $S net info "$NET"
check "info path" 0 '^inference +(avx2|scalar)$' -- $S net info "$NET"
check "info forced scalar" 0 '^inference +scalar$' -- env SUMITO_NET_SIMD=scalar $S net info "$NET"

head -c 1000 "$NET" >"$TMP/short.nnue"
check "truncated" 2 'short.nnue: truncated at byte 1000 \(expected 5893 bytes\)' -- \
    $S net info "$TMP/short.nnue"
cp "$NET" "$TMP/flipped.nnue"
printf '\100' | dd of="$TMP/flipped.nnue" bs=1 seek=2000 conv=notrunc 2>/dev/null
check "flipped byte" 2 'flipped.nnue: checksum mismatch \(file says [0-9a-f]{16}, contents give [0-9a-f]{16}\)' -- \
    $S net info "$TMP/flipped.nnue"
{ cat "$NET"; printf 'x'; } >"$TMP/long.nnue"
check "extra byte" 2 'long.nnue: 1 byte after the end of the net' -- $S net info "$TMP/long.nnue"
echo "not a net" >"$TMP/text.nnue"
check "bad magic" 2 'text.nnue: bad magic' -- $S net info "$TMP/text.nnue"
check "missing file" 2 'No such file' -- $S net info "$TMP/none.nnue"
check "the built-in net" 0 'source +built-in Abalone net \(abalone/data/abalone-[0-9a-f]{12}\.nnue\)' -- $S net info
check "its provenance" 0 'command: sumito net train' -- $S net info
check "two files" 2 "unexpected argument" -- $S net info "$NET" "$NET"

check "bench" 0 '^scalar +[0-9.]+ +[0-9.]+ +[0-9.]+$' -- $S net bench --runs 1 --calls 1000
check "bench on a file" 0 '^net bench: 4 inputs' -- $S net bench --runs 1 --calls 1000 "$NET"
check "bench rows" 2 '--rows must be 0 to 64' -- $S net bench --rows 99
check "unknown subcommand" 2 "unknown command 'sumito net frob'" -- $S net frob
tap_done
