// SPDX-License-Identifier: MIT
// `sumito serve` closes every connection it answers: 5 000 connections one after the other,
// each a new TCP connection that asks for one thing over HTTP/1.1 (kept alive by default) and
// then drops it, against a server allowed 64 open files. The requests mix the API, the page,
// a picture, a refused move and event streams opened and dropped once their first event came.
// Before 2026-11-29 each connection kept a file descriptor and the server stopped answering at
// about the 58th.
import {readdirSync} from 'node:fs';
import {bail, done, get, ok, rawRequest as ask, request, startServer} from './serve_util.mjs';

const CONNECTIONS = 5000;

async function main() {
    const srv = await startServer(['--threads', '1'], {fdLimit: 64});
    const port = Number(new URL(srv.url).port);
    try {
        const made = await request(srv.url + 'api/sessions', 'POST', {time: 0.05});
        const id = made.json.id, move = '{"move":"a1a5"}';
        const kinds = [
            ['the style', () => ask(port, get('/api/style')), 200],
            ['the page', () => ask(port, get('/')), 200],
            ['the state', () => ask(port, get(`/api/sessions/${id}`)), 200],
            ['an event stream', () => ask(port, get(`/api/sessions/${id}/events`), '', true), 200],
            ['a refused move', () => ask(port, `POST /api/sessions/${id}/move HTTP/1.1\r\n` +
                `Host: 127.0.0.1\r\nContent-Length: ${move.length}\r\n`, move), 422],
            ['a picture', () => ask(port, get(`/api/sessions/${id}/png?width=64`)), 200],
        ];
        let failure = null, i = 0;
        for (; i < CONNECTIONS && !failure; i++) {
            const [name, run, want] = kinds[i % kinds.length];
            try {
                const r = await run();
                if (r.status !== want)
                    failure = `${name}: status ${r.status} ${r.text.slice(0, 100)}`;
            } catch (e) {
                failure = `${name}: ${e.message}`;
            }
        }
        ok(!failure, `${CONNECTIONS} connections one after the other under ulimit -n 64`,
           `connection ${i}: ${failure}`);
        const r = await ask(port, get('/api/style')).catch(e => ({status: e.message}));
        ok(r.status === 200, 'the server answers after them', r.status);
        const fds = readdirSync(`/proc/${srv.proc.pid}/fd`).length;
        ok(fds < 32, 'the server holds few files open after them', `${fds} open`);
    } finally {
        const code = await srv.stop();
        ok(code === 0, 'serve stops cleanly on SIGTERM', `${code} ${srv.stderr()}`);
    }
    done();
}

main().catch(bail);
