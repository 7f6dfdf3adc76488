// SPDX-License-Identifier: MIT
// Embeds a data file of the source tree (path relative to the top of the tree, where make
// runs) in the program as `const unsigned char NAME[]`, NAME_end marking its end. GLib's
// g_strndup must be declared where EMBED_TEXT is used.
#ifndef CORE_EMBED_H
#define CORE_EMBED_H

#define EMBED_FILE(name, path)                                                                     \
    __asm__(".section .rodata\n"                                                                   \
            ".global " #name "\n"                                                                  \
            ".balign 16\n" #name ":\n"                                                             \
            ".incbin \"" path "\"\n"                                                               \
            ".global " #name "_end\n" #name "_end:\n"                                              \
            ".byte 0\n"                                                                            \
            ".previous\n");                                                                        \
    extern const unsigned char name[], name##_end[]

// Embeds a text file and defines `char *fn(void)`, which returns a copy of it (g_free).
#define EMBED_TEXT(fn, name, path)                                                                 \
    EMBED_FILE(name, path);                                                                        \
    char *fn(void)                                                                                 \
    {                                                                                              \
        return g_strndup((const char *)name, (size_t)(name##_end - name));                         \
    }

#endif
