// SPDX-License-Identifier: MIT
// sumito serve's page: one session of the JSON API per browser tab (its id kept in the tab's
// session storage, so a reload keeps the game), the board (board.js), click-to-move, the
// controls, and the server-sent events that bring the engine's moves and its search figures.
// When the server cannot be reached the page says so and retries, less and less often; when
// it answers again the page takes its state from it, or, when the server no longer knows the
// game (it was restarted), says so and offers a new one.

import {Board, cellName, cellOf} from '/board.js';
import {showReview, shownAnalysis, wireReview} from '/review.js';

const $ = id => document.getElementById(id);
const ANIMATION_MS = 220;
const RETRY_FIRST_MS = 1000, RETRY_MAX_MS = 16000; // the delays between attempts to reconnect

const app = {
    board: null,
    id: null,
    state: null,    // the state on the board
    info: null,     // the last search figures
    selected: [],   // cells of the person's marbles picked for a move
    events: null,
    queue: Promise.resolve(), // states are drawn one after the other
    retry: {timer: null, delay: 0}, // reconnecting: the next attempt and the delay before it
    offline: false, // the server cannot be reached
    pvDrawn: false, // the analysis of the position shown is drawn
    orphan: false,  // the server no longer knows this session
};
window.sumito = app; // for the tests and the curious

async function api(method, path, body) {
    const init = {method, headers: {}};
    if (body !== undefined) {
        init.headers['Content-Type'] = 'application/json';
        init.body = JSON.stringify(body);
    }
    let r;
    try {
        r = await fetch(path, init);
    } catch {
        connectionLost();
        throw Object.assign(new Error('server unreachable'), {unreachable: true});
    }
    const data = await r.json().catch(() => ({error: `HTTP ${r.status}`}));
    if (!r.ok) throw Object.assign(new Error(data.error || `HTTP ${r.status}`), {status: r.status});
    return data;
}

function say(text) {
    $('message').textContent = text || '';
}

// A request refused or lost: a session the server does not know is an orphan; a lost
// connection has already been said.
function failed(err) {
    if (err.status === 404 && /^no session/.test(err.message)) sessionLost();
    else if (!err.unreachable) say(err.message);
}

// ---------------------------------------------------------------------------------------
// The game options of the form, as the API's arguments.

function formOptions() {
    const f = $('new-game').elements;
    const engine = side => ({rankcut: f[side + '-rankcut'].checked, eval: f[side + '-eval'].value});
    const o = {mode: f.mode.value, time: Number(f.time.value), move_cap: Number(f.move_cap.value),
               layout: f.layout.value};
    if (o.mode === 'play') {
        o.human = f.human.value;
        o.engine = engine('black');
    } else {
        o.black = engine('black');
        o.white = engine('white');
    }
    return o;
}

function showMode() {
    document.body.dataset.mode = $('new-game').elements.mode.value;
}

// ---------------------------------------------------------------------------------------
// Sessions and events.

async function startSession() {
    const saved = sessionStorage.getItem('sumito-session');
    let state = null;
    if (saved) state = await api('GET', `/api/sessions/${saved}`).catch(() => null);
    if (!state) state = await api('POST', '/api/sessions', formOptions());
    adopt(state);
}

// A session of this page from now on: its events followed, its state drawn.
function adopt(state) {
    app.id = state.id;
    app.orphan = false;
    $('orphan').hidden = true;
    sessionStorage.setItem('sumito-session', app.id);
    listen();
    show(state);
}

// A new session (the form's options by default), for a page whose session the server lost.
async function freshSession(options = formOptions()) {
    try {
        adopt(await api('POST', '/api/sessions', options));
        say('');
    } catch (err) {
        failed(err);
    }
}

function listen() {
    if (app.events) app.events.close();
    const es = new EventSource(`/api/sessions/${app.id}/events`);
    app.events = es;
    es.addEventListener('state', e => show(JSON.parse(e.data)));
    es.addEventListener('info', e => {
        const info = JSON.parse(e.data);
        if (info.kind !== 'balance') showInfo(info); // a position scored for the chart: not shown
    });
    es.addEventListener('closed', () => {
        es.close();
        sessionStorage.removeItem('sumito-session');
        say('The session was closed; a new one starts.');
        startSession().catch(failed);
    });
    // The stream broke (the server stopped, the network dropped) or was refused: the page
    // retries by itself rather than leave it to the browser, and finds out which it was.
    es.onerror = () => {
        if (app.events === es) connectionLost();
    };
}

// The server cannot be reached: the event stream is closed and the session asked for again
// after a delay that doubles with every failure, up to RETRY_MAX_MS.
function connectionLost() {
    if (app.events) app.events.close();
    app.events = null;
    app.offline = true;
    if (app.retry.timer) return;
    const r = app.retry;
    r.delay = r.delay ? Math.min(2 * r.delay, RETRY_MAX_MS) : RETRY_FIRST_MS;
    say(`Server unreachable, retrying in ${Math.round(r.delay / 1000)} s…`);
    r.timer = setTimeout(reconnect, r.delay);
}

async function reconnect() {
    app.retry.timer = null;
    let r = null;
    try {
        r = await fetch(`/api/sessions/${app.id}`, {cache: 'no-store'});
    } catch {
        r = null;
    }
    if (!r || (!r.ok && r.status !== 404)) {
        connectionLost();
        return;
    }
    app.retry.delay = 0;
    app.offline = false;
    if (r.status === 404) {
        sessionLost();
        return;
    }
    const state = await r.json();
    listen();
    show(state);
    say('Reconnected.');
}

// The server answers but no longer knows the session (it was restarted, or the session
// expired): the board stays as it was, and a new game is offered.
function sessionLost() {
    if (app.events) app.events.close();
    app.events = null;
    app.orphan = true;
    sessionStorage.removeItem('sumito-session');
    say('Reconnected, but the server no longer knows this game (it was restarted or the game ' +
        'expired).');
    $('orphan').hidden = false;
    app.selected = [];
    if (app.board) refreshTargets();
}

// ---------------------------------------------------------------------------------------
// Drawing a state.

function show(state) {
    app.queue = app.queue.then(() => draw(state)).catch(err => say(err.message));
}

async function draw(state) {
    const old = app.state;
    if (old && old.id === state.id && state.version < old.version) return; // an older answer
    const next = old && old.id === state.id && old.start === state.start &&
                 state.ply === old.ply + 1 && state.moves.length === old.moves.length + 1;
    if (next && state.last) {
        app.board.showTargets([], []);
        await app.board.animate(state.last, ANIMATION_MS);
    }
    app.state = state;
    // The marbles picked stay picked while the board does not change (a position of the game
    // scored, an analysis done).
    const same = old && old.id === state.id && old.position === state.position &&
                 old.ply === state.ply && old.moves.length === state.moves.length;
    if (!same) app.selected = [];
    app.board.draw(state);
    refreshTargets();
    showPanels(state);
}

function sideName(side) {
    return side === 'black' ? 'Black' : 'White';
}

function engineName(e) {
    if (!e) return 'you';
    return `${e.rankcut ? 'RankCut' : 'alpha-beta'}, ${e.eval === 'hce' ? 'handcrafted' : 'net'}`;
}

function statusText(s) {
    if (s.review)
        return `Move ${s.ply} of ${s.length}, ${sideName(s.side)} to move` +
               (s.analysing ? ': the engine analyses it…' : '');
    if (s.over) return `Game over: ${s.result}${s.reason ? ' (' + s.reason + ')' : ''}`;
    const who = sideName(s.side);
    if (s.thinking) return `${who} (${engineName(s.engines[s.side])}) is thinking…`;
    if (s.mode === 'play' && s.side === s.human) return `Your move (${who})`;
    return `${who} to move`;
}

function showPanels(s) {
    document.body.dataset.mode = s.mode;
    $('status').textContent = statusText(s);
    $('undo').disabled = !s.can_undo;
    $('resign').disabled = s.mode !== 'play' || s.over || s.review;
    $('position').value = s.position;
    $('download-record').href = `/api/sessions/${s.id}/record`;
    const ply = $('png-ply');
    ply.max = s.ply;
    if (Number(ply.value) > s.ply || ply.dataset.follow !== 'no') ply.value = s.ply;
    updatePngLink();
    showMoves(s);
    const analysis = shownAnalysis(s);
    if (s.info) showInfo(s.info);
    else if (analysis) showInfo(analysis);
    showReview(s);
    // The analysis of the position shown is drawn; the arrows of one no longer shown go.
    if (analysis && !s.info) app.board.showPv(analysis.pv);
    else if (app.pvDrawn) app.board.showPv(null);
    app.pvDrawn = !!(analysis && !s.info);
}

// The moves a row per move number, Black's then White's, each with the engine's figures.
function showMoves(s) {
    const list = $('moves');
    list.replaceChildren();
    let row = null;
    s.moves.forEach((m, i) => {
        if (!row || m.side === 'black') {
            row = document.createElement('li');
            const num = document.createElement('span');
            num.className = 'num';
            num.textContent = `${list.children.length + 1}.`;
            row.append(num);
            if (m.side === 'white') row.append(document.createElement('span'));
            list.append(row);
        }
        const cell = document.createElement('span');
        cell.className = 'move ' + m.side;
        cell.dataset.ply = i + 1;
        const text = document.createElement('b');
        text.textContent = m.text;
        cell.append(text);
        if (m.depth !== undefined) {
            const fig = document.createElement('small');
            fig.textContent = `d${m.depth} ${m.score}`;
            const nodes = m.nodes.toLocaleString('en');
            fig.title = `depth ${m.depth}, score ${m.score}, ${nodes} nodes, ${m.time} s`;
            cell.append(fig);
        }
        row.append(cell);
    });
    list.scrollTop = list.scrollHeight;
}

function showInfo(info) {
    app.info = info;
    $('think-side').textContent = `(${sideName(info.side)})`;
    $('think-depth').textContent = `${info.depth} (sel ${info.seldepth})`;
    $('think-score').textContent = info.score;
    $('think-nodes').textContent = info.nodes.toLocaleString('en');
    $('think-nps').textContent = Math.round(info.nps).toLocaleString('en');
    $('think-time').textContent = `${info.time.toFixed(2)} s`;
    $('think-pv').textContent = info.pv.map(m => m.text).join(' ') || '–';
}

function updatePngLink() {
    const last = app.state ? app.state.ply : 0;
    const ply = Math.max(0, Math.min(Number($('png-ply').value) || 0, last));
    $('download-png').href = `/api/sessions/${app.id}/png?ply=${ply}`;
    $('download-png').download = `sumito-move-${ply}.png`;
}

// ---------------------------------------------------------------------------------------
// Click-to-move: pick one to three of your marbles, then a highlighted destination.

function sameCells(a, b) {
    return a.length === b.length && a.every(x => b.includes(x));
}

function movesOf(selected) {
    return app.state.legal.filter(m => sameCells(m.from.map(c => cellName(...c)), selected));
}

// The cells a click on which makes a move: for each move of the selection, the cells its
// marbles land on that no other move of the selection lands on and the group does not hold.
function targetsOf(selected) {
    const count = new Map(), owner = new Map();
    for (const m of movesOf(selected)) {
        const cells = new Set(m.to.map(c => cellName(...c)).filter(c => !selected.includes(c)));
        for (const c of cells) {
            count.set(c, (count.get(c) || 0) + 1);
            owner.set(c, m);
        }
    }
    const out = new Map();
    for (const [c, n] of count) if (n === 1) out.set(c, owner.get(c));
    return out;
}

function refreshTargets() {
    const s = app.state;
    if (!s || !s.legal.length) {
        app.board.showTargets([], []);
        return;
    }
    app.board.showTargets(app.selected, [...targetsOf(app.selected).keys()]);
}

function mine(cell) {
    const s = app.state;
    return s && s.marbles[s.side].includes(cell);
}

// Whether some legal move's group holds every cell of cells.
function partOfGroup(cells) {
    return app.state.legal.some(m => {
        const g = m.from.map(c => cellName(...c));
        return cells.every(c => g.includes(c));
    });
}

async function onCellClick(cell) {
    const s = app.state;
    if (app.offline) {
        say('Server unreachable, retrying: click again once it is back.');
        return;
    }
    if (app.orphan) {
        say('The server no longer knows this game: start a new one.');
        return;
    }
    if (!s || !s.legal.length) {
        if (s && !s.over) say(s.thinking ? 'The engine is thinking.' : '');
        return;
    }
    const target = targetsOf(app.selected).get(cell);
    if (target) {
        app.selected = [];
        refreshTargets();
        try {
            show(await api('POST', `/api/sessions/${app.id}/move`, {move: target.text}));
            say('');
        } catch (err) {
            failed(err);
        }
        return;
    }
    if (mine(cell)) {
        const without = app.selected.filter(c => c !== cell);
        const grown = app.selected.concat([cell]);
        app.selected = app.selected.includes(cell) ? without
                       : partOfGroup(grown) ? grown : [cell];
        if (!partOfGroup(app.selected)) app.selected = [];
        say(app.selected.length || !app.selected.includes(cell) ? '' : 'That marble cannot move.');
        refreshTargets();
        return;
    }
    say(app.selected.length ? `Not a legal move: ${cell} is not a destination of the selected ` +
                              `marble${app.selected.length > 1 ? 's' : ''}.`
                            : 'Pick your own marbles first.');
    app.selected = [];
    refreshTargets();
}

// ---------------------------------------------------------------------------------------
// Controls.

// quiet: a refusal is not said (an analysis asked for by itself while stepping).
async function post(action, body, quiet = false) {
    try {
        show(await api('POST', `/api/sessions/${app.id}/${action}`, body));
        say('');
    } catch (err) {
        if (!quiet || err.status !== 409) failed(err);
    }
}

function wireControls() {
    const form = $('new-game');
    form.addEventListener('change', showMode);
    form.addEventListener('submit', e => {
        e.preventDefault();
        app.info = null;
        if (app.orphan) freshSession();
        else post('new', formOptions());
    });
    $('fresh-game').addEventListener('click', () => freshSession());
    $('undo').addEventListener('click', () => post('undo', {}));
    $('resign').addEventListener('click', () => post('resign', {}));
    $('png-ply').addEventListener('input', () => {
        $('png-ply').dataset.follow = Number($('png-ply').value) >= app.state.ply ? 'yes' : 'no';
        updatePngLink();
    });
    $('copy-position').addEventListener('click', async () => {
        const input = $('position');
        try {
            await navigator.clipboard.writeText(input.value);
            say('Position copied.');
        } catch {
            input.select();
            say(document.execCommand('copy') ? 'Position copied.' : 'Select it and copy it.');
        }
    });
    $('use-position').addEventListener('click', () => {
        const o = formOptions();
        delete o.layout;
        o.position = $('position').value.trim();
        if (app.orphan) freshSession(o);
        else post('new', o);
    });
    const pv = $('think-pv');
    const showPv = () => {
        const s = app.state, info = app.info;
        if (!s || !info) return;
        // The line searched from this position, or from the one before when the engine
        // played its first move.
        if (info.ply === s.ply) app.board.showPv(info.pv);
        else if (info.ply === s.ply - 1 && info.pv.length > 1 && s.last &&
                 info.pv[0].text === s.last.text)
            app.board.showPv(info.pv.slice(1));
    };
    pv.addEventListener('mouseenter', showPv);
    pv.addEventListener('focus', showPv);
    // The analysis of the position shown stays drawn.
    const restPv = () => {
        const a = shownAnalysis(app.state);
        app.board.showPv(a && !app.state.info ? a.pv : null);
    };
    pv.addEventListener('mouseleave', restPv);
    pv.addEventListener('blur', restPv);
    document.addEventListener('keydown', e => {
        if (e.key === 'Escape') {
            app.selected = [];
            refreshTargets();
        }
    });
}

async function main() {
    const style = await api('GET', '/api/style');
    const svg = $('board');
    app.board = new Board(svg, style, onCellClick);
    svg.addEventListener('click', e => {
        const cell = app.board.cellAt(e);
        if (cell) onCellClick(cell);
    });
    wireControls();
    wireReview({app, post, say});
    showMode();
    await startSession();
}

main().catch(err => say(`The page could not start: ${err.message}`));
