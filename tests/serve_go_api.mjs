// SPDX-License-Identifier: MIT
// Go through the JSON API of `sumito serve`, straight over HTTP: sessions of 9x9, 13x13 and 19x19
// with komi and handicap, the refusals (size 7, a komi that is no multiple of 0.5, one handicap
// stone, an occupied point, suicide, a ko retaken at once, a point off the board, a move in the
// engine's turn, an Abalone argument, a record that is no SGF or over 64 KiB (one of 64 KiB taken),
// an analysis while one runs or after the end; goto, which Go has not), moves, pass, take-back and
// resignation, an analysis asked for, the engine's analysis (candidates with visits, win rates and
// principal variations, the ownership) and its candidates streamed while it thinks, a game between
// two engines to its end by two passes with its count and dead stones, its SGF downloaded and
// loaded again, and its PNG.
import {bail, done, ok, request, startServer, waitState} from './serve_util.mjs';

async function create(base, body) {
    return request(base + 'api/sessions', 'POST', {game: 'go', ...body});
}

async function refusals(base) {
    const cases = [
        ['size 7', {size: 7}, 400, /'size' must be 9, 13 or 19/],
        ['komi 7.3', {komi: 7.3}, 400, /'komi' must be a multiple of 0.5/],
        ['komi 500', {komi: 500}, 400, /'komi' must be a multiple of 0.5 from -150 to 150/],
        ['komi as text', {komi: 'seven'}, 400, /'komi' must be a number/],
        ['one handicap stone', {handicap: 1}, 400, /'handicap' must be 0, or 2 to 9/],
        ['an Abalone argument', {layout: 'belgian'}, 400, /unknown argument "layout"/],
        ['an unknown game', {game: 'chess'}, 400, /'game' must be "abalone" or "go"/],
        ['a record that is no SGF', {sgf: 'hello'}, 400, /^sgf:/],
        ['a record off its board', {sgf: '(;SZ[9];B[zz])'}, 400, /off the 9x9 board/],
        ['a 5x5 record', {sgf: '(;SZ[5])'}, 400, /the board is 5x5/],
        ['a record and a size', {sgf: '(;SZ[9])', size: 9}, 400, /not both/],
        ['a record over 64 KiB', {sgf: `(;SZ[9]C[${'x'.repeat(65526)}])`}, 400,
         /argument 'sgf' is longer than 65536 bytes/],
    ];
    for (const [name, body, status, re] of cases) {
        const r = await create(base, body);
        ok(r.status === status && r.json && r.json.status === status && re.test(r.json.error),
           `refused: ${name}`, r.text);
    }
    // A record of 64 KiB, its comment filling it: its body is longer than 64 KiB, which was
    // refused whole (413) before 2026-11-30.
    const full = `(;SZ[9]C[${'x'.repeat(65519)}];B[ee])`;
    let r = await create(base, {sgf: full, time: 0.05});
    ok(full.length === 65536 && r.status === 201 && r.json.ply === 1 && r.json.size === 9,
       'a record of 64 KiB', `${full.length} ${r.status} ${r.text.slice(0, 200)}`);
    await request(`${base}api/sessions/${r.json.id}/close`, 'POST', {});
    // Positions loaded from records, Black (the person) to move.
    const illegal = [
        ['an occupied point', '(;SZ[9]AW[ee])', 'E5', /the point is occupied/],
        ['suicide', '(;SZ[9]AW[ah][bi])', 'A1', /suicide/],
        ['a ko retaken at once', '(;SZ[9]AW[ce][df][dd]AB[ef][ed][fe][de]PL[W];W[ee])', 'D5',
         /ko/],
        ['a point off the board', '(;SZ[9])', 'K10', /off the 9x9 board/],
        ['not a point', '(;SZ[9])', 'hello', /^move 'hello': /],
    ];
    for (const [name, sgf, move, re] of illegal) {
        let r = await create(base, {sgf, time: 0.05});
        ok(r.status === 201 && r.json.side === 'black', `loaded: ${name}`, r.text.slice(0, 300));
        const url = `${base}api/sessions/${r.json.id}`;
        r = await request(url + '/move', 'POST', {move});
        ok(r.status === 422 && re.test(r.json.error), `refused: ${name}`, r.text);
        r = await request(url);
        ok(r.json.ply === (sgf.includes(';W[') ? 1 : 0), `${name}: nothing played`, r.text);
        await request(url + '/close', 'POST', {});
    }
}

async function sizes(base) {
    for (const [size, handicap, stones] of [[9, 0, 0], [13, 4, 4], [19, 9, 9]]) {
        const r = await create(base, {size, handicap, komi: 0.5, human: 'white', time: 0.05});
        const s = r.json;
        ok(r.status === 201 && s.size === size && s.handicap === handicap && s.komi === 0.5 &&
           s.stones.black.length === stones && s.side === (handicap ? 'white' : 'black'),
           `a ${size}x${size} game with ${handicap} handicap stones`, r.text.slice(0, 300));
        await request(`${base}api/sessions/${s.id}/close`, 'POST', {});
    }
    const r = await create(base, {size: 19, handicap: 4, time: 0.05, human: 'white'});
    ok(r.json.stones.black.join(' ') === 'D16 Q16 D4 Q4', 'the 4-4 points of 19x19',
       r.json.stones);
    await request(`${base}api/sessions/${r.json.id}/close`, 'POST', {});
}

// While the engine thinks (2 s), the event stream's info events carry the candidates of the
// running search, with visits, win rates and variations, before its move comes.
async function liveInfo(base) {
    const made = await create(base, {time: 2});
    const id = made.json.id, url = `${base}api/sessions/${id}`;
    const ctl = new AbortController();
    const res = await fetch(url + '/events', {signal: ctl.signal});
    const reader = res.body.getReader();
    let r = await request(url + '/move', 'POST', {move: 'E5'});
    ok(r.status === 200 && r.json.thinking === 'white', 'a move, the engine thinks', r.text);
    let text = '', live = null, moved = false;
    const t0 = Date.now();
    while (!live && !moved && Date.now() - t0 < 60000) {
        const {value, done: end} = await reader.read();
        if (end) break;
        text += Buffer.from(value).toString();
        for (const m of text.matchAll(/event: (info|state)\ndata: (.*)\n\n/g)) {
            const d = JSON.parse(m[2]);
            if (m[1] === 'state' && d.ply > 1) moved = true;
            if (m[1] === 'info' && d.analysis && !moved) live = d;
        }
    }
    ctl.abort();
    const a = live && live.analysis;
    ok(a && live.ply === 1 && a.ply === 1 && a.side === 'white' && a.candidates.length > 0 &&
       a.candidates.some(c => c.visits > 0) &&
       a.candidates.every(c => c.visits >= 0 && c.winrate >= 0 && c.winrate <= 1 &&
                               c.pv[0] === c.move) && a.ownership && a.ownership.length === 81 &&
       a.ownership.every(v => v >= -1 && v <= 1) && a.ownership[40] > 0.5, // E5 Black's so far
       'an info event of the running search: its candidates with visits and win rates, ownership',
       live ? JSON.stringify(live).slice(0, 400) : text.slice(-400));
    await request(url + '/close', 'POST', {});
}

async function play(base) {
    // 0.3 s: long enough for a search with playouts in an ASan build on a busy machine.
    let r = await create(base, {time: 0.3});
    const id = r.json.id, url = `${base}api/sessions/${id}`;
    r = await request(url + '/move', 'POST', {move: 'E5'});
    ok(r.status === 200 && r.json.ply === 1 && r.json.stones.black[0] === 'E5', 'a move', r.text);
    r = await request(url + '/move', 'POST', {move: 'D4'});
    ok(r.status === 409 && /engine's turn/.test(r.json.error), "refused: a move in the engine's turn",
       r.text);
    let s = await waitState(base, id, st => st.ply === 2);
    const m = s.moves[1], a = s.analysis;
    ok(m.side === 'white' && m.visits > 0 && m.winrate >= 0 && m.winrate <= 1 && m.why,
       'the engine answered with its figures', m);
    ok(a && a.ply === 1 && a.side === 'white' && a.candidates.length > 0 &&
       a.candidates[0].move === m.text && a.candidates.every(
           c => c.visits >= 0 && c.winrate >= 0 && c.winrate <= 1 && c.pv[0] === c.move) &&
       a.ownership && a.ownership.length === 81 && a.ownership.every(v => v >= -1 && v <= 1),
       'the analysis of its search: candidates, principal variations, ownership',
       JSON.stringify(a).slice(0, 400));
    r = await request(url + '/analyse', 'POST', {});
    ok(r.status === 200 && r.json.thinking === 'analysis', 'an analysis asked for', r.text);
    r = await request(url + '/analyse', 'POST', {});
    ok(r.status === 409 && /thinking/.test(r.json.error), 'refused: an analysis while one runs',
       r.text);
    s = await waitState(base, id, st => !st.thinking);
    ok(s.ply === 2 && s.analysis.ply === 2 && s.analysis.side === 'black' &&
       s.analysis.candidates.length > 0 && s.analysis.ownership.length === 81,
       'the analysis of the position, nothing played', JSON.stringify(s.analysis).slice(0, 300));
    r = await request(url + '/move', 'POST', {move: 'pass'});
    ok(r.status === 200 && r.json.moves[2].text === 'pass', 'a pass', r.text.slice(0, 300));
    s = await waitState(base, id, st => st.ply === 4 || st.over);
    r = await request(url + '/undo', 'POST', {});
    ok(r.status === 200 && r.json.ply === 2 && !r.json.over, 'take-back of the pass and its answer',
       r.text.slice(0, 300));
    r = await request(url + '/resign', 'POST', {});
    ok(r.status === 200 && r.json.over && r.json.result === 'W+R' &&
       r.json.reason === 'Black resigned', 'resignation', r.text.slice(-300));
    r = await request(url + '/move', 'POST', {move: 'C3'});
    ok(r.status === 409 && /over/.test(r.json.error), 'refused: a move after the end', r.text);
    r = await request(url + '/analyse', 'POST', {});
    ok(r.status === 409 && /over/.test(r.json.error), 'refused: an analysis after the end', r.text);
    r = await request(url + '/record');
    ok(r.status === 200 && /RE\[W\+R\]/.test(r.text) && /;B\[ee\]/.test(r.text),
       'the record of a resigned game', r.text);
}

async function engineGame(base) {
    let r = await create(base, {mode: 'watch', time: 0.05});
    const id = r.json.id, url = `${base}api/sessions/${id}`;
    const s = await waitState(base, id, st => st.over && st.result !== null, 240000);
    const n = s.moves.length;
    ok(s.reason === 'two passes' && s.moves[n - 1].text === 'pass' &&
       s.moves[n - 2].text === 'pass' && /^[BW]\+\d+(\.5)?$|^0$/.test(s.result) &&
       typeof s.score === 'number' && (s.score > 0) === s.result.startsWith('B') &&
       Array.isArray(s.dead.black) && Array.isArray(s.dead.white),
       'two engines to the end by two passes, with the count', JSON.stringify(s).slice(-500));
    ok(s.thinking === null && s.analysis && s.analysis.ownership.length === 81,
       'the count is done, its ownership kept', s.thinking);
    r = await request(url + '/record');
    const sgf = r.text;
    ok(r.status === 200 && r.type.startsWith('application/x-go-sgf') &&
       /filename="sumito-game.sgf"/.test(r.headers.get('content-disposition')) &&
       /SZ\[9\]/.test(sgf) && sgf.includes(`RE[${s.result}]`),
       'the SGF to download', sgf.slice(0, 300));
    r = await create(base, {sgf, mode: 'watch'});
    ok(r.status === 201 && r.json.ply === n && r.json.over &&
       JSON.stringify(r.json.stones) === JSON.stringify(s.stones),
       'the SGF loaded again: the same game', r.text.slice(0, 300));
    await request(`${base}api/sessions/${r.json.id}/close`, 'POST', {});
    r = await request(url + '/png?width=300&ownership=1');
    ok(r.status === 200 && r.type === 'image/png' && r.bytes.subarray(1, 4).toString() === 'PNG' &&
       r.bytes.readUInt32BE(16) === 300, 'the PNG of the end with its ownership', r.status);
    r = await request(url + '/png?ply=3&width=64');
    ok(r.status === 200 && r.bytes.readUInt32BE(16) === 64, 'the PNG of move 3', r.status);
    for (const [q, re] of [['ply=999', /out of range/], ['ownership=2', /'ownership' must be/],
                           ['width=10', /'width' must be an integer from 64/]]) {
        r = await request(`${url}/png?${q}`);
        ok(r.status === 400 && re.test(r.json.error), `refused: png?${q}`, r.text);
    }
    r = await request(url + '/new', 'POST', {game: 'abalone'});
    ok(r.status === 400 && /this session plays go/.test(r.json.error),
       'refused: another game in the session', r.text);
}

async function main() {
    const srv = await startServer(['--threads', '2', '--max-sessions', '8', '--hash', '4']);
    const base = srv.url;
    try {
        let r = await request(base + 'api/style?game=go');
        ok(r.status === 200 && /^#/.test(r.json.colours.board), "Go's style", r.text);
        r = await request(base + 'api/sessions', 'POST', {game: 'go'});
        r = await request(`${base}api/sessions/${r.json.id}/goto`, 'POST', {ply: 0});
        ok(r.status === 404 && /unknown action/.test(r.json.error),
           'refused: goto in Go (Abalone only)', r.text);
        r = await request(base + 'api/style?game=chess');
        ok(r.status === 404 && /no such game/.test(r.json.error), 'refused: the style of chess',
           r.text);
        await refusals(base);
        await sizes(base);
        await play(base);
        await liveInfo(base);
        await engineGame(base);
        r = await request(base + 'api/style');
        ok(r.status === 200, 'the server lives through it all', r.status);
    } finally {
        const code = await srv.stop();
        ok(code === 0, 'serve stops cleanly on SIGTERM', `${code} ${srv.stderr()}`);
    }
    done();
}

main().catch(bail);
