// SPDX-License-Identifier: MIT
// A line chart over a game for sumito serve's pages, in an SVG whose viewBox is 0 0 100 40: the
// middle line, the series as a polyline through the points that have a value, and a mark at
// one point (the position shown). The Go page draws Black's win rate with it, the Abalone page
// the engine's score of each position.

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 100, HEIGHT = 40;

function add(svg, name, attrs) {
    const node = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    svg.append(node);
    return node;
}

// points: [x, y] pairs from 0 to 1 (y up), or null for a point without a value; mark: the x
// (0 to 1) to mark, or null.
export function drawChart(svg, points, mark = null) {
    svg.replaceChildren();
    add(svg, 'line', {x1: 0, y1: HEIGHT / 2, x2: WIDTH, y2: HEIGHT / 2});
    if (mark !== null)
        add(svg, 'line', {class: 'mark', x1: WIDTH * mark, y1: 0, x2: WIDTH * mark, y2: HEIGHT});
    const text = points.filter(p => p).map(([x, y]) =>
        `${(WIDTH * x).toFixed(2)},${(HEIGHT - HEIGHT * y).toFixed(2)}`);
    add(svg, 'polyline', {points: text.join(' ')});
}
