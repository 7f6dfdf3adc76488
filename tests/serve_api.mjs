// SPDX-License-Identifier: MIT
// The JSON API of `sumito serve` with good and bad input, straight over HTTP: malformed JSON,
// wrong types, unknown arguments, illegal moves, unknown sessions, a body of 1 MiB and one of
// a byte more, the session cap with many parallel sessions, take-back, resignation, the record,
// the PNG, the event stream, an engine-against-engine game to its end, the expiry of idle
// sessions and a refused body of 64 MiB that the server must not keep. Every refusal must be a
// JSON error with a 4xx status, and the server must live through them all.
import {readFileSync} from 'node:fs';

import {bail, done, get, ok, rawRequest, request, sleep, startServer, waitState}
    from './serve_util.mjs';

async function badInput(base) {
    const cases = [
        ['malformed JSON', 'POST', 'api/sessions', '{"mode":', 400, /JSON object/],
        ['not an object', 'POST', 'api/sessions', '[1,2]', 400, /JSON object .*, not an array/],
        ['empty body', 'POST', 'api/sessions', '', 400, /\{\} when there are no arguments/],
        ['two JSON values', 'POST', 'api/sessions', '{"time":1}{}', 400,
         /nothing after it: more at byte 11/],
        ['unknown argument', 'POST', 'api/sessions', '{"colour":"red"}', 400,
         /unknown argument "colour"/],
        ['wrong type', 'POST', 'api/sessions', '{"time":"fast"}', 400, /'time' must be a number/],
        ['out of range', 'POST', 'api/sessions', '{"time":1000}', 400,
         /'time' must be from 0.01 to 60/],
        ['bad engine', 'POST', 'api/sessions', '{"black":{"eval":"magic"}}', 400, /"net" or "hce"/],
        ['bad nested key', 'POST', 'api/sessions', '{"white":{"depth":3}}', 400,
         /"depth" in 'white'/],
        ['layout and position', 'POST', 'api/sessions',
         '{"layout":"german","position":"5/6/7/8/9/8/7/6/5 b"}', 400, /not both/],
        ['unknown layout', 'POST', 'api/sessions', '{"layout":"moon"}', 400, /unknown layout/],
        ['bad position', 'POST', 'api/sessions', '{"position":"www/9 b"}', 400, /^position: /],
        ['invalid UTF-8', 'POST', 'api/sessions',
         Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), 400, /./],
        ['GET on a POST resource', 'GET', 'api/sessions', undefined, 405, /POST creates/],
        ['PUT', 'PUT', 'api/sessions/0123/move', '{}', 405, /method not allowed/],
        ['unknown API path', 'GET', 'api/frobnicate', undefined, 404, /unknown resource/],
        ['unknown session', 'GET', 'api/sessions/0123456789abcdef0123456789abcdef', undefined, 404,
         /no session/],
        ['unknown session move', 'POST', 'api/sessions/nope/move', '{"move":"a1b2"}', 404,
         /no session 'nope'/],
        ['unknown session events', 'GET', 'api/sessions/nope/events', undefined, 404, /no session/],
    ];
    for (const [name, method, path, body, status, re] of cases) {
        const r = await request(base + path, method, body);
        ok(r.status === status && r.json && r.json.status === status && re.test(r.json.error) &&
           r.type.startsWith('application/json'), `refused: ${name}`, `${r.status} ${r.text}`);
    }
    // A body of 1 MiB is read (its argument is refused); one of a byte more is refused whole.
    const body = n => '{"layout":"' + 'x'.repeat(n - 13) + '"}';
    let r = await request(base + 'api/sessions', 'POST', body(1 << 20));
    ok(r.status === 400 && /'layout' is longer than 15 bytes/.test(r.json.error),
       'a body of 1 MiB is read', `${r.status} ${r.text.slice(0, 200)}`);
    r = await request(base + 'api/sessions', 'POST', body((1 << 20) + 1));
    ok(r.status === 413 && r.json && /longer than 1048576 bytes/.test(r.json.error),
       'refused: a body of 1 MiB and 1 byte', `${r.status} ${r.text.slice(0, 200)}`);
    r = await request(base + 'nothing/here');
    ok(r.status === 404, 'unknown page path is 404', r.status);
}

async function play(base) {
    let r = await request(base + 'api/sessions', 'POST', {time: 0.05, layout: 'belgian'});
    const s = r.json;
    ok(r.status === 201 && s && s.side === 'black' && s.marbles.black.length === 14 &&
       s.legal.length > 0 && s.human === 'black', 'a new session', r.text.slice(0, 300));
    const id = s.id, url = `${base}api/sessions/${id}`;
    for (const [name, body, status, re] of [
        ['illegal move', {move: 'a1a5'}, 422, /move 'a1a5': /],
        ['not a move', {move: 'hello'}, 422, /move 'hello': /],
        ['move missing', {}, 400, /'move' is missing/],
        ['move of the wrong type', {move: 12}, 400, /must be a string/]]) {
        r = await request(url + '/move', 'POST', body);
        ok(r.status === status && re.test(r.json && r.json.error), `refused: ${name}`, r.text);
    }
    r = await request(url);
    ok(r.json.ply === 0 && r.json.position === s.position, 'the board unchanged by refusals',
       r.text);
    r = await request(url + '/move', 'POST', {move: s.legal[0].text});
    ok(r.status === 200 && r.json.ply === 1, 'a legal move', r.text.slice(0, 200));
    r = await request(url + '/move', 'POST', {move: s.legal[0].text});
    ok(r.status === 409 || r.status === 422, "refused: a move in the engine's turn", r.text);
    const after = await waitState(base, id, st => st.ply === 2);
    ok(after.moves[1].depth >= 1 && after.moves[1].side === 'white', 'the engine answered',
       after.moves);
    r = await request(url + '/undo', 'POST', {});
    ok(r.status === 200 && r.json.ply === 0 && r.json.position === s.position,
       'take-back of a move pair', r.text.slice(0, 200));
    r = await request(url + '/undo', 'POST', {});
    ok(r.status === 409, 'refused: nothing to take back', r.text);
    r = await request(url + '/undo', 'POST', {extra: 1});
    ok(r.status === 400, 'refused: arguments to undo', r.text);
    r = await request(url + '/png?ply=0&width=300');
    ok(r.status === 200 && r.type === 'image/png' && r.bytes.subarray(1, 4).toString() === 'PNG',
       'a PNG of the position', `${r.status} ${r.type}`);
    for (const q of ['ply=5', 'ply=-1', 'width=10', 'width=abc']) {
        r = await request(`${url}/png?${q}`);
        ok(r.status === 400 && r.json, `refused: png ${q}`, r.text);
    }
    r = await request(url + '/resign', 'POST', {});
    ok(r.status === 200 && r.json.over && r.json.result === '0-1', 'resignation',
       r.text.slice(0, 200));
    r = await request(url + '/record');
    ok(r.status === 200 && /\[Result "0-1"\]/.test(r.text) && /Black resigns/.test(r.text) &&
       /attachment/.test(r.headers.get('content-disposition')),
       'the record after resignation', r.text);
    r = await request(url + '/close', 'POST', {});
    ok(r.status === 200, 'close', r.text);
    r = await request(url);
    ok(r.status === 404, 'a closed session is gone', r.status);
}

async function events(base) {
    const r0 = await request(base + 'api/sessions', 'POST',
                             {mode: 'watch', time: 0.05, move_cap: 6});
    const id = r0.json.id;
    const ctl = new AbortController();
    const res = await fetch(`${base}api/sessions/${id}/events`, {signal: ctl.signal});
    ok(res.status === 200 && /text\/event-stream/.test(res.headers.get('content-type')),
       'the event stream opens', res.status);
    const reader = res.body.getReader();
    let text = '';
    const t0 = Date.now();
    while (!/"over":true/.test(text) && Date.now() - t0 < 120000) {
        const {value, done: end} = await reader.read();
        if (end) break;
        text += Buffer.from(value).toString();
    }
    ctl.abort();
    ok(/^event: state\ndata: \{/.test(text), 'the stream starts with the state',
       text.slice(0, 100));
    ok(/event: info\ndata: \{"side":"(black|white)","ply":\d+,"depth":\d+/.test(text),
       'search figures are streamed', text.slice(0, 300));
    const fin = await waitState(base, id, st => st.over, 120000);
    ok(fin.moves.length === 6 && fin.moves.every(m => m.depth >= 1) &&
       fin.reason === 'move cap reached',
       'engine against engine to the move cap', fin.moves);
    await request(`${base}api/sessions/${id}/close`, 'POST', {});
}

// Pictures are drawn off the main loop: six 2048-pixel PNGs asked for at once (about 0.15 s
// each to draw) and a small request, whose answer must begin before the last picture's. The
// small request's connection is opened once the six are connected, and its request sent once
// the first picture's answer begins; drawn on the main loop, that picture held up every
// answer, and the other five, read before the small request, held it up too. (The order in
// which answers begin, not end: a big answer is still being sent while a small one after it
// is complete.)
async function pictures(base) {
    const made = await request(base + 'api/sessions', 'POST', {time: 0.05});
    const id = made.json.id, port = Number(new URL(base).port), order = [];
    let connected = 0, allConnected, firstAnswer;
    const ready = new Promise(resolve => { allConnected = resolve; });
    const begun = new Promise(resolve => { firstAnswer = resolve; });
    const big = Array.from({length: 6}, () =>
        rawRequest(port, get(`/api/sessions/${id}/png?width=2048`), '', false, {
            connected: () => { if (++connected === 6) allConnected(); },
            answering: () => { order.push('png'); firstAnswer(); },
        }));
    await ready;
    const small = rawRequest(port, get('/api/style'), '', false,
                             {when: begun, answering: () => order.push('style')});
    const answers = await Promise.all([...big, small]);
    ok(answers.every(r => r.status === 200) && order.indexOf('style') < order.lastIndexOf('png'),
       'a small request is answered while big pictures are drawn', order);
    await request(`${base}api/sessions/${id}/close`, 'POST', {});
}

async function parallel(base) {
    const made = await Promise.all(Array.from({length: 6}, () =>
        request(base + 'api/sessions', 'POST',
                {time: 0.05, human: 'white', engine: {eval: 'hce'}})));
    ok(made.every(r => r.status === 201), 'six sessions at once', made.map(r => r.status));
    const extra = await Promise.all([1, 2].map(() => request(base + 'api/sessions', 'POST', {})));
    ok(extra.filter(r => r.status === 201).length === 1 &&
       extra.filter(r => r.status === 503 && /too many sessions/.test(r.json.error)).length === 1,
       'the session cap (7)', extra.map(r => r.text.slice(0, 100)));
    const ids = made.map(r => r.json.id);
    const states =
        await Promise.all(ids.map(id => waitState(base, id, st => st.ply === 1, 120000)));
    ok(states.every(st => st.moves[0].side === 'black' && st.legal.length > 0),
       'queued searches all answered', states.map(st => st.ply));
    const moved = await Promise.all(states.map(st =>
        request(`${base}api/sessions/${st.id}/move`, 'POST', {move: st.legal[0].text})));
    ok(moved.every(r => r.status === 200), 'moves in every session at once',
       moved.map(r => r.status));
    await Promise.all(ids.map(id => request(`${base}api/sessions/${id}/close`, 'POST', {})));
    const again = await request(base + 'api/sessions', 'POST', {});
    ok(again.status === 201, 'room again after closing', again.text.slice(0, 100));
}

async function main() {
    const srv = await startServer(['--threads', '1', '--max-sessions', '7']);
    const base = srv.url;
    try {
        let r = await request(base);
        ok(r.status === 200 && /<svg id="board"/.test(r.text) && /text\/html/.test(r.type),
           'the page', r.status);
        r = await request(base + 'app.js');
        ok(r.status === 200 && /javascript/.test(r.type), 'the script', r.status);
        r = await request(base + 'api/style');
        ok(r.status === 200 && r.json.colours.black === '#2a2b31' &&
           r.json.colours.white === '#edebe3' &&
           r.json.trays.length === 12, "the renderer's style", r.text.slice(0, 200));
        await badInput(base);
        await play(base);
        await events(base);
        await pictures(base);
        await parallel(base);
        r = await request(base + 'api/style');
        ok(r.status === 200, 'the server lives through it all', r.status);
    } finally {
        const code = await srv.stop();
        ok(code === 0, 'serve stops cleanly on SIGTERM', `${code} ${srv.stderr()}`);
    }
    const idle = await startServer(['--threads', '1', '--idle', '1']);
    try {
        let r = await request(idle.url + 'api/sessions', 'POST', {});
        await sleep(2600);
        r = await request(`${idle.url}api/sessions/${r.json.id}`);
        ok(r.status === 404, 'an idle session expires', r.status);
    } finally {
        await idle.stop();
    }
    await dropped();
    done();
}

// A body over the limit, sent whole, is read and dropped as it comes: the server's peak of
// resident memory grows by less than a quarter of it (ASan's quarantine of freed memory held
// to 1 MiB). Before 2026-11-30 libsoup kept the whole body before the 413 was sent.
async function dropped() {
    const srv = await startServer(['--threads', '1'], {asan: 'quarantine_size_mb=1'});
    const port = Number(new URL(srv.url).port);
    const peak = () => Number(/VmHWM:\s+(\d+) kB/
        .exec(readFileSync(`/proc/${srv.proc.pid}/status`, 'utf8'))[1]);
    try {
        await request(srv.url + 'api/style');
        const before = peak(), n = 64 << 20;
        const r = await rawRequest(port, 'POST /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
                                   `Content-Length: ${n}\r\n`, 'x'.repeat(n));
        const grew = peak() - before;
        ok(r.status === 413 && /longer than 1048576 bytes/.test(r.text) && grew < n / 4 / 1024,
           'a body of 64 MiB over the limit is not kept', `${r.status} ${r.text} ${grew} kB`);
    } finally {
        const code = await srv.stop();
        ok(code === 0, 'serve stops cleanly after it', `${code} ${srv.stderr()}`);
    }
}

main().catch(bail);
