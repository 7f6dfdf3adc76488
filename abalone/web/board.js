// SPDX-License-Identifier: MIT
// The Abalone board of sumito serve's page, drawn in SVG with the geometry and colours of the
// PNG renderer (abalone/render*.c), which the server sends as /api/style: lengths in units of
// the distance between neighbouring cells, E5 at the origin, rows horizontal with A at the
// bottom. It draws marbles, trays of lost marbles, the last move, the selection, the legal
// destinations and principal-variation arrows, and animates moves (pushes and ejections
// included). Cells are [row, diagonal] pairs counted from 0 or names such as "a1".

const SVG = 'http://www.w3.org/2000/svg';
const SQRT3 = Math.sqrt(3);
const ROWS = 'abcdefghi';

export function cellName(r, d) {
    return ROWS[r] + (d + 1);
}

export function cellOf(name) {
    return [ROWS.indexOf(name[0]), Number(name.slice(1)) - 1];
}

export function onBoard(r, d) {
    return r >= 0 && r < 9 && d >= 0 && d < 9 && Math.abs(r - d) <= 4;
}

// The centre of a cell (or of a place just off the board), in cell units.
export function cellXY(r, d) {
    return [(d - 4) - (r - 4) / 2, -(r - 4) * SQRT3 / 2];
}

function el(name, attrs, parent) {
    const e = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (parent) parent.appendChild(e);
    return e;
}

// A flat-topped hexagon with rounded corners, as the renderer's 42-gon.
function roundedHexagon(cx, cy, apothem, rc) {
    const inner = (apothem - rc) * 2 / SQRT3, pts = [];
    for (let v = 0; v < 6; v++) {
        const a = v * Math.PI / 3, vx = cx + inner * Math.cos(a), vy = cy + inner * Math.sin(a);
        for (let k = 0; k < 7; k++) {
            const t = a - Math.PI / 6 + k * (Math.PI / 3) / 6;
            pts.push(`${(vx + rc * Math.cos(t)).toFixed(4)},${(vy + rc * Math.sin(t)).toFixed(4)}`);
        }
    }
    return pts.join(' ');
}

function mix(hex, other, t) {
    const a = parseInt(hex.slice(1), 16), b = parseInt(other.slice(1), 16);
    const c = [16, 8, 0].map(s => Math.round(((a >> s) & 255) * (1 - t) + ((b >> s) & 255) * t));
    return '#' + c.map(x => x.toString(16).padStart(2, '0')).join('');
}

// The shading of the renderer's marbles (raster_fill_sphere in core/draw/raster.c): light from
// the upper left and in front, light bounced off the board, a sharp highlight and a sheen; the
// colour at offset (u, v) from the centre, in radii.
const LIGHT = [-0.42, -0.52, 0.7437], HALF = [-0.2238, -0.2771, 0.9344];

function sphereShade(rgb, u, v) {
    const nz = Math.sqrt(Math.max(0, 1 - u * u - v * v));
    const ndl = u * LIGHT[0] + v * LIGHT[1] + nz * LIGHT[2];
    const diffuse = 0.50 + 0.55 * Math.max(0, ndl), bounce = 0.22 * Math.max(0, -ndl) * (1 - nz);
    const h = Math.max(0, u * HALF[0] + v * HALF[1] + nz * HALF[2]);
    const spec = 0.90 * h ** 40 + 0.12 * h ** 6;
    return rgb.map(c => Math.min(255, Math.round(c * diffuse + 255 * (bounce + spec))));
}

// A radial gradient whose focus is the highlight, its stops sampled from sphereShade along the
// line from the highlight through the centre to the far rim.
function sphereGradient(defs, side, hex) {
    const rgb = [1, 3, 5].map(i => parseInt(hex.slice(i, i + 2), 16));
    const fu = HALF[0], fv = HALF[1]; // the highlight: where the normal is the half vector
    const g = el('radialGradient', {id: 'sphere-' + side, cx: 0.5, cy: 0.5, r: 0.5,
                                    fx: 0.5 + fu / 2, fy: 0.5 + fv / 2}, defs);
    const len = Math.hypot(fu, fv), du = -fu / len, dv = -fv / len, reach = len + 1;
    for (let k = 0; k <= 12; k++) {
        const t = k / 12, u = fu + du * reach * t, v = fv + dv * reach * t;
        const clamp = x => Math.max(-0.999, Math.min(0.999, x));
        const c = sphereShade(rgb, clamp(u), clamp(v));
        el('stop', {offset: t.toFixed(3), 'stop-color': `rgb(${c.join(',')})`}, g);
    }
}

export class Board {
    constructor(svg, style, onCellClick) {
        this.svg = svg;
        this.style = style;
        this.onCellClick = onCellClick;
        const u = style.units;
        svg.setAttribute('viewBox', `${-u.width / 2} ${-u.height / 2} ${u.width} ${u.height}`);
        svg.setAttribute('role', 'img');
        this.drawStatic();
        this.layers = {};
        for (const name of ['marks', 'marbles', 'targets', 'trays', 'arrows', 'pv'])
            this.layers[name] = el('g', {class: 'layer-' + name}, svg);
        this.marbles = new Map(); // cell name -> circle
        this.animating = null;
    }

    drawStatic() {
        const st = this.style, u = st.units, col = st.colours, svg = this.svg;
        const defs = el('defs', {}, svg);
        for (const side of ['black', 'white']) sphereGradient(defs, side, col[side]);
        el('rect', {x: -u.width / 2, y: -u.height / 2, width: u.width, height: u.height,
                    fill: col.background}, svg);
        el('polygon', {points: roundedHexagon(0.05, 0.08, u.frame + 0.02, 0.42),
                       fill: mix(col.background, '#000000', 0.24)}, svg);
        el('polygon', {points: roundedHexagon(0, 0, u.frame, 0.40), fill: col.frame}, svg);
        el('polygon', {points: roundedHexagon(0, 0, u.surface, 0.22), fill: col.surface}, svg);
        const deep = mix(col.hole, '#000000', 0.35), lip = mix(col.surface, '#ffffff', 0.18);
        this.cells = el('g', {class: 'cells'}, svg);
        for (let r = 0; r < 9; r++)
            for (let d = 0; d < 9; d++) {
                if (!onBoard(r, d)) continue;
                const [x, y] = cellXY(r, d);
                const g = el('g', {class: 'cell', 'data-cell': cellName(r, d)}, this.cells);
                el('circle', {cx: x, cy: y + 0.03, r: u.hole, fill: lip}, g);
                el('circle', {cx: x, cy: y, r: u.hole, fill: deep}, g);
                el('circle', {cx: x, cy: y + 0.04, r: u.hole * 0.86, fill: col.hole}, g);
            }
        this.drawLabels();
        for (const side of [0, 1]) {
            const t0 = st.trays[side * 6], t5 = st.trays[side * 6 + 5];
            el('line', {x1: t0[0], y1: t0[1], x2: t5[0], y2: t5[1], 'stroke-linecap': 'round',
                        stroke: mix(col.background, '#000000', 0.07),
                        'stroke-width': 2 * (u.tray_marble + 0.1)}, svg);
        }
    }

    drawLabels() {
        const col = this.style.colours;
        const g = el('g', {class: 'labels', fill: col.label, 'font-size': 0.34,
                           'font-family': 'sans-serif', 'font-weight': 'bold',
                           'text-anchor': 'middle', 'dominant-baseline': 'central'}, this.svg);
        for (let i = 0; i < 18; i++) {
            let r, d, text;
            if (i < 9) r = i, d = Math.max(0, i - 4) - 1, text = ROWS[i].toUpperCase();
            else d = i - 9, r = Math.max(0, d - 4) - 1, text = String(d + 1);
            const [x, y] = cellXY(r, d);
            el('text', {x, y}, g).textContent = text;
        }
    }

    marble(side, x, y, radius, parent, cell) {
        const g = el('g', {class: 'marble ' + side}, parent);
        if (cell) g.setAttribute('data-marble', cell);
        el('circle', {cx: x + 0.10 * radius, cy: y + 0.16 * radius, r: radius * 1.02,
                      fill: '#000000', 'fill-opacity': 0.33, class: 'shadow'}, g);
        el('circle', {cx: x, cy: y, r: radius, fill: `url(#sphere-${side})`, class: 'ball'}, g);
        return g;
    }

    // Draws a state: marbles, trays, the last move's marks.
    draw(state) {
        const L = this.layers;
        for (const k of ['marbles', 'trays', 'marks', 'arrows']) L[k].replaceChildren();
        this.marbles.clear();
        for (const side of ['black', 'white'])
            for (const name of state.marbles[side]) {
                const [x, y] = cellXY(...cellOf(name));
                this.marbles.set(name, this.marble(side, x, y, this.style.units.marble, L.marbles,
                                                   name));
            }
        this.drawTrays(state.lost);
        if (state.last) this.drawMove(state.last, L.arrows, this.style.colours.last_move, 1, null);
        if (state.last) this.drawVacated(state.last);
    }

    drawTrays(lost) {
        const st = this.style, slot = mix(st.colours.background, '#000000', 0.17);
        ['black', 'white'].forEach((side, c) => {
            for (let k = 0; k < 6; k++) {
                const [x, y] = st.trays[c * 6 + k];
                const tray = this.layers.trays, r = st.units.tray_marble;
                if (k < lost[side]) this.marble(side, x, y, r, tray);
                else el('circle', {cx: x, cy: y, r: r * 0.55, fill: slot}, tray);
            }
        });
    }

    // Rings in the holes the last move emptied.
    drawVacated(move) {
        const landed = new Set(move.to.map(c => c.join()));
        for (const c of move.from) {
            if (landed.has(c.join())) continue;
            const [x, y] = cellXY(...c);
            el('circle', {cx: x, cy: y, r: this.style.units.marble * 0.95, fill: 'none',
                          stroke: this.style.colours.last_move, 'stroke-width': 0.05,
                          'stroke-opacity': 0.75}, this.layers.marks);
        }
    }

    // The arrows of a move: in-line moves one arrow from the tail to where the last moving
    // marble lands, broadside moves one per marble (as the renderer draws them).
    moveSegments(move) {
        if (!move.inline) return move.from.map((f, i) => [f, move.to[i]]);
        const end = move.pushed_to.length ? move.pushed_to[move.pushed_to.length - 1]
                                          : move.to[move.to.length - 1];
        return [[move.from[0], end]];
    }

    drawMove(move, layer, colour, scale, number) {
        for (const [a, b] of this.moveSegments(move)) {
            const [x0, y0] = cellXY(...a), [x1, y1] = cellXY(...b);
            this.arrow(layer, x0, y0, x1, y1, colour, scale);
            if (number !== null) {
                el('circle', {cx: x0, cy: y0, r: 0.2, fill: colour, stroke: '#10141a',
                              'stroke-width': 0.03}, layer);
                const t = el('text', {x: x0, y: y0, class: 'pv-number', 'font-size': 0.26,
                                      'text-anchor': 'middle', 'dominant-baseline': 'central'},
                             layer);
                t.textContent = String(number);
            }
        }
    }

    arrow(layer, x0, y0, x1, y1, colour, scale) {
        const dx = x1 - x0, dy = y1 - y0, len = Math.hypot(dx, dy);
        if (len <= 0) return;
        const ux = dx / len, uy = dy / len, w = 0.11 * scale, hl = 0.36 * scale, hw = 0.36 * scale;
        const bx = x1 - ux * hl, by = y1 - uy * hl, px = -uy, py = ux;
        const pts = [[x0 + px * w / 2, y0 + py * w / 2], [bx + px * w / 2, by + py * w / 2],
                     [bx + px * hw / 2, by + py * hw / 2], [x1, y1],
                     [bx - px * hw / 2, by - py * hw / 2],
                     [bx - px * w / 2, by - py * w / 2], [x0 - px * w / 2, y0 - py * w / 2]];
        el('polygon', {points: pts.map(p => p.map(v => v.toFixed(4)).join(',')).join(' '),
                       fill: colour, stroke: '#10141a', 'stroke-width': 0.045 * scale,
                       'stroke-linejoin': 'round', 'fill-opacity': 0.95}, layer);
    }

    // The principal variation as numbered arrows; null clears it.
    showPv(pv) {
        this.layers.pv.replaceChildren();
        if (!pv) return;
        const col = this.style.colours;
        pv.slice(0, 8).forEach((m, i) =>
            this.drawMove(m, this.layers.pv, i % 2 ? col.pv_other : col.pv_mover, 0.85, i + 1));
    }

    // The selection and the cells where a click makes a move.
    showTargets(selected, targets) {
        const L = this.layers.targets;
        L.replaceChildren();
        for (const name of selected) {
            const [x, y] = cellXY(...cellOf(name));
            el('circle', {cx: x, cy: y, r: this.style.units.marble * 1.08, class: 'selected',
                          'data-selected': name}, L);
        }
        for (const name of targets) {
            const [x, y] = cellXY(...cellOf(name));
            el('circle', {cx: x, cy: y, r: this.style.units.hole * 0.62, class: 'target',
                          'data-target': name}, L);
        }
    }

    // Moves the marbles of a move from where they stand to where they land, in ms
    // milliseconds; ejected marbles fade out off the board. Resolves when done.
    animate(move, ms) {
        const moving = [];
        const collect = (from, to) => from.forEach((f, i) => {
            const g = this.marbles.get(cellName(...f));
            if (g) moving.push([g, cellXY(...f), cellXY(...to[i]), !onBoard(...to[i])]);
        });
        collect(move.from, move.to);
        collect(move.pushed_from, move.pushed_to);
        if (!moving.length || ms <= 0) return Promise.resolve();
        return new Promise(resolve => {
            const t0 = performance.now();
            const step = now => {
                const t = Math.min(1, (now - t0) / ms), e = t * (2 - t);
                for (const [g, [x0, y0], [x1, y1], out] of moving) {
                    g.setAttribute('transform',
                                   `translate(${(x1 - x0) * e} ${(y1 - y0) * e})`);
                    if (out) g.setAttribute('opacity', String(1 - t));
                }
                if (t < 1) requestAnimationFrame(step);
                else resolve();
            };
            requestAnimationFrame(step);
        });
    }

    // The cell under a click, from the event's target.
    cellAt(event) {
        const picks = '[data-cell], [data-marble], [data-target], [data-selected]';
        const g = event.target.closest(picks);
        if (!g) return null;
        return g.dataset.cell || g.dataset.marble || g.dataset.target || g.dataset.selected;
    }
}
