// SPDX-License-Identifier: MIT
// sumito serve's Go page: one Go session of the JSON API per browser tab (its id kept in the
// tab's session storage), the board drawn in SVG (grid, star points, stones, the last move,
// the dead stones of the count), clicks that play, the buttons, the search under way (its
// visits, win rate and principal variation, from the event stream), and what the engine's last
// search saw: its candidates with visits and win rates on the board, the principal variation
// of the one under the pointer, the ownership as shading, and Black's win rate over the game
// (drawn by the Abalone page's chart.js, served at the top as its style.css is).

import {drawChart} from '/chart.js';

const $ = id => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';
const LETTERS = 'ABCDEFGHJKLMNOPQRST';
const STARS = {9: [2, 6, 4], 13: [3, 9, 6], 19: [3, 9, 15]};

const app = {id: null, state: null, info: null, colours: null, events: null, hover: null};
window.sumito = app; // for the tests and the curious

async function api(method, path, body) {
    const init = {method, headers: {}};
    if (body !== undefined) {
        init.headers['Content-Type'] = 'application/json';
        init.body = JSON.stringify(body);
    }
    const r = await fetch(path, init);
    const data = await r.json().catch(() => ({error: `HTTP ${r.status}`}));
    if (!r.ok) throw Object.assign(new Error(data.error || `HTTP ${r.status}`), {status: r.status});
    return data;
}

function say(text) {
    $('message').textContent = text || '';
}

// A vertex ("D4") and the board's coordinates: x from the left, y from the bottom.
const vertex = (x, y) => LETTERS[x] + (y + 1);
function point(v, n) {
    if (!v || v === 'pass') return null;
    return {x: LETTERS.indexOf(v[0]), y: Number(v.slice(1)) - 1, n};
}
// The centre of a point in the SVG's units: one unit between lines, a margin of one.
const cx = x => x + 1, cy = (y, n) => n - y;

function el(name, attrs, parent, text) {
    const e = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
}

function stone(g, x, y, n, colour, attrs = {}) {
    const c = app.colours;
    return el('circle', {cx: cx(x), cy: cy(y, n), r: 0.47, fill: c[colour],
                         stroke: colour === 'white' ? '#777' : c.black, 'stroke-width': 0.03,
                         class: `stone ${colour}`, 'data-vertex': vertex(x, y), ...attrs}, g);
}

function drawGrid(svg, n) {
    const c = app.colours;
    el('rect', {x: 0, y: 0, width: n + 1, height: n + 1, fill: c.board}, svg);
    for (let i = 0; i < n; i++) {
        el('line', {x1: 1, y1: i + 1, x2: n, y2: i + 1, stroke: c.line, class: 'line'}, svg);
        el('line', {x1: i + 1, y1: 1, x2: i + 1, y2: n, stroke: c.line, class: 'line'}, svg);
        el('text', {x: i + 1, y: 0.55, 'font-size': 0.35, 'text-anchor': 'middle', fill: c.label},
           svg, LETTERS[i]);
        el('text', {x: 0.45, y: i + 1.12, 'font-size': 0.35, 'text-anchor': 'middle',
                    fill: c.label}, svg, String(n - i));
    }
    // The renderer's star points: the corner ones and the centre, and on 19x19 the sides too.
    const s = STARS[n] || [], mid = s[2];
    for (const x of s) for (const y of s)
        if (n === 19 || (x !== mid && y !== mid) || (x === mid && y === mid))
            el('circle', {cx: cx(x), cy: cy(y, n), r: 0.1, fill: c.line, class: 'star'}, svg);
}

// The analysis drawn: while the engine thinks, its running search's (the last info event's);
// else the last search's when it is of the position on the board, or of the one before it (the
// engine's search before its move).
function analysisShown(s) {
    const live = app.info && s.thinking && app.info.ply === s.ply ? app.info.analysis : null;
    if (live) return live;
    const a = s.analysis;
    return a && (a.ply === s.ply || a.ply === s.ply - 1) ? a : null;
}

function drawOwnership(svg, s, a) {
    if (!$('show-ownership').checked || !a || !a.ownership) return;
    const n = s.size, g = el('g', {class: 'ownership'}, svg);
    a.ownership.forEach((v, i) => {
        const x = i % n, y = n - 1 - Math.floor(i / n);
        if (Math.abs(v) < 0.2) return;
        el('rect', {x: cx(x) - 0.5, y: cy(y, n) - 0.5, width: 1, height: 1,
                    fill: v > 0 ? '#000' : '#fff', 'fill-opacity': Math.abs(v) * 0.35}, g);
    });
}

// The candidates on the points still empty (the one played holds its stone now).
function drawCandidates(svg, s, a) {
    if (!a || s.over) return;
    const n = s.size, taken = new Set([...s.stones.black, ...s.stones.white]);
    a.candidates.forEach((c, i) => {
        const p = point(c.move, n);
        if (!p || taken.has(c.move)) return;
        const g = el('g', {class: 'cand', 'data-move': c.move}, svg);
        el('circle', {cx: cx(p.x), cy: cy(p.y, n), r: 0.45}, g);
        el('text', {x: cx(p.x), y: cy(p.y, n) - 0.04}, g, `${Math.round(c.winrate * 100)}%`);
        el('text', {x: cx(p.x), y: cy(p.y, n) + 0.3}, g, String(c.visits));
        g.addEventListener('mouseenter', () => { app.hover = i; drawPv(s, a); });
        g.addEventListener('mouseleave', () => { app.hover = null; drawPv(s, a); });
    });
}

// The principal variation of the candidate under the pointer, else of the search under way,
// in a layer of its own above the rest (redrawing the board under the pointer would start the
// hover again).
function drawPv(s, a) {
    const g = $('pv-layer');
    if (!g) return;
    g.replaceChildren();
    const live = app.info && s.thinking && app.info.ply === s.ply ? app.info : null;
    const hovered = app.hover !== null && a && a.candidates[app.hover];
    const line = hovered ? a.candidates[app.hover] : live;
    if (!line) return;
    const n = s.size;
    let colour = hovered ? a.side : live.side;
    line.pv.forEach((v, k) => {
        const p = point(v, n);
        if (p) {
            stone(g, p.x, p.y, n, colour, {'fill-opacity': 0.6, 'pointer-events': 'none'});
            el('text', {x: cx(p.x), y: cy(p.y, n) + 0.11, 'pointer-events': 'none',
                        fill: colour === 'black' ? '#fff' : '#000'}, g, String(k + 1));
        }
        colour = colour === 'black' ? 'white' : 'black';
    });
}

function draw() {
    const s = app.state, svg = $('board');
    if (!s || !app.colours) return;
    const n = s.size;
    svg.replaceChildren();
    svg.setAttribute('viewBox', `0 0 ${n + 1} ${n + 1}`);
    drawGrid(svg, n);
    const a = analysisShown(s);
    drawOwnership(svg, s, a);
    for (const colour of ['black', 'white'])
        for (const v of s.stones[colour]) {
            const p = point(v, n);
            stone(svg, p.x, p.y, n, colour);
        }
    const last = point(s.last, n);
    if (last)
        el('circle', {cx: cx(last.x), cy: cy(last.y, n), r: 0.22, class: 'last',
                      stroke: app.colours.last_move}, svg);
    for (const colour of s.dead ? ['black', 'white'] : [])
        for (const v of s.dead[colour]) {
            const p = point(v, n);
            el('path', {d: `M${cx(p.x) - 0.2} ${cy(p.y, n) - 0.2}l0.4 0.4m0 -0.4l-0.4 0.4`,
                        class: 'dead'}, svg);
        }
    for (let x = 0; x < n; x++)
        for (let y = 0; y < n; y++) {
            const r = el('rect', {x: cx(x) - 0.5, y: cy(y, n) - 0.5, width: 1, height: 1,
                                  class: 'point', 'data-vertex': vertex(x, y)}, svg);
            r.addEventListener('click', () => play(vertex(x, y)));
        }
    drawCandidates(svg, s, a);
    el('g', {id: 'pv-layer', class: 'pv', 'pointer-events': 'none'}, svg);
    drawPv(s, a);
}

function drawSide(s) {
    const over = s.over && s.result;
    const live = app.info && s.thinking && app.info.ply === s.ply ? app.info : null;
    $('status').textContent = over ? `${s.result} (${s.reason})`
        : s.over ? 'Counting…'
        : live ? `The engine thinks (${s.thinking}): ${live.visits} visits, win rate ` +
                 `${(live.winrate * 100).toFixed(1)} %, ${live.pv.join(' ')}`
        : s.thinking ? `The engine thinks (${s.thinking})…`
        : `${s.side === 'black' ? 'Black' : 'White'} to move`;
    $('moves').replaceChildren(...s.moves.map(m => {
        const li = document.createElement('li');
        li.textContent = m.text + (m.visits ? ` (${m.visits} visits)` : '');
        return li;
    }));
    const a = analysisShown(s);
    $('think-side').textContent = a ? `(${a.side})` : '';
    $('candidates').replaceChildren(...(a ? a.candidates : []).map(c => {
        const li = document.createElement('li');
        li.textContent = `${c.move}: ${c.visits} visits, ${(c.winrate * 100).toFixed(1)} %` +
                         ` — ${c.pv.join(' ')}`;
        return li;
    }));
    // Black's win rate after each engine move, and while the engine thinks of a move (not an
    // analysis), its search's so far as the point of the move to come.
    const rates = s.moves.map(m => m.winrate);
    if (live && s.thinking === live.side) rates.push(live.side === 'black' ? live.winrate : 1 - live.winrate);
    drawChart($('winrate'), rates.map((w, i) =>
        typeof w === 'number' ? [(i + 1) / Math.max(rates.length, 1), w] : null));
    $('download-record').href = `/api/sessions/${app.id}/record`;
    $('download-png').href = `/api/sessions/${app.id}/png?ownership=1`;
    $('undo').disabled = !s.can_undo;
    $('resign').disabled = s.over || s.mode !== 'play';
    $('pass').disabled = s.over || s.mode !== 'play' || s.side !== s.human;
    $('analyse').disabled = s.over || !!s.thinking;
}

function show(s) {
    if (app.state && s.version < app.state.version && s.id === app.state.id) return;
    app.state = s;
    if (s.info) app.info = s.info;
    draw();
    drawSide(s);
}

function listen() {
    if (app.events) app.events.close();
    app.events = new EventSource(`/api/sessions/${app.id}/events`);
    app.events.addEventListener('state', e => show(JSON.parse(e.data)));
    // A search under way: its figures, its principal variation and its candidates, drawn on
    // the board (the board again only when the candidates came with it).
    app.events.addEventListener('info', e => {
        app.info = JSON.parse(e.data);
        app.infoCount = (app.infoCount || 0) + 1;
        if (!app.state) return;
        if (app.info.analysis) draw();
        else drawPv(app.state, analysisShown(app.state));
        drawSide(app.state);
    });
}

async function act(path, body) {
    say('');
    try {
        show(await api('POST', `/api/sessions/${app.id}/${path}`, body));
    } catch (err) {
        say(err.message);
    }
}

const play = v => act('move', {move: v});

function formArgs() {
    const f = $('new-game');
    return {game: 'go', mode: f.mode.value, human: f.human.value, size: Number(f.size.value),
            komi: Number(f.komi.value), handicap: Number(f.handicap.value),
            time: Number(f.time.value)};
}

async function start(args) {
    say('');
    try {
        const s = await api('POST', '/api/sessions', args);
        app.id = s.id;
        sessionStorage.setItem('sumito-go-id', s.id);
        show(s);
        listen();
    } catch (err) {
        say(err.message);
    }
}

async function main() {
    app.colours = (await api('GET', '/api/style?game=go')).colours;
    $('new-game').addEventListener('submit', e => { e.preventDefault(); start(formArgs()); });
    $('pass').addEventListener('click', () => play('pass'));
    $('undo').addEventListener('click', () => act('undo', {}));
    $('resign').addEventListener('click', () => act('resign', {}));
    $('analyse').addEventListener('click', () => act('analyse', {}));
    $('show-ownership').addEventListener('change', draw);
    $('load-sgf').addEventListener('change', async e => {
        const file = e.target.files[0];
        if (file) start({game: 'go', mode: formArgs().mode, sgf: await file.text()});
    });
    const old = sessionStorage.getItem('sumito-go-id');
    if (old) {
        try {
            const s = await api('GET', `/api/sessions/${old}`);
            if (s.game === 'go') {
                app.id = old;
                show(s);
                listen();
                return;
            }
        } catch { /* gone: a new game */ }
    }
    await start(formArgs());
}

main().catch(err => say(err.message));
