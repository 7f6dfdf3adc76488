// SPDX-License-Identifier: MIT
// What the tests of `sumito serve` share: starting the server on a free port (the address it
// prints), TAP output, JSON requests, the pixels of a screenshot, and moves played by clicks on
// the Abalone page. $SUMITO is the binary under test.
import {spawn} from 'node:child_process';
import {once} from 'node:events';
import net from 'node:net';
import {fileURLToPath} from 'node:url';

// libsoup's own leak, which ASan builds would report at the server's exit (the file says why).
// The suppression names a function of GIO, which has no frame pointers: the slow unwinder
// finds it, the fast one stops at g_malloc.
const SUPPRESSIONS = fileURLToPath(new URL('serve_lsan.supp', import.meta.url));

let n = 0, failed = 0;

export function ok(cond, name, detail) {
    n++;
    console.log(`${cond ? 'ok' : 'not ok'} ${n} ${name}`);
    if (!cond) {
        failed = 1;
        if (detail !== undefined)
            for (const line of String(typeof detail === 'string' ? detail : JSON.stringify(detail))
                     .slice(0, 2000).split('\n'))
                console.log(`#   ${line}`);
    }
    return cond;
}

export function done() {
    console.log(`1..${n}`);
    process.exit(failed);
}

export function bail(err) {
    const text = err && err.stack ? err.stack.split('\n').slice(0, 4).join(' | ') : err;
    console.log(`Bail out! ${text}`);
    process.exit(1);
}

// Starts `sumito serve ARGS...`; resolves with {url, proc, stop()} once it prints its address.
// opts.fdLimit: the server runs under `ulimit -n` that many open files.
export async function startServer(args, opts = {}) {
    const bin = process.env.SUMITO || 'build/sumito';
    const lsan = [process.env.LSAN_OPTIONS,
                  `suppressions=${SUPPRESSIONS}`].filter(Boolean).join(':');
    const asan = [process.env.ASAN_OPTIONS, 'fast_unwind_on_malloc=0', opts.asan]
        .filter(Boolean).join(':');
    const argv = opts.fdLimit ? ['sh', '-c', `ulimit -n ${opts.fdLimit} && exec "$0" "$@"`, bin]
                              : [bin];
    const proc = spawn(argv[0], [...argv.slice(1), 'serve', ...args], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {...process.env, LSAN_OPTIONS: lsan, ASAN_OPTIONS: asan},
    });
    let out = '', err = '';
    proc.stderr.on('data', d => { err += d; });
    const url = await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no address in 20 s: ${out} ${err}`)),
                                 20000);
        proc.stdout.on('data', d => {
            out += d;
            const m = out.match(/open (http:\/\/\S+\/) in a browser/);
            if (m) {
                clearTimeout(timer);
                resolve(m[1]);
            }
        });
        proc.on('exit', code => reject(new Error(`serve exited with ${code}: ${err}`)));
    });
    return {
        url, proc,
        stderr: () => err,
        async stop() {
            if (proc.exitCode !== null) return proc.exitCode;
            proc.kill('SIGTERM');
            const [code] = await once(proc, 'exit');
            return code;
        },
    };
}

// A request; resolves with {status, type, json, text, bytes}.
export async function request(url, method = 'GET', body, headers = {}) {
    const init = {method, headers};
    if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
    const r = await fetch(url, init);
    const bytes = Buffer.from(await r.arrayBuffer());
    const text = bytes.toString('utf8');
    let json = null;
    try { json = JSON.parse(text); } catch { json = null; }
    return {status: r.status, type: r.headers.get('content-type') || '', json, text, bytes,
            headers: r.headers};
}

export const sleep = ms => new Promise(r => setTimeout(r, ms));

// Polls a session's state until pred holds (or the time runs out); resolves with the state.
// The limits are generous: the tests run niced on machines busy with other work, where an
// ASan build's search of 50 ms can wait long for the processor.
export async function waitState(base, id, pred, ms = 90000) {
    const t0 = Date.now();
    for (;;) {
        const r = await request(`${base}api/sessions/${id}`);
        if (r.json && pred(r.json)) return r.json;
        if (Date.now() - t0 > ms) throw new Error(`state not reached: ${r.text.slice(0, 300)}`);
        await sleep(50);
    }
}

// One request (head: the request line and headers, each ending in CRLF) on a new connection
// of its own; resolves with the answer's status and body once the body is complete (its
// Content-Length), or its first event for a stream (stream true). The client closes the
// connection then, as a browser drops an idle one. opts.connected is called once connected,
// opts.answering when the first byte of the answer comes; the request is written once
// connected and opts.when (a promise), if given, has resolved.
export function rawRequest(port, head, body = '', stream = false, opts = {}) {
    return new Promise((resolve, reject) => {
        const sock = net.connect(port, '127.0.0.1');
        let data = Buffer.alloc(0);
        const timer = setTimeout(() => {
            sock.destroy();
            reject(new Error(`no answer in 20 s to ${head.split('\r\n')[0]}`));
        }, 20000);
        const finish = (status, text) => {
            clearTimeout(timer);
            sock.destroy();
            resolve({status, text});
        };
        sock.on('error', e => { clearTimeout(timer); reject(e); });
        sock.on('connect', async () => {
            if (opts.connected) opts.connected();
            await opts.when;
            sock.write(head + '\r\n' + body);
        });
        sock.on('data', d => {
            if (!data.length && opts.answering) opts.answering();
            data = Buffer.concat([data, d]);
            const end = data.indexOf('\r\n\r\n');
            if (end < 0) return;
            const headers = data.subarray(0, end).toString();
            const status = Number(headers.split(' ')[1]);
            const rest = data.subarray(end + 4);
            if (stream) {
                if (rest.includes('\n\n')) finish(status, rest.toString());
                return;
            }
            const m = headers.match(/content-length: *(\d+)/i);
            if (m && rest.length >= Number(m[1])) finish(status, rest.toString());
        });
    });
}

// The head of a GET request for rawRequest.
export function get(path) {
    return `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n`;
}

// The colours of a screenshot (PNG bytes) at points [x, y], read back through a canvas of a
// new page of the browser.
export async function pixels(browser, png, points) {
    const page = await browser.newPage();
    const out = await page.evaluate(async ([data, pts]) => {
        const img = new Image();
        img.src = 'data:image/png;base64,' + data;
        await img.decode();
        const c = document.createElement('canvas');
        c.width = img.width, c.height = img.height;
        const ctx = c.getContext('2d');
        ctx.drawImage(img, 0, 0);
        const at = ([x, y]) => ctx.getImageData(Math.round(x), Math.round(y), 1, 1).data;
        return pts.map(p => Array.from(at(p)));
    }, [png.toString('base64'), points]);
    await page.close();
    return out;
}

// The name of a cell sent as [row, diagonal] ("a1" is [0, 0]).
export const name = ([r, d]) => 'abcdefghi'[r] + (d + 1);

// The cell to click to make a move: one its marbles land on that the group does not hold and
// that no other move of the same group lands on (what the Abalone page highlights).
function targetOf(move, legal) {
    const group = move.from.map(name).sort().join();
    const counts = new Map();
    for (const m of legal) {
        if (m.from.map(name).sort().join() !== group) continue;
        for (const c of new Set(m.to.map(name).filter(c => !move.from.map(name).includes(c))))
            counts.set(c, (counts.get(c) || 0) + 1);
    }
    return move.to.map(name).find(c => !move.from.map(name).includes(c) && counts.get(c) === 1);
}

// Plays one move on the Abalone page by clicks: its marbles, then its destination.
export async function clickMove(page, move, legal) {
    for (const c of move.from) await page.click(`[data-marble="${name(c)}"]`);
    const target = targetOf(move, legal);
    await page.waitForSelector(`[data-target="${target}"]`, {timeout: 5000});
    await page.click(`[data-target="${target}"]`);
}

// Ten moves of the Belgian daisy, from a game of the MIGS archive.
export const MOVES = ['i9h8', 'i6h6', 'i8h7', 'a5b5', 'h8g7', 'h6g5', 'h9g8', 'a4b4', 'a1b1', 'b4c4'];

// An APGN record of the Belgian daisy with the first n of MOVES and the extra tags.
export function record(n, tags = '', event = 'review test') {
    let moves = '';
    for (let i = 0; i < n; i++) moves += (i % 2 ? '' : `${i / 2 + 1}. `) + MOVES[i] + ' ';
    return `[Event "${event}"]\n[Variant "belgian"]\n${tags}[Result "*"]\n\n${moves}*\n`;
}

// A new page of the browser at url, once the Abalone page has its state; errors collects the
// page's uncaught errors and console errors.
export async function openPage(browser, url, viewport) {
    const page = await browser.newPage({viewport});
    const errors = [];
    page.on('pageerror', e => errors.push(String(e)));
    page.on('console', m => { if (m.type() === 'error') errors.push(m.text()); });
    await page.goto(url);
    await page.waitForFunction(() => window.sumito && window.sumito.state, null,
                               {timeout: 20000});
    return {page, errors};
}
