// SPDX-License-Identifier: MIT
// The page of the web server (sumito serve), embedded in the binary from abalone/web/: the
// HTML, the script that draws the board in SVG and talks to the API, and the style sheet.
// Nothing of it is fetched from anywhere else.
#include "abalone/web_api.h"
#include "core/embed.h"

#include <string.h>

EMBED_FILE(web_index_html, "abalone/web/index.html");
EMBED_FILE(web_app_js, "abalone/web/app.js");
EMBED_FILE(web_board_js, "abalone/web/board.js");
EMBED_FILE(web_style_css, "abalone/web/style.css");

typedef struct {
    const char *path, *type;
    const unsigned char *start, *end;
} PageFile;

GBytes *web_page_file(const char *path, const char **type)
{
    const PageFile files[] = {
        {"/", "text/html; charset=utf-8", web_index_html, web_index_html_end},
        {"/index.html", "text/html; charset=utf-8", web_index_html, web_index_html_end},
        {"/app.js", "text/javascript; charset=utf-8", web_app_js, web_app_js_end},
        {"/board.js", "text/javascript; charset=utf-8", web_board_js, web_board_js_end},
        {"/style.css", "text/css; charset=utf-8", web_style_css, web_style_css_end},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(files); i++)
        if (strcmp(path, files[i].path) == 0) {
            *type = files[i].type;
            return g_bytes_new_static(files[i].start, (size_t)(files[i].end - files[i].start));
        }
    return NULL;
}
