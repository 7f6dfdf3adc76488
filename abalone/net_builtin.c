// SPDX-License-Identifier: MIT
// The built-in net for Abalone: the file below, made by the commands docs/nets.md gives
// (The shipped net), embedded as it is and read once, on first use.
#include "abalone/engine.h"

#include "abalone/features.h"
#include "core/embed.h"

#include <pthread.h>

EMBED_FILE(abalone_net_default, ABALONE_NET_BUILTIN_FILE);

const char *abalone_net_builtin_file(void)
{
    return ABALONE_NET_BUILTIN_FILE;
}

const uint8_t *abalone_net_builtin(size_t *size)
{
    *size = (size_t)(abalone_net_default_end - abalone_net_default);
    return abalone_net_default;
}

static Net builtin_net;

static void builtin_net_load(void)
{
    size_t size;
    const uint8_t *data = abalone_net_builtin(&size);
    GError *err = NULL;
    // tests/test_abalone_net.c loads it in every build: a failure here is a broken build.
    if (!net_load_data(&builtin_net, data, size, "the built-in net", ABALONE_NET_FEATURE_SET,
                       ABALONE_NET_INPUTS, &err))
        g_error("%s", err->message);
}

// Once, by whichever thread asks first (pthread_once, which ThreadSanitizer follows, unlike
// GLib's g_once inside the uninstrumented library).
const Net *abalone_net_builtin_net(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, builtin_net_load);
    return &builtin_net;
}
