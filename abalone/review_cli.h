// SPDX-License-Identifier: MIT
// `sumito abalone review FILE [options]`: the engine's review of the games of a record file
// (abalone/review.h; docs/abalone.md, Review).
#ifndef ABALONE_REVIEW_CLI_H
#define ABALONE_REVIEW_CLI_H

// Runs the command (argv[0] is "review"); returns the exit status (EXIT_BAD_INPUT for bad
// options or input).
int abalone_review_main(int argc, char **argv);

#endif
