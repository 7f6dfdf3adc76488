// SPDX-License-Identifier: MIT
// Embeds a data file of the source tree (path relative to the top of the tree, where make
// runs) in the program as `const unsigned char NAME[]`, NAME_end marking its end.
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

#endif
