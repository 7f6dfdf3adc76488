#!/bin/sh
# SPDX-License-Identifier: MIT
# A misbehaving Abalone engine for the match runner's tests: it speaks enough of the engine
# protocol to start and set up games, then answers every search as its mode says:
#   crash    exits with status 3
#   hang     never answers
#   illegal  answers a move that is not legal
#   garbage  answers a line that is no move at all
#   slow     resigns after a second
mode=$1
while IFS= read -r line; do
    case $line in
    aep) printf 'id name fake-%s\naepok\n' "$mode" ;;
    isready) printf 'readyok\n' ;;
    quit) exit 0 ;;
    go*)
        case $mode in
        crash) exit 3 ;;
        hang) exec sleep 3600 ;;
        illegal) printf 'bestmove a1a2\n' ;;
        slow) sleep 1; printf 'bestmove none\n' ;;
        *) printf 'bestmove ?!\n' ;;
        esac
        ;;
    esac
done
