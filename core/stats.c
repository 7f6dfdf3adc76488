// SPDX-License-Identifier: MIT
// Wilson intervals, McNemar's exact test and medians.
#include "core/stats.h"

#include <math.h>
#include <stdlib.h>

void stats_wilson(uint64_t k, uint64_t n, double z, double *lo, double *hi)
{
    if (n == 0) {
        *lo = 0, *hi = 1;
        return;
    }
    double p = (double)k / (double)n, nn = (double)n, z2 = z * z;
    double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
    double half = z * sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / (1 + z2 / nn);
    *lo = fmax(0.0, centre - half);
    *hi = fmin(1.0, centre + half);
}

double stats_mcnemar_p(uint64_t b, uint64_t c)
{
    uint64_t n = b + c, k = b < c ? b : c;
    if (n == 0) return 1.0;
    // 2 * P(X <= k), X ~ Binomial(n, 1/2), summed in logs to stay finite for large n.
    double sum = 0;
    for (uint64_t i = 0; i <= k; i++) {
        double logp = lgamma((double)n + 1) - lgamma((double)i + 1) - lgamma((double)(n - i) + 1) -
                      (double)n * log(2.0);
        sum += exp(logp);
    }
    double p = 2 * sum;
    return p > 1 ? 1 : p;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double stats_median(double *v, int n)
{
    if (n <= 0) return 0;
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}
