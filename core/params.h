// SPDX-License-Identifier: MIT
// Named parameters. Each module lists its parameters once in an X-macro table
//   X(Struct, name, type, default, min, max, help)      type: bool, int, double or choice
// which generates its struct (PARAM_FIELD), its descriptor table (PARAM_DESC) and so the
// defaults, `--set name=value`, configuration files (GKeyFile, group [sumito]), the engine
// protocols' setoption and the `sumito params` listing. Unknown names and out-of-range or
// malformed values are errors, never ignored.
#ifndef CORE_PARAMS_H
#define CORE_PARAMS_H

#include <glib.h>
#include <stddef.h>
#include <stdio.h>

#include "core/types.h"

typedef enum { PARAM_TYPE_bool, PARAM_TYPE_int, PARAM_TYPE_double, PARAM_TYPE_choice } ParamType;

// A choice among names, stored as the index of the chosen name. Its help text starts with the
// names separated by '|' and then ": " ("net|hce: the leaf evaluator"); default, min and max
// are indices (min 0, max the number of names - 1).

// The C type of each parameter type.
#define PARAM_CTYPE_bool   bool
#define PARAM_CTYPE_int    int
#define PARAM_CTYPE_double double
#define PARAM_CTYPE_choice int

typedef struct {
    const char *name;
    ParamType type;
    size_t offset;
    double def, min, max;
    const char *help;
} ParamDesc;

#define PARAM_FIELD(S, name, type, def, min, max, help) PARAM_CTYPE_##type name;
#define PARAM_DESC(S, name, type, def, min, max, help)                                             \
    {#name, PARAM_TYPE_##type, offsetof(S, name), (double)(def), (double)(min), (double)(max),     \
     help},

// A module's parameter struct Type from its table, with its group function (the parameters
// bound to an instance) and its defaults function, declared (in the header) ...
#define PARAMS_DECLARE(Type, TABLE, group_fn, default_fn)                                          \
    typedef struct {                                                                               \
        TABLE(PARAM_FIELD, _)                                                                      \
    } Type;                                                                                        \
    ParamGroup group_fn(Type *p);                                                                  \
    void default_fn(Type *p)

// ... and defined (in the module's .c file); `name` names the group in listings.
#define PARAMS_DEFINE(Type, TABLE, name, group_fn, default_fn)                                     \
    static const ParamDesc Type##_desc[] = {TABLE(PARAM_DESC, Type)};                              \
    ParamGroup group_fn(Type *p)                                                                   \
    {                                                                                              \
        return (ParamGroup){name, Type##_desc, G_N_ELEMENTS(Type##_desc), p};                      \
    }                                                                                              \
    void default_fn(Type *p)                                                                       \
    {                                                                                              \
        ParamGroup g = group_fn(p);                                                                \
        params_reset(&g);                                                                          \
    }

// One module's parameters bound to one struct instance.
typedef struct {
    const char *name; // the module: "search", "rankcut", "abalone rules", ...
    const ParamDesc *desc;
    size_t count;
    void *obj;
} ParamGroup;

#define PARAMS_ERROR (params_error_quark())
GQuark params_error_quark(void);

void params_reset(const ParamGroup *g);

// Finds a parameter by name in any of the groups; NULL if none has it.
const ParamDesc *params_find(const ParamGroup *groups, size_t n, const char *name, void **obj);

// Sets name to the text value (bool: true/false/1/0/on/off/yes/no).
bool params_set(const ParamGroup *groups, size_t n, const char *name, const char *value,
                GError **err);

// Parses "name=value" and sets it.
bool params_set_assignment(const ParamGroup *groups, size_t n, const char *assignment,
                           GError **err);

// Loads every key of group [sumito] of a GKeyFile.
bool params_load_file(const ParamGroup *groups, size_t n, const char *path, GError **err);

// The current value as text (caller frees).
char *params_value_text(const ParamDesc *d, const void *obj);

// Name i of a choice parameter, copied into buf; false when there is no name i.
bool params_choice_name(const ParamDesc *d, int i, char *buf, size_t size);

// Prints name, type, value, default, range and help for every parameter.
void params_print(const ParamGroup *groups, size_t n, FILE *out);

#endif
