// SPDX-License-Identifier: MIT
// The GTP engine's rules commands (go/gtp_ext.h): kgs-rules, kata-get-rules, and kata-set-rules
// with KataGo's shorthand names or its JSON form. sumito plays area scoring with simple,
// positional or situational superko and with or without multi-stone suicide; every other rule
// a client asks for is refused with the key and the value named.
#include "go/gtp_ext.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "core/text.h"

// The area rules sumito plays, by the names clients send (KataGo's shorthands and their
// spellings, KGS's names), compared without case.
typedef struct {
    const char *name;
    int ko, suicide;
} RulesName;

static const RulesName rules_names[] = {
    {"chinese", GO_KO_SIMPLE, GO_SUICIDE_FORBID},
    {"chinese-ogs", GO_KO_POSITIONAL, GO_SUICIDE_FORBID},
    {"chinese_ogs", GO_KO_POSITIONAL, GO_SUICIDE_FORBID},
    {"chineseogs", GO_KO_POSITIONAL, GO_SUICIDE_FORBID},
    {"chinese-kgs", GO_KO_POSITIONAL, GO_SUICIDE_FORBID},
    {"chinese_kgs", GO_KO_POSITIONAL, GO_SUICIDE_FORBID},
    {"chinesekgs", GO_KO_POSITIONAL, GO_SUICIDE_FORBID},
    {"tromp-taylor", GO_KO_POSITIONAL, GO_SUICIDE_MULTI},
    {"tromp_taylor", GO_KO_POSITIONAL, GO_SUICIDE_MULTI},
    {"tromp taylor", GO_KO_POSITIONAL, GO_SUICIDE_MULTI},
    {"tromptaylor", GO_KO_POSITIONAL, GO_SUICIDE_MULTI},
};

static const char *const ko_names[] = {"SIMPLE", "POSITIONAL", "SITUATIONAL"};

// Sets the ko and suicide rules of the game; they may change only before its first move (the
// superko history holds the positions under the rules they were played with).
static bool set_rules(GoGtp *e, int ko, int suicide, GString *reply)
{
    GoGame *g = &e->game;
    if (g->rules.ko == ko && g->rules.suicide == suicide) return true;
    if (go_game_length(g) > 0) {
        g_string_assign(reply, "the rules cannot change during a game (clear_board first)");
        return false;
    }
    g->rules.ko = ko;
    g->rules.suicide = suicide;
    go_board_set_rules(&g->start, ko, suicide);
    go_board_set_rules(&g->board, ko, suicide);
    return true;
}

static const RulesName *find_rules(const char *name)
{
    for (size_t i = 0; i < G_N_ELEMENTS(rules_names); i++)
        if (g_ascii_strcasecmp(rules_names[i].name, name) == 0) return &rules_names[i];
    return NULL;
}

// kgs-rules chinese | tromp-taylor: KGS's chinese is KataGo's chinese-kgs (positional superko).
bool go_gtp_cmd_kgs_rules(GoGtp *e, int argc, char **argv, GString *reply)
{
    if (argc < 1) return g_string_assign(reply, "syntax error"), false;
    const RulesName *r = strcmp(argv[0], "chinese") == 0        ? find_rules("chinese-kgs")
                         : strcmp(argv[0], "tromp-taylor") == 0 ? find_rules("tromp-taylor")
                                                                : NULL;
    if (!r) {
        g_string_printf(
            reply, "unsupported rules '%.40s': area scoring only (chinese, tromp-taylor)", argv[0]);
        return false;
    }
    return set_rules(e, r->ko, r->suicide, reply);
}

bool go_gtp_cmd_kata_get_rules(GoGtp *e, int argc, char **argv, GString *reply)
{
    const GoRules *r = &e->game.rules;
    // No handicap compensation: the count is area minus komi (go_board_score).
    g_string_printf(reply,
                    "{\"hasButton\":false,\"ko\":\"%s\",\"scoring\":\"AREA\",\"suicide\":%s,"
                    "\"tax\":\"NONE\",\"whiteHandicapBonus\":\"0\"}",
                    ko_names[CLAMP(r->ko, 0, 2)],
                    r->suicide != GO_SUICIDE_FORBID ? "true" : "false");
    return true;
}

// ---------------------------------------------------------------------------------------
// KataGo's JSON form

// One flat JSON object and nothing after it: no '[' and no second '{' outside strings. json-glib
// 1.6 overflows its stack on a deeply nested value and keeps only the first of several
// documents; a rules object holds neither, so both are refused before it parses. *why is set
// to what the first escape json-glib would decode wrongly holds (text_json_escape_problem: a
// NUL, "SIMPLE\u0000x" reading as SIMPLE, or half of a surrogate pair), NULL when none does.
static bool json_flat_object(const char *s, const char **why)
{
    bool in_string = false, closed = false;
    int opened = 0;
    size_t len = strlen(s);
    *why = NULL;
    for (size_t i = 0; i < len; i++) {
        if (in_string) {
            if (s[i] == '\\' && i + 1 < len) {
                size_t skip;
                const char *what = text_json_escape_problem(s, len, i, &skip);
                if (what && !*why) *why = what;
                i += skip;
            } else if (s[i] == '"')
                in_string = false;
        } else if (closed && !g_ascii_isspace(s[i])) {
            return false;
        } else if (s[i] == '"') {
            in_string = true;
        } else if (s[i] == '[' || (s[i] == '{' && opened++ > 0)) {
            return false;
        } else if (s[i] == '}') {
            closed = true;
        }
    }
    return true;
}

static bool value_kind(JsonNode *v, GType type)
{
    return JSON_NODE_HOLDS_VALUE(v) && json_node_get_value_type(v) == type;
}

static bool bad_value(GString *reply, const char *key, const char *value, const char *want)
{
    g_string_printf(reply, "unsupported %s '%.40s': %s", key, value, want);
    return false;
}

// One key of the object into ko and suicide (the only rules sumito varies); false with the key
// named in reply. KataGo spells values in capitals; any case is taken.
static bool rules_key(const char *key, JsonNode *v, int *ko, int *suicide, GString *reply)
{
    bool is_bool = value_kind(v, G_TYPE_BOOLEAN), is_string = value_kind(v, G_TYPE_STRING);
    bool flag = is_bool && json_node_get_boolean(v);
    const char *text = is_string ? json_node_get_string(v) : flag ? "true" : "false";
    bool boolean = strcmp(key, "suicide") == 0 || strcmp(key, "hasButton") == 0 ||
                   strcmp(key, "friendlyPassOk") == 0;
    if (strcmp(key, "komi") == 0)
        return g_string_assign(reply, "rules key 'komi': the komi command sets it"), false;
    if (!boolean && strcmp(key, "ko") && strcmp(key, "scoring") && strcmp(key, "score") &&
        strcmp(key, "tax") && strcmp(key, "whiteHandicapBonus")) {
        g_string_printf(reply,
                        "unknown rules key '%.40s' (ko, scoring, tax, suicide, hasButton, "
                        "whiteHandicapBonus, friendlyPassOk)",
                        key);
        return false;
    }
    if (boolean ? !is_bool : !is_string) {
        g_string_printf(reply, "rules key '%s': %s expected", key,
                        boolean ? "true or false" : "a string");
        return false;
    }
    if (strcmp(key, "ko") == 0) {
        for (*ko = 0; *ko < 3 && g_ascii_strcasecmp(text, ko_names[*ko]); (*ko)++) continue;
        return *ko < 3 || bad_value(reply, key, text, "SIMPLE, POSITIONAL or SITUATIONAL");
    }
    if (strcmp(key, "scoring") == 0 || strcmp(key, "score") == 0)
        return g_ascii_strcasecmp(text, "AREA") == 0 ||
               bad_value(reply, key, text, "area scoring only (AREA)");
    if (strcmp(key, "tax") == 0)
        return g_ascii_strcasecmp(text, "NONE") == 0 ||
               bad_value(reply, key, text, "every stone and point counts (NONE)");
    if (strcmp(key, "whiteHandicapBonus") == 0)
        return strcmp(text, "0") == 0 ||
               bad_value(reply, key, text,
                         "no handicap compensation, the count is area minus "
                         "komi (\"0\")");
    if (strcmp(key, "hasButton") == 0)
        return !flag || bad_value(reply, key, text, "no button (false)");
    if (strcmp(key, "suicide") == 0) *suicide = flag ? GO_SUICIDE_MULTI : GO_SUICIDE_FORBID;
    return true; // friendlyPassOk: either, as KataGo takes it (how sumito passes is its own)
}

// The object's keys over Tromp-Taylor's rules, as KataGo reads it (a key left out keeps
// Tromp-Taylor's value).
static bool set_rules_json(GoGtp *e, const char *text, GString *reply)
{
    const char *bad_escape;
    bool flat = json_flat_object(text, &bad_escape);
    if (flat && bad_escape) { // refused before json-glib reads it, whatever it would make of it
        g_string_printf(reply, "bad rules JSON: a string holds %s", bad_escape);
        return false;
    }
    JsonParser *parser = json_parser_new_immutable();
    GError *err = NULL;
    bool ok = flat && json_parser_load_from_data(parser, text, -1, &err);
    JsonNode *root = ok ? json_parser_get_root(parser) : NULL;
    if (!root || !JSON_NODE_HOLDS_OBJECT(root)) {
        g_string_printf(reply,
                        "bad rules JSON: one flat object of KataGo's rules keys expected%s%s",
                        err ? ": " : "", err ? err->message : "");
        g_clear_error(&err);
        g_object_unref(parser);
        return false;
    }
    int ko = GO_KO_POSITIONAL, suicide = GO_SUICIDE_MULTI;
    JsonObjectIter it;
    const char *key;
    JsonNode *v;
    json_object_iter_init(&it, json_node_get_object(root));
    while (ok && json_object_iter_next(&it, &key, &v)) ok = rules_key(key, v, &ko, &suicide, reply);
    g_object_unref(parser);
    return ok && set_rules(e, ko, suicide, reply);
}

// kata-set-rules NAME | JSON: the words joined by spaces, as KataGo reads them.
bool go_gtp_cmd_kata_set_rules(GoGtp *e, int argc, char **argv, GString *reply)
{
    if (argc < 1) return g_string_assign(reply, "syntax error"), false;
    GString *words = g_string_new(argv[0]);
    for (int i = 1; i < argc; i++) g_string_append_printf(words, " %s", argv[i]);
    char *text = g_string_free(words, FALSE);
    bool ok;
    const RulesName *r = find_rules(text);
    if (text[0] == '{')
        ok = set_rules_json(e, text, reply);
    else if (r)
        ok = set_rules(e, r->ko, r->suicide, reply);
    else
        ok = (g_string_printf(reply,
                              "unsupported rules '%.40s': area scoring only (chinese, chinese-ogs, "
                              "chinese-kgs, tromp-taylor, or KataGo's JSON form)",
                              text),
              false);
    g_free(text);
    return ok;
}
