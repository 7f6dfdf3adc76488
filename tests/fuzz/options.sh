# SPDX-License-Identifier: MIT
# What every fuzzing run shares, sourced by run.sh and compare.sh.

# GLib's slice allocator keeps the lists, hash tables, strings and errors it hands out in its
# own blocks, where LeakSanitizer cannot see one that is lost: plain malloc, as make test has.
export G_SLICE=always-malloc

# libFuzzer's options, a list to expand unquoted: an input may take 20 s and 2 GiB and be
# 64 KiB long.
FUZZ_OPTIONS="-timeout=20 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1"

# The executions that the log of a run ($1) reports.
fuzz_executions() {
    sed -n 's/^stat::number_of_executed_units: *//p' "$1" | tail -1
}
