// SPDX-License-Identifier: MIT
// Statistics for comparing search configurations: Wilson score intervals for an agreement
// rate and McNemar's exact test for paired agreement (search notes, section 3.1).
#ifndef CORE_STATS_H
#define CORE_STATS_H

#include <stdint.h>

// The Wilson score interval of k successes in n trials at normal quantile z (1.96: 95%).
void stats_wilson(uint64_t k, uint64_t n, double z, double *lo, double *hi);

// McNemar's exact two-sided test: b pairs where only the first succeeded, c where only the
// second did; the p-value of b vs c under Binomial(b + c, 1/2). 1 when b + c = 0.
double stats_mcnemar_p(uint64_t b, uint64_t c);

// Median of n values (sorts them in place).
double stats_median(double *v, int n);

#endif
