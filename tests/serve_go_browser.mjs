// SPDX-License-Identifier: MIT
// The Go page of `sumito serve` end to end in headless Chromium (the system's /usr/bin/chromium,
// driven by playwright-core): a 9x9 game against the engine at 0.3 s a move by clicks, an
// illegal click refused with the board unchanged, the engine's candidates drawn on the board
// with the principal variation of the one under the pointer, the ownership shading, the
// win-rate graph, a screenshot whose pixels at the stones' centres have the renderer's stone
// colours, the game to its end by passes with the result shown, resignation, the SGF and PNG
// links and an SGF loaded back; and at 2 s a move, the candidates of the running search drawn
// before the engine's move.
import {chromium} from 'playwright-core';

import {bail, done, ok, pixels, request, startServer} from './serve_util.mjs';

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

const state = page => page.evaluate(() => window.sumito.state);

async function waitFor(page, pred, arg, ms = 90000) {
    await page.waitForFunction(pred, arg, {timeout: ms, polling: 50});
    return state(page);
}

async function newGame(page, opts) {
    const before = await page.evaluate(() => window.sumito.id);
    await page.evaluate(o => {
        const f = document.getElementById('new-game').elements;
        f.mode.value = o.mode;
        f.human.value = 'black';
        f.size.value = String(o.size);
        f.time.value = String(o.time);
    }, opts);
    await page.click('#new');
    return waitFor(page, id => window.sumito.state && window.sumito.id !== id, before);
}

const click = (page, v) => page.click(`#board rect.point[data-vertex="${v}"]`);

async function stonePixels(page, browser, s, style) {
    const box = await page.$eval('#board', e => {
        const r = e.getBoundingClientRect(), v = e.viewBox.baseVal;
        return {x: r.x, y: r.y, w: r.width, h: r.height, vw: v.width, vh: v.height};
    });
    const png = await page.screenshot({clip: {x: box.x, y: box.y, width: box.w, height: box.h}});
    // The view box is scaled to fit and centred in the element (preserveAspectRatio's default).
    const k = Math.min(box.w / box.vw, box.h / box.vh), n = s.size;
    const x0 = (box.w - box.vw * k) / 2, y0 = (box.h - box.vh * k) / 2;
    const at = v => [x0 + ('ABCDEFGHJ'.indexOf(v[0]) + 1) * k,
                     y0 + (n - (Number(v.slice(1)) - 1)) * k];
    const b = s.stones.black[0], w = s.stones.white[0];
    const got = await pixels(browser, png, [at(b), at(w)]);
    const hex = h => [1, 3, 5].map(i => parseInt(h.slice(i, i + 2), 16));
    [[b, 'black', got[0]], [w, 'white', got[1]]].forEach(([v, colour, p]) => {
        const want = hex(style.colours[colour]);
        const dist = Math.max(...want.map((x, j) => Math.abs(x - p[j])));
        ok(dist <= 24, `screenshot: ${v} has the ${colour} stone's colour`, {pixel: p, want});
    });
}

async function game(page, browser, style) {
    // 0.3 s: long enough for a search with playouts in an ASan build on a busy machine.
    let s = await newGame(page, {mode: 'play', size: 9, time: 0.3});
    ok(s.size === 9 && s.ply === 0 && await page.locator('#board .star').count() === 5,
       'a new 9x9 game: the grid and its five star points', s);
    await click(page, 'E5');
    s = await waitFor(page, () => window.sumito.state.ply === 2);
    ok(s.stones.black[0] === 'E5' && s.stones.white.length === 1, 'a click plays, the engine answers',
       s.stones);
    const info = await page.evaluate(() => ({n: window.sumito.infoCount, info: window.sumito.info}));
    ok(info.n > 0 && info.info.visits > 0 && info.info.winrate >= 0 && info.info.winrate <= 1 &&
       info.info.pv.length > 0 && info.info.ply === 1,
       "the search's figures streamed while it ran (visits, win rate, variation)", info);
    const taken = s.stones.white[0];
    await click(page, taken);
    await page.waitForFunction(() => /occupied/.test(document.getElementById('message').textContent));
    s = await state(page);
    ok(s.ply === 2 && s.stones.white[0] === taken, 'an illegal click refused, the board unchanged',
       await page.textContent('#message'));
    const cands = await page.locator('#board .cand').count();
    ok(cands > 0 && await page.locator('#candidates li').count() > 0,
       "the engine's candidates drawn with visits and win rates",
       JSON.stringify((await state(page)).analysis).slice(0, 300));
    ok(await page.locator('#board .ownership rect').count() > 0, 'the ownership shaded', '');
    await page.hover('#board .cand >> nth=0');
    const pv = await page.locator('#board .pv circle').count();
    await page.mouse.move(1, 1);
    const after = await page.locator('#board .pv circle').count();
    ok(pv > 0 && after === 0, 'the principal variation on hover, gone after', {pv, after});
    ok(await page.getAttribute('#winrate polyline', 'points') !== '', 'the win-rate graph', '');
    await page.click('#analyse');
    s = await waitFor(page, () => {
        const st = window.sumito.state;
        return !st.thinking && st.analysis && st.analysis.ply === st.ply;
    });
    ok(s.ply === 2 && await page.locator('#board .cand').count() > 0,
       'Analyse: the candidates of the position drawn, nothing played', s.analysis.candidates);
    await page.uncheck('#show-ownership');
    await stonePixels(page, browser, s, style);
    await page.check('#show-ownership');
    for (let i = 0; i < 8 && !(await state(page)).over; i++) {
        await page.waitForFunction(() => !window.sumito.state.thinking);
        if ((await state(page)).over) break;
        await page.click('#pass');
        await page.waitForFunction(n => window.sumito.state.ply > n, s.ply + i);
    }
    s = await waitFor(page, () => window.sumito.state.over && window.sumito.state.result);
    const status = await page.textContent('#status');
    ok(/^[BW]\+[\d.]+ \(two passes\)$|^0 \(two passes\)$/.test(status) && status.startsWith(s.result),
       'the game to its end by passes, the result shown', status);
    const sgf = await page.evaluate(async () => {
        const r = await fetch(document.getElementById('download-record').href);
        return r.text();
    });
    ok(/SZ\[9\]/.test(sgf) && sgf.includes(`RE[${s.result}]`), 'the SGF link', sgf.slice(0, 200));
    const png = await page.evaluate(async () => {
        const r = await fetch(document.getElementById('download-png').href);
        return {type: r.headers.get('content-type'), size: (await r.arrayBuffer()).byteLength};
    });
    ok(png.type === 'image/png' && png.size > 1000, 'the PNG link', png);
    await page.setInputFiles('#load-sgf', {name: 'game.sgf', mimeType: 'application/x-go-sgf',
                                           buffer: Buffer.from(sgf)});
    const loaded = await waitFor(page, id => window.sumito.id !== id, s.id);
    ok(loaded.ply === s.ply && JSON.stringify(loaded.stones) === JSON.stringify(s.stones),
       'an SGF loaded from a file: the same game', loaded.ply);
    s = await newGame(page, {mode: 'play', size: 13, time: 0.05});
    await page.click('#resign');
    s = await waitFor(page, () => window.sumito.state.over);
    ok(s.size === 13 && (await page.textContent('#status')) === 'W+R (Black resigned)',
       'resignation on 13x13', await page.textContent('#status'));
}

// While the engine thinks (2 s a move), the candidates of its running search are on the board
// before its move arrives.
async function thinking(page) {
    let s = await newGame(page, {mode: 'play', size: 9, time: 2});
    await click(page, 'E5');
    const seen = await page.waitForFunction(() => {
        const st = window.sumito.state;
        const n = document.querySelectorAll('#board .cand').length;
        const graph = document.querySelector('#winrate polyline').getAttribute('points');
        return st.ply >= 2 || (st.thinking && n > 0) ? {ply: st.ply, n, graph} : null;
    }, null, {timeout: 60000, polling: 20}).then(h => h.jsonValue());
    ok(seen.ply === 1 && seen.n > 0, "the running search's candidates drawn before its move",
       seen);
    ok(seen.ply === 1 && /^100\.00,[\d.]+$/.test(seen.graph),
       "the win-rate graph with the running search's point", seen);
    s = await waitFor(page, () => window.sumito.state.ply === 2);
    ok(await page.locator('#board .cand').count() > 0, 'and its candidates after it', s.ply);
}

async function main() {
    const srv = await startServer(['--threads', '1', '--hash', '4']);
    const browser = await chromium.launch({executablePath: CHROMIUM, args: ['--no-sandbox']});
    try {
        const style = (await request(srv.url + 'api/style?game=go')).json;
        const page = await browser.newPage({viewport: {width: 1280, height: 860}});
        const errors = [];
        page.on('console', m => { if (m.type() === 'error') errors.push(m.text()); });
        page.on('pageerror', e => errors.push(String(e)));
        await page.goto(srv.url + 'go/');
        await page.waitForFunction(() => window.sumito && window.sumito.state);
        ok(await page.title() === 'sumito: Go', 'the Go page', await page.title());
        await game(page, browser, style);
        await thinking(page);
        // The illegal click's refusal is a 422 the console reports; nothing else may be there.
        const others = errors.filter(e => !/status of 422/.test(e));
        ok(others.length === 0, 'no error in the console', others);
    } finally {
        await browser.close();
        const code = await srv.stop();
        ok(code === 0, 'serve stops cleanly on SIGTERM', `${code} ${srv.stderr()}`);
    }
    done();
}

main().catch(bail);
