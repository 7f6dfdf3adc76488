// SPDX-License-Identifier: MIT
// JSON for the web server's API: writing (strings escaped, numbers that JSON accepts) and
// reading a request's arguments, which must be one JSON object whose every key is known and
// whose values have the expected types; each refusal is a GError naming the key and the
// problem, which the API turns into a 400 answer.
#ifndef CORE_WEB_WEB_JSON_H
#define CORE_WEB_WEB_JSON_H

#include <glib.h>
#include <json-glib/json-glib.h>
#include <stdbool.h>

// Appends s as a JSON string (quotes included); NULL appends null. Bytes that are not UTF-8
// are replaced, so the answer stays valid JSON whatever a request held.
void web_json_string(GString *out, const char *s);

// Appends "key": (with a comma first unless out ends with '{' or '[').
void web_json_key(GString *out, const char *key);

// Appends a number (non-finite numbers as null).
void web_json_number(GString *out, double v);

// A request body: NULL (with an error) unless it is one JSON object whose keys are each named in
// `known` (a NULL-terminated list) and none of whose strings holds a NUL character (\u0000,
// which would cut the string short). The object is the parser's (free the parser with
// g_object_unref).
JsonObject *web_json_parse_args(const char *body, size_t len, const char *const *known,
                                JsonParser **parser, GError **err);

// False with an error naming the first key of o not in known (where: "in 'black'" or NULL).
bool web_json_check_keys(JsonObject *o, const char *const *known, const char *where, GError **err);

// Typed arguments: false with an error when present with another type or out of range; the
// value is left as it was when the key is absent.
bool web_json_get_bool(JsonObject *o, const char *key, bool *v, GError **err);
bool web_json_get_int(JsonObject *o, const char *key, int lo, int hi, int *v, GError **err);
bool web_json_get_double(JsonObject *o, const char *key, double lo, double hi, double *v,
                         GError **err);
// A string of at most max_len bytes (borrowed from the object).
bool web_json_get_string(JsonObject *o, const char *key, size_t max_len, const char **v,
                         GError **err);
// A member that must be an object (NULL when absent).
bool web_json_get_object(JsonObject *o, const char *key, JsonObject **v, GError **err);

#define WEB_ERROR (web_error_quark())
GQuark web_error_quark(void);

// The HTTP status an error stands for is its code.
enum {
    WEB_ERROR_BAD_REQUEST = 400,
    WEB_ERROR_NOT_FOUND = 404,
    WEB_ERROR_METHOD = 405,
    WEB_ERROR_CONFLICT = 409,
    WEB_ERROR_TOO_LARGE = 413,
    WEB_ERROR_ILLEGAL = 422,
    WEB_ERROR_FULL = 503
};

#endif
