// SPDX-License-Identifier: MIT
// Reads an SGF file with @sabaki/sgf (an outside parser) and prints what sumito's test
// compares: the size, komi and rules of the root, the setup stones, then one line per move
// of the main line ("B dp", "W" for a pass), with the number of game trees first.
'use strict';
const sgf = require('@sabaki/sgf');

const roots = sgf.parseFile(process.argv[2]);
const out = [`trees ${roots.length}`];
let node = roots[0];
const root = node.data;
out.push(`SZ ${(root.SZ || ['19'])[0]}`, `KM ${(root.KM || [''])[0]}`, `RU ${(root.RU || [''])[0]}`);
for (const id of ['AB', 'AW']) out.push([id, ...(root[id] || []).slice().sort()].join(' '));
while (node) {
    for (const colour of ['B', 'W']) {
        if (node.data[colour]) out.push(`${colour} ${node.data[colour][0]}`.trim());
    }
    if (node.data.C && node !== roots[0]) out.push(`C ${node.data.C[0]}`);
    node = node.children[0];
}
process.stdout.write(out.join('\n') + '\n');
