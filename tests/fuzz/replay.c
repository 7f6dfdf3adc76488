// SPDX-License-Identifier: MIT
// Replays a fuzzing target's inputs through the normal build: every file of tests/fuzz/NAME/
// (NAME from the program's name, fuzz_replay_NAME) is given to LLVMFuzzerTestOneInput once,
// as one TAP test each. A crash, a sanitizer report or a hang of make test's time limit is
// the failure; arguments (prove's --seed) are ignored.
#include <stdio.h>
#include <string.h>

#include "tests/fuzz/fuzz.h"

static int compare_names(gconstpointer a, gconstpointer b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
    char *base = g_path_get_basename(argv[0]);
    const char *name = g_str_has_prefix(base, "fuzz_replay_") ? base + 12 : base;
    char *dir = g_build_filename(FUZZ_CORPUS_DIR, name, NULL);
    GError *err = NULL;
    GDir *d = g_dir_open(dir, 0, &err);
    if (!d) {
        printf("Bail out! %s\n", err->message);
        return 1;
    }
    GPtrArray *files = g_ptr_array_new_with_free_func(g_free);
    for (const char *f; (f = g_dir_read_name(d));) g_ptr_array_add(files, g_strdup(f));
    g_dir_close(d);
    g_ptr_array_sort(files, compare_names);
    printf("1..%u\n", files->len);
    int failed = 0;
    for (guint i = 0; i < files->len; i++) {
        char *path = g_build_filename(dir, (char *)files->pdata[i], NULL), *data = NULL;
        gsize size = 0;
        bool ok = g_file_get_contents(path, &data, &size, &err);
        if (ok) LLVMFuzzerTestOneInput((const uint8_t *)data, size);
        printf("%s %u %s/%s\n", ok ? "ok" : "not ok", i + 1, name, (char *)files->pdata[i]);
        if (!ok) printf("# %s\n", err->message), g_clear_error(&err), failed = 1;
        fflush(stdout);
        g_free(data);
        g_free(path);
    }
    g_ptr_array_free(files, TRUE);
    g_free(dir);
    g_free(base);
    return failed;
}
