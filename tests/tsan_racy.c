// SPDX-License-Identifier: MIT
// A deliberate data race, built only by BUILD=tsan: two threads increment one plain int with
// nothing between them. tests/tsan_racy.sh wants ThreadSanitizer to report it, which shows that
// the flavour really detects races.
#include <pthread.h>
#include <stdio.h>

static int counter;

static void *bump(void *arg)
{
    for (int i = 0; i < 1000; i++) counter++;
    return arg;
}

int main(void)
{
    pthread_t a, b;
    if (pthread_create(&a, NULL, bump, NULL) || pthread_create(&b, NULL, bump, NULL)) return 1;
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    printf("counter %d\n", counter);
    return 0;
}
