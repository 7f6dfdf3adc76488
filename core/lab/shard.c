// SPDX-License-Identifier: MIT
// Shards of a self-play job by game number and their merge (core/lab/shard.h).
#include "core/lab/shard.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include "base/file.h"
#include "base/number.h"
#include "core/lab/lab.h"
#include "core/lab/probcut_fit.h"
#include "core/lab/rankcut_report.h"
#include "nets/data.h"

#define SHARD_MAX 100000

static const struct {
    const char *command;
    ShardKind kind;
} kinds[] = {{"match", SHARD_MATCH},
             {"gen-data", SHARD_GENDATA},
             {"rankcut-collect", SHARD_RANKCUT},
             {"probcut-fit", SHARD_PROBCUT},
             {"compare-reference", SHARD_REFERENCE},
             {"review", SHARD_REVIEW}};

// The value of option --long or -s at job[*i] (--long V, --long=V, -s V), moving *i past it;
// NULL when job[*i] is not that option.
static const char *option_value(char **job, int *i, const char *lng, const char *shrt)
{
    size_t n = strlen(lng);
    if (!strncmp(job[*i], lng, n) && job[*i][n] == '=') return job[*i] + n + 1;
    if (strcmp(job[*i], lng) && (!shrt || strcmp(job[*i], shrt))) return NULL;
    if (!job[*i + 1]) return NULL;
    return job[++*i];
}

// The job's options the shards change: --games (or -g), --first-game, --out (or -o), and
// whether --shard is given; the others are copied into args.
typedef struct {
    int64_t games, first;
    const char *out;
    bool shard;
} ShardJob;

static bool job_parse(char **job, ShardJob *j, GPtrArray *args)
{
    *j = (ShardJob){-1, 0, NULL, false};
    for (int i = 2; job[i]; i++) {
        const char *v, *name = job[i];
        int64_t *num = NULL;
        if ((v = option_value(job, &i, "--games", "-g")))
            num = &j->games;
        else if ((v = option_value(job, &i, "--first-game", NULL)))
            num = &j->first;
        else if ((v = option_value(job, &i, "--out", "-o")))
            j->out = v;
        else if ((v = option_value(job, &i, "--shard", NULL)))
            j->shard = true;
        else if (!strcmp(name, "--"))
            return lab_error("shard: the job takes no --"), false;
        else
            g_ptr_array_add(args, g_strdup(name));
        NumberParse r = num ? number_parse_int(v, 0, 1000000000, num) : NUMBER_OK;
        if (r != NUMBER_OK) return lab_error("shard: %s %s %s", name, v, number_problem(r)), false;
    }
    return true;
}

// Builds t->argv from the job's other options and the shard's share.
static bool task_argv(ShardTask *t, char **job, const ShardJob *j, GPtrArray *args)
{
    int64_t k = t->index, n = t->count, unit = t->kind == SHARD_MATCH ? 2 : 1;
    int64_t units = j->games / unit, from = units * k / n, to = units * (k + 1) / n;
    if (t->kind == SHARD_REFERENCE) {
        if (j->shard) return lab_error("shard: compare-reference makes its own --shard"), false;
        g_ptr_array_add(args, g_strdup_printf("--shard=%d/%d", t->index + 1, t->count));
    } else if (j->games < 0) {
        return lab_error("shard: %s %s needs --games N", job[0], job[1]), false;
    } else if (j->games % unit) {
        return lab_error("shard: a match's --games must be even, not %d", (int)j->games), false;
    } else if (to == from) {
        return true; // more shards than games: nothing for this one
    } else {
        g_ptr_array_add(args, g_strdup_printf("--first-game=%d", (int)(j->first + from * unit)));
        g_ptr_array_add(args, g_strdup_printf("--games=%d", (int)((to - from) * unit)));
    }
    g_ptr_array_add(args, g_strdup_printf("--out=%s", t->out));
    g_ptr_array_add(args, NULL);
    t->argv = (char **)g_ptr_array_steal(args, NULL);
    return true;
}

bool shard_task_make(char **job, int index, int count, ShardTask *t)
{
    *t = (ShardTask){0, index, count, NULL, NULL, NULL, NULL};
    if (!job[0] || !job[1]) return lab_error("shard: no job (GAME COMMAND [options...])"), false;
    int kind = -1;
    for (int i = 0; i < (int)G_N_ELEMENTS(kinds); i++)
        if (!strcmp(job[1], kinds[i].command)) kind = i;
    if (kind < 0)
        return lab_error("shard: %s is not a job made of shards (match, gen-data, "
                         "rankcut-collect, probcut-fit, compare-reference, review)",
                         job[1]),
               false;
    t->kind = kinds[kind].kind;
    GPtrArray *args = g_ptr_array_new_with_free_func(g_free);
    g_ptr_array_add(args, g_strdup("sumito"));
    g_ptr_array_add(args, g_strdup(job[0]));
    g_ptr_array_add(args, g_strdup(job[1]));
    ShardJob j;
    bool ok = job_parse(job, &j, args);
    if (ok && !j.out) ok = (lab_error("shard: the job needs --out"), false);
    if (ok) {
        t->job_out = g_strdup(j.out);
        char *dir = g_strconcat(j.out, ".shards", NULL);
        t->out = g_strdup_printf("%s/%d", dir, index);
        t->mark = g_strconcat(t->out, ".done", NULL);
        if (g_mkdir_with_parents(dir, 0777) != 0)
            ok = (lab_error("cannot create the folder %s: %s", dir, g_strerror(errno)), false);
        g_free(dir);
    }
    ok = ok && task_argv(t, job, &j, args);
    g_ptr_array_free(args, TRUE);
    if (!ok) shard_task_clear(t);
    return ok;
}

bool shard_task_parse(const char *spec, char **job, ShardTask *t)
{
    const char *slash = spec ? strchr(spec, '/') : NULL;
    int64_t k = -1, n = 0;
    if (slash) {
        char *head = g_strndup(spec, (size_t)(slash - spec));
        if (number_parse_int(head, 0, SHARD_MAX - 1, &k) != NUMBER_OK ||
            number_parse_int(slash + 1, 1, SHARD_MAX, &n) != NUMBER_OK)
            k = -1;
        g_free(head);
    }
    if (k < 0 || k >= n)
        return lab_error("shard: '%s' is not K/N, shard K (from 0) of N, N at most %d",
                         spec ? spec : "", SHARD_MAX),
               false;
    return shard_task_make(job, (int)k, (int)n, t);
}

// Runs this program with argv ("sumito" first), its output ours; returns its exit status.
static int run_self(char **argv)
{
    int n = (int)g_strv_length(argv), status;
    char **all = g_new0(char *, n + 2);
    all[0] = "/proc/self/exe";
    memcpy(all + 1, argv, sizeof *all * (size_t)n);
    GError *err = NULL;
    bool ok =
        g_spawn_sync(NULL, all, NULL, G_SPAWN_FILE_AND_ARGV_ZERO | G_SPAWN_CHILD_INHERITS_STDIN,
                     NULL, NULL, NULL, NULL, &status, &err);
    g_free(all);
    if (!ok) return lab_report(err);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// The text of a finished shard's mark: its command line.
static char *mark_text(const ShardTask *t)
{
    if (!t->argv) return g_strdup("no games\n");
    char *line = g_strjoinv(" ", t->argv);
    char *text = g_strconcat(line, "\n", NULL);
    g_free(line);
    return text;
}

int shard_task_run(const ShardTask *t)
{
    int rc = t->argv ? run_self(t->argv) : 0;
    if (rc != 0) return rc;
    char *text = mark_text(t);
    GError *err = NULL;
    if (!file_write_atomic(t->mark, text, strlen(text), &err)) rc = lab_report(err);
    g_free(text);
    return rc;
}

void shard_task_clear(ShardTask *t)
{
    g_strfreev(t->argv);
    g_free(t->out);
    g_free(t->mark);
    g_free(t->job_out);
    t->argv = NULL, t->out = t->mark = t->job_out = NULL;
}

// Whether shard t has finished, as this job's shard; prints what is wrong otherwise.
static bool task_finished(const ShardTask *t)
{
    char *want = mark_text(t), *have = NULL;
    bool ok = false;
    if (t->argv && !g_file_test(t->out, G_FILE_TEST_EXISTS))
        lab_error("shard %d of %d is missing: no %s (run it)", t->index, t->count, t->out);
    else if (!g_file_get_contents(t->mark, &have, NULL, NULL))
        lab_error("shard %d of %d has not finished: no %s (run it again: it resumes)", t->index,
                  t->count, t->mark);
    else if (strcmp(have, want) != 0)
        lab_error("shard %d of %d is of another job: %s holds %.200s", t->index, t->count, t->mark,
                  have);
    else
        ok = true;
    g_free(want);
    g_free(have);
    return ok;
}

// Appends the game blocks of the files, in order, to a new data file at out whose header is
// the first file's with the provenance of the one-machine command.
static bool merge_data(char **files, const char *out, const char *provenance, GError **err)
{
    NetDataWriter *w = NULL;
    bool ok = true;
    for (int i = 0; ok && files[i]; i++) {
        NetData d = {0};
        if (!(ok = net_data_load(&d, files[i], err))) break;
        if (!w) {
            NetDataHeader h;
            net_data_header_copy(&h, &d.header);
            g_free(h.provenance);
            h.provenance = g_strdup(provenance);
            ok = (w = net_data_writer_open(out, &h, NULL, err)) != NULL;
            net_data_header_free(&h);
        }
        for (size_t r = 0; ok && r < d.count; r++) {
            NetDataRecord rec;
            net_data_get(&d, r, &rec);
            net_data_writer_add(w, &rec);
            if (r + 1 == d.count || d.pos[r + 1].game != d.pos[r].game)
                ok = net_data_writer_end_game(w, err);
        }
        net_data_free(&d);
    }
    if (w) net_data_writer_close(w);
    return ok;
}

// Concatenates the files into out (a reference's shards).
static bool merge_text(char **files, const char *out, GError **err)
{
    GString *all = g_string_new(NULL);
    bool ok = true;
    for (int i = 0; ok && files[i]; i++) {
        char *text;
        size_t len;
        if ((ok = file_read_all(files[i], (size_t)1 << 30, &text, &len, err))) {
            g_string_append_len(all, text, (gssize)len);
            g_free(text);
        }
    }
    ok = ok && file_write_atomic(out, all->str, all->len, err);
    g_string_free(all, TRUE);
    return ok;
}

// Results files (a review's): the first line, the options, the same in every file and kept once,
// then each file's lines in order.
static bool merge_results(char **files, const char *out, GError **err)
{
    GString *all = g_string_new(NULL);
    char *header = NULL;
    bool ok = true;
    for (int i = 0; ok && files[i]; i++) {
        char *text;
        if (!(ok = file_read_all(files[i], FILE_READ_MAX, &text, NULL, err))) break;
        size_t len = strcspn(text, "\n");
        if (!header) {
            header = g_strndup(text, len);
            g_string_append_printf(all, "%s\n", header);
        } else if (strlen(header) != len || strncmp(header, text, len) != 0) {
            g_set_error(err, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                        "%s was made with other options than %s (its first line differs)", files[i],
                        files[0]);
            ok = false;
        }
        if (ok && text[len]) g_string_append(all, text + len + 1);
        g_free(text);
    }
    ok = ok && file_write_atomic(out, all->str, all->len, err);
    g_free(header);
    g_string_free(all, TRUE);
    return ok;
}

// Merges the finished shards' files (NULL-terminated) into the job's OUT.
static int merge_files(ShardKind kind, char **files, char **job, const char *out)
{
    int n = (int)g_strv_length(files);
    if (kind == SHARD_MATCH) {
        GPtrArray *argv = g_ptr_array_new();
        const char *head[] = {"sumito", "match", "merge", "--out", out};
        for (int i = 0; i < (int)G_N_ELEMENTS(head); i++) g_ptr_array_add(argv, (char *)head[i]);
        for (int i = 0; i < n; i++) g_ptr_array_add(argv, files[i]);
        g_ptr_array_add(argv, NULL);
        int rc = run_self((char **)argv->pdata);
        g_ptr_array_free(argv, TRUE);
        return rc;
    }
    if (kind == SHARD_RANKCUT) return rankcut_report_merge(n, files, out);
    if (kind == SHARD_PROBCUT) return probcut_fit_merge(n, files, out);
    GError *err = NULL;
    bool ok;
    if (kind == SHARD_REFERENCE) {
        ok = merge_text(files, out, &err);
    } else if (kind == SHARD_REVIEW) {
        ok = merge_results(files, out, &err);
    } else {
        char *line = g_strjoinv(" ", job), *command = g_strconcat("sumito ", line, NULL);
        char *tmp = g_strconcat(out, ".merging", NULL);
        remove(tmp);
        ok = merge_data(files, tmp, command, &err);
        if (ok && rename(tmp, out) != 0)
            ok = (g_set_error(&err, G_FILE_ERROR, g_file_error_from_errno(errno),
                              "cannot rename %s to %s: %s", tmp, out, g_strerror(errno)),
                  false);
        if (!ok) remove(tmp);
        g_free(line), g_free(command), g_free(tmp);
    }
    return ok ? 0 : lab_report(err);
}

static int shard_merge(const char *count, char **job)
{
    int64_t n;
    if (!count || number_parse_int(count, 1, SHARD_MAX, &n) != NUMBER_OK)
        return lab_error("shard merge: '%s' is not a number of shards, 1 to %d", count ? count : "",
                         SHARD_MAX);
    GPtrArray *files = g_ptr_array_new_with_free_func(g_free);
    ShardTask t = {0};
    bool ok = true;
    for (int k = 0; k < n && ok; k++) {
        shard_task_clear(&t);
        if ((ok = shard_task_make(job, k, (int)n, &t) && task_finished(&t)) && t.argv)
            g_ptr_array_add(files, g_strdup(t.out));
    }
    int rc = EXIT_BAD_INPUT;
    if (ok && files->len == 0) {
        lab_error("shard merge: no shard has games");
    } else if (ok) {
        g_ptr_array_add(files, NULL);
        rc = merge_files(t.kind, (char **)files->pdata, job, t.job_out);
        if (rc == 0)
            printf("%s: %d shards merged (%u not empty)\n", t.job_out, (int)n, files->len - 1);
    }
    shard_task_clear(&t);
    g_ptr_array_free(files, TRUE);
    return rc;
}

int shard_main(int argc, char **argv)
{
    if (argc >= 3 && !strcmp(argv[1], "merge")) return shard_merge(argv[2], argv + 3);
    const char *usage = "usage: sumito shard K/N GAME COMMAND [options...] (shard K of N), or "
                        "sumito shard merge N GAME COMMAND [options...] (docs/cluster.md)";
    if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")))
        return printf("%s\n", usage), 0;
    if (argc < 3) return lab_error("%s", usage);
    ShardTask t;
    if (!shard_task_parse(argv[1], argv + 2, &t)) return EXIT_BAD_INPUT;
    int rc = shard_task_run(&t);
    shard_task_clear(&t);
    return rc;
}
