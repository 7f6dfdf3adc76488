// SPDX-License-Identifier: MIT
// JSON writing and argument reading for the web server's API (core/web/web_json.h), over
// json-glib's parser.
#include "core/web/web_json.h"

#include <math.h>
#include <string.h>

#include "core/text.h"

G_DEFINE_QUARK(sumito - web - error - quark, web_error)

void web_json_string(GString *out, const char *s)
{
    if (!s) {
        g_string_append(out, "null");
        return;
    }
    char *copy = g_utf8_validate(s, -1, NULL) ? NULL : g_utf8_make_valid(s, -1);
    const char *valid = copy ? copy : s;
    g_string_append_c(out, '"');
    for (const unsigned char *p = (const unsigned char *)valid; *p; p++) {
        if (*p == '"' || *p == '\\')
            g_string_append_c(out, '\\'), g_string_append_c(out, (char)*p);
        else if (*p == '\n')
            g_string_append(out, "\\n");
        else if (*p < 0x20)
            g_string_append_printf(out, "\\u%04x", *p);
        else
            g_string_append_c(out, (char)*p);
    }
    g_string_append_c(out, '"');
    g_free(copy);
}

void web_json_key(GString *out, const char *key)
{
    char last = out->len ? out->str[out->len - 1] : '{';
    if (last != '{' && last != '[') g_string_append_c(out, ',');
    web_json_string(out, key);
    g_string_append_c(out, ':');
}

void web_json_number(GString *out, double v)
{
    if (!isfinite(v)) {
        g_string_append(out, "null");
        return;
    }
    if (v == floor(v) && fabs(v) < 1e15) {
        g_string_append_printf(out, "%.0f", v);
        return;
    }
    char buf[G_ASCII_DTOSTR_BUF_SIZE];
    g_string_append(out, g_ascii_formatd(buf, sizeof buf, "%.6g", v));
}

static bool json_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// Where the first JSON value of s ends, judged by its brackets and strings alone (the parser
// judges the rest): len when it does not end. A bare word (number, true, null...) ends at the
// first blank, bracket, quote, comma or colon. *bad is where the first escape in a string of
// the value that json-glib would decode wrongly starts (len when none), *why what it holds.
static size_t json_first_value_end(const char *s, size_t len, size_t *bad, const char **why)
{
    *bad = len;
    size_t i = text_bom_length(s, len);
    while (i < len && json_space(s[i])) i++;
    if (i < len && s[i] != '"' && s[i] != '{' && s[i] != '[') {
        while (i < len && !json_space(s[i]) && !strchr("{}[]\",:", s[i])) i++;
        return i;
    }
    int depth = 0;
    for (bool in_string = false; i < len; i++) {
        if (in_string) {
            if (s[i] == '\\') {
                size_t skip;
                const char *what = text_json_escape_problem(s, len, i, &skip);
                if (what && *bad == len) *bad = i, *why = what;
                i += MIN(skip, len - 1 - i);
            } else if (s[i] == '"') {
                in_string = false;
                if (depth == 0) return i + 1;
            }
        } else if (s[i] == '"') {
            in_string = true;
        } else if (s[i] == '{' || s[i] == '[') {
            depth++;
        } else if ((s[i] == '}' || s[i] == ']') && --depth <= 0) {
            return i + 1;
        }
    }
    return len;
}

JsonObject *web_json_parse_args(const char *body, size_t len, const char *const *known,
                                JsonParser **parser, GError **err)
{
    *parser = json_parser_new_immutable();
    // json-glib says only "JSON data must be UTF-8 encoded", of a NUL byte too: the byte is named.
    const char *bad_byte;
    if (!g_utf8_validate_len(body, len, &bad_byte)) {
        size_t at = (size_t)(bad_byte - body);
        g_set_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST, "the body %s at byte %zu",
                    body[at] == '\0' ? "holds a NUL byte" : "is not UTF-8", at + 1);
        return NULL;
    }
    // json-glib 1.6 reads "{}[]{}" as one document: it keeps the first value and leaks the
    // others. A body with more than blanks after its first value is refused before parsing.
    size_t bad;
    const char *why = NULL;
    size_t end = json_first_value_end(body, len, &bad, &why);
    while (end < len && json_space(body[end])) end++;
    if (end < len) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST,
                    "the body must be one JSON object and nothing after it: more at byte %zu",
                    end + 1);
        return NULL;
    }
    if (bad < len) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST,
                    "a string holds %s at byte %zu; no argument takes one", why, bad + 1);
        return NULL;
    }
    GError *perr = NULL;
    if (len == 0 || !json_parser_load_from_data(*parser, body, (gssize)len, &perr)) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST,
                    "the body must be a JSON object ({} when there are no arguments)%s%s",
                    perr ? ": " : "", perr ? perr->message : "");
        g_clear_error(&perr);
        return NULL;
    }
    JsonNode *root = json_parser_get_root(*parser);
    if (!root || !JSON_NODE_HOLDS_OBJECT(root)) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST,
                    "the body must be a JSON object ({} when there are no arguments), not %s",
                    !root                         ? "nothing"
                    : JSON_NODE_HOLDS_ARRAY(root) ? "an array"
                    : JSON_NODE_HOLDS_NULL(root)  ? "null"
                                                  : "a single value");
        return NULL;
    }
    JsonObject *o = json_node_get_object(root);
    return web_json_check_keys(o, known, NULL, err) ? o : NULL;
}

bool web_json_check_keys(JsonObject *o, const char *const *known, const char *where, GError **err)
{
    JsonObjectIter it;
    const char *name;
    json_object_iter_init(&it, o);
    while (json_object_iter_next(&it, &name, NULL)) {
        bool ok = false;
        for (const char *const *k = known; *k && !ok; k++) ok = strcmp(*k, name) == 0;
        if (!ok) {
            GString *msg = g_string_new(NULL);
            web_json_string(msg, name);
            g_set_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST, "unknown argument %s%s%s", msg->str,
                        where ? " in " : "", where ? where : "");
            g_string_free(msg, TRUE);
            return false;
        }
    }
    return true;
}

static JsonNode *member(JsonObject *o, const char *key, JsonNodeType type, GType vtype,
                        const char *what, GError **err)
{
    JsonNode *n = json_object_get_member(o, key);
    if (!n) return NULL;
    if (JSON_NODE_TYPE(n) != type ||
        (vtype && json_node_get_value_type(n) != vtype &&
         !(vtype == G_TYPE_DOUBLE && json_node_get_value_type(n) == G_TYPE_INT64))) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST, "argument '%s' must be %s", key, what);
        return NULL;
    }
    return n;
}

bool web_json_get_bool(JsonObject *o, const char *key, bool *v, GError **err)
{
    GError *e = NULL;
    JsonNode *n = member(o, key, JSON_NODE_VALUE, G_TYPE_BOOLEAN, "true or false", &e);
    if (e) return g_propagate_error(err, e), false;
    if (n) *v = json_node_get_boolean(n);
    return true;
}

bool web_json_get_double(JsonObject *o, const char *key, double lo, double hi, double *v,
                         GError **err)
{
    GError *e = NULL;
    JsonNode *n = member(o, key, JSON_NODE_VALUE, G_TYPE_DOUBLE, "a number", &e);
    if (e) return g_propagate_error(err, e), false;
    if (!n) return true;
    double x = json_node_get_double(n);
    if (!(x >= lo && x <= hi)) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST, "argument '%s' must be from %g to %g",
                    key, lo, hi);
        return false;
    }
    *v = x;
    return true;
}

bool web_json_get_int(JsonObject *o, const char *key, int lo, int hi, int *v, GError **err)
{
    GError *e = NULL;
    JsonNode *n = member(o, key, JSON_NODE_VALUE, G_TYPE_INT64, "an integer", &e);
    if (e) return g_propagate_error(err, e), false;
    if (!n) return true;
    gint64 x = json_node_get_int(n);
    if (x < lo || x > hi) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST,
                    "argument '%s' must be an integer from %d to %d", key, lo, hi);
        return false;
    }
    *v = (int)x;
    return true;
}

bool web_json_get_string(JsonObject *o, const char *key, size_t max_len, const char **v,
                         GError **err)
{
    GError *e = NULL;
    JsonNode *n = member(o, key, JSON_NODE_VALUE, G_TYPE_STRING, "a string", &e);
    if (e) return g_propagate_error(err, e), false;
    if (!n) return true;
    const char *s = json_node_get_string(n);
    if (strlen(s) > max_len) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST, "argument '%s' is longer than %zu bytes",
                    key, max_len);
        return false;
    }
    *v = s;
    return true;
}

bool web_json_get_object(JsonObject *o, const char *key, JsonObject **v, GError **err)
{
    GError *e = NULL;
    JsonNode *n = member(o, key, JSON_NODE_OBJECT, 0, "an object", &e);
    if (e) return g_propagate_error(err, e), false;
    if (n) *v = json_node_get_object(n);
    return true;
}
