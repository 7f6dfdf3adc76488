// SPDX-License-Identifier: MIT
// Stepping through an Abalone record through the JSON API of `sumito serve`: a 10-move record
// (APGN) loaded and shown at its last position with its moves, the record's own rules (no move cap
// unless it has one), a game chosen from a file of two and the last of the 100-game sample archive,
// damaged records refused with their line and reason and one holding a NUL character refused, goto
// (the position after 7 moves must be that of the record cut after its 7th), the engine's analysis
// of the position shown, the balance of every position filled in by the server, and a move played
// at an earlier ply: the moves after it dropped and the engine answering. Go sessions take no
// record.
import fs from 'node:fs';

import {MOVES, bail, done, ok, record, request, startServer, waitState} from './serve_util.mjs';

async function load(base, body) {
    return request(base + 'api/sessions', 'POST', {time: 0.2, ...body});
}

async function refusals(base) {
    const damaged = record(10).replace('h9g8', 'i9h8'); // i9 was left at the first move
    const two = record(10) + '\n' + damaged.replace('review test', 'damaged');
    const cases = [
        ['a damaged record', {record: damaged}, 422, /^record:5:43: move 4 \(Black\) 'i9h8': i9 is empty/],
        ['a damaged second game', {record: two, game_index: 2}, 422,
         /^record:11:43: move 4 \(Black\) 'i9h8': i9 is empty/],
        ['a third game of two', {record: two, game_index: 3}, 422,
         /record holds 2 games: there is no game 3/],
        ['an empty record', {record: ''}, 422, /^record:1:1: no game/],
        ['an unknown variant', {record: '[Variant "hex"]\n\n1. a1b2 *\n'}, 422,
         /^record:1:1: \[Variant "hex"\]: a layout sumito does not have/],
        ['a record and a layout', {record: two, layout: 'german'}, 400, /not both/],
        ['a game index alone', {game_index: 2}, 400, /'game_index' goes with a 'record'/],
        ['a game index 0', {record: two, game_index: 0}, 400, /'game_index' must be/],
    ];
    for (const [name, body, status, re] of cases) {
        const r = await load(base, body);
        ok(r.status === status && r.json && re.test(r.json.error), `refused: ${name}`, r.text);
    }
    let r = await load(base, {record: two});
    ok(r.status === 201 && r.json.length === 10, 'the first game of a file by default', r.text);
    // Before 2026-11-30 the string ended at the NUL and the record was read cut there: this one
    // refused for its missing result, a file of many games cut between two loaded short.
    const cut = record(10).replace(` ${MOVES[9]} `, `\u0000 ${MOVES[9]} `);
    const at = JSON.stringify({time: 0.2, record: cut}).indexOf('\\u0000') + 1;
    r = await load(base, {record: cut});
    ok(at > 0 && r.status === 400 &&
       r.json.error === `a string holds a NUL character (\\u0000) at byte ${at}; no argument ` +
                        'takes one', 'refused: a record holding a NUL character', r.text);
}

// The sample of the MIGS archive, 100 games (97 KB: a body longer than 64 KiB, refused whole
// before 2026-11-30), its last game chosen: its moves are those of the file.
async function archive(base) {
    const text = fs.readFileSync(new URL('data/migs-sample-100.apgn', import.meta.url), 'utf8');
    const games = text.split('[Event ').slice(1), last = games[games.length - 1];
    const plies = Number(/\[Plies "(\d+)"\]/.exec(last)[1]);
    const moves = last.slice(last.indexOf('\n\n')).split(/\s+/)
        .filter(w => /^[a-i]\d[a-i]\d/.test(w));
    const r = await load(base, {record: text, game_index: games.length});
    ok(games.length === 100 && text.length > 65536 && moves.length === plies &&
       r.status === 201 && r.json.review && r.json.length === plies &&
       r.json.moves.map(m => m.text).join() === moves.join(),
       `game ${games.length} of the sample archive (${text.length} bytes, ${plies} moves)`,
       r.text.slice(0, 300));
    await request(`${base}api/sessions/${r.json.id}/close`, 'POST', {});
}

async function rules(base) {
    let r = await load(base, {record: record(10)});
    ok(r.status === 201 && r.json.move_cap === 0 && !r.json.over,
       "a record without a move cap has none", r.text);
    r = await load(base, {record: record(10, '[MoveCap "10"]\n')});
    ok(r.status === 201 && r.json.move_cap === 10 && r.json.over &&
       r.json.reason === 'move cap reached', "the record's move cap ends it", r.text);
}

async function stepping(base) {
    let r = await load(base, {record: record(7)});
    const at7 = r.json.position;
    r = await load(base, {record: record(10, '', 'second') + '\n' + record(10), game_index: 2});
    const s = r.json, url = `${base}api/sessions/${s.id}`;
    ok(r.status === 201 && s.review && s.ply === 10 && s.length === 10 &&
       s.moves.map(m => m.text).join() === MOVES.join() && s.thinking === null &&
       s.balance.length === 11 && s.legal.length > 0, 'a record loaded at its last position',
       r.text);
    r = await request(url + '/goto', 'POST', {ply: 7});
    ok(r.status === 200 && r.json.ply === 7 && r.json.position === at7 &&
       r.json.side === 'white' && r.json.last.text === MOVES[6] && r.json.length === 10,
       'goto 7: the position after 7 moves', r.text);
    for (const [body, re] of [[{ply: 11}, /ply 11 is out of range \(0 to 10\)/],
                              [{}, /'ply' is missing/], [{ply: 'x'}, /'ply' must be/]]) {
        r = await request(url + '/goto', 'POST', body);
        ok(r.status === 400 && re.test(r.json.error), `refused: goto ${JSON.stringify(body)}`,
           r.text);
    }
    for (const a of ['undo', 'resign']) {
        r = await request(`${url}/${a}`, 'POST', {});
        ok(r.status === 409 && /stepping through the game/.test(r.json.error),
           `refused while stepping: ${a}`, r.text);
    }
    r = await request(url + '/analyse', 'POST', {});
    ok(r.status === 200 && r.json.analysing && r.json.thinking === null, 'an analysis asked for',
       r.text);
    const again = await request(url + '/analyse', 'POST', {});
    ok(again.status === 409 && /analysis is under way/.test(again.json.error),
       'refused: a second analysis meanwhile', again.text);
    let st = await waitState(base, s.id, x => !x.analysing && x.analysis);
    const a = st.analysis;
    ok(a.ply === 7 && a.kind === 'analysis' && a.side === 'white' && a.depth > 0 &&
       /^(cp|win|loss) /.test(a.score) && a.pv.length > 0 &&
       st.legal.some(m => m.text === a.pv[0].text) && st.moves.length === 10 && st.ply === 7,
       "the engine's view of the position shown, nothing played", st);
    st = await waitState(base, s.id, x => x.balance.every(b => b));
    ok(st.balance.length === 11 && st.balance.every((b, i) => b.ply === i && b.depth > 0 &&
                                                            Number.isInteger(b.score_cp)),
       'the balance: every position scored', st.balance);
    // A move at ply 7 (White's): the three after it are dropped, the person plays White.
    const move = st.legal.find(m => m.text !== MOVES[7]).text;
    r = await request(url + '/move', 'POST', {move});
    ok(r.status === 200 && !r.json.review && r.json.length === 8 && r.json.mode === 'play' &&
       r.json.human === 'white' && r.json.moves.slice(0, 7).map(m => m.text).join() ===
       MOVES.slice(0, 7).join() && r.json.moves[7].text === move,
       'a move at ply 7 drops the moves after it', r.text);
    st = await waitState(base, s.id, x => x.ply === 9);
    ok(st.moves[8].depth > 0 && st.moves[8].side === 'black' && st.side === 'white',
       'the engine answers, and the game goes on', st.moves);
    st = await waitState(base, s.id, x => x.balance.length === 10 && x.balance.every(b => b));
    ok(st.balance[7].ply === 7, 'the positions played on are scored too', st.balance);
}

async function main() {
    const srv = await startServer(['--threads', '1', '--max-sessions', '16', '--hash', '4']);
    const base = srv.url;
    try {
        await refusals(base);
        await archive(base);
        await rules(base);
        await stepping(base);
        const r = await request(base + 'api/sessions', 'POST', {game: 'go', record: record(2)});
        ok(r.status === 400 && /unknown argument "record"/.test(r.json.error),
           'refused: a record for Go', r.text);
    } finally {
        const code = await srv.stop();
        ok(code === 0, 'the server exits cleanly', code);
    }
    done();
}

main().catch(bail);
