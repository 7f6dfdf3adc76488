// SPDX-License-Identifier: MIT
// The page of `sumito serve` end to end in headless Chromium (the system's /usr/bin/chromium,
// driven by playwright-core): a whole game against the engine at 50 ms a move played by clicks
// until the move cap ends it, an illegal click refused with the board unchanged, take-back,
// the engine-against-engine mode to its end, the principal variation on hover, a screenshot of
// the board whose pixels at known cells must have the marble and hole colours of the PNG
// renderer, a pasted position, the download links, and the server stopped and started again
// under the page. With
// SUMITO_SERVE_SCREENSHOT=FILE the whole page, mid-game, is also saved there (docs/serve.png is
// made so: see docs/serve.md).
import {chromium} from 'playwright-core';

import {bail, clickMove, done, name, ok, openPage, pixels, startServer} from './serve_util.mjs';

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const SQRT3 = Math.sqrt(3);

// A seeded generator (the g_test seed that prove passes, or a fixed one), so a failing game
// can be replayed.
function rng(seedText) {
    let h = 2166136261;
    for (const ch of seedText) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
    return () => {
        h ^= h << 13, h ^= h >>> 17, h ^= h << 5;
        return (h >>> 0) / 4294967296;
    };
}

const state = page => page.evaluate(() => window.sumito.state);

async function waitFor(page, pred, arg, ms = 90000) {
    await page.waitForFunction(pred, arg, {timeout: ms, polling: 50});
    return state(page);
}

async function newGame(page, opts) {
    await page.evaluate(o => {
        const f = document.getElementById('new-game').elements;
        f.mode.value = o.mode;
        f.human.value = o.human || 'black';
        f.layout.value = o.layout || 'belgian';
        f.time.value = String(o.time);
        f.move_cap.value = String(o.move_cap);
        f['white-rankcut'].checked = !!o.whiteRankcut;
        document.getElementById('new-game').dispatchEvent(new Event('change'));
    }, opts);
    const before = (await state(page)).version;
    await page.click('#new');
    return waitFor(page, v => window.sumito.state.version > v && window.sumito.state.ply === 0 &&
                              !document.querySelector('#moves .move'), before);
}

async function wholeGame(page, random) {
    let s = await newGame(page, {mode: 'play', time: 0.05, move_cap: 16});
    const played = [];
    while (!s.over) {
        s = await waitFor(page, () => window.sumito.state.over || window.sumito.state.legal.length);
        if (s.over) break;
        const move = s.legal[Math.floor(random() * s.legal.length)];
        await clickMove(page, move, s.legal);
        played.push(move.text);
        s = await waitFor(page, n => window.sumito.state.ply >= n, s.ply + 1);
    }
    s = await state(page);
    const mine = s.moves.filter(m => m.side === 'black').map(m => m.text);
    // Random clicks against the net can lose six marbles before the cap (about one seed in
    // four): either end is a finished game.
    ok(s.over && ((s.ply === 16 && s.reason === 'move cap reached') ||
                  (s.ply <= 16 && s.reason === 'six marbles ejected')), 'a whole game by clicks', s);
    ok(mine.join() === played.join(), 'the moves clicked are the moves played', {mine, played});
    ok(s.moves.filter(m => m.side === 'white').every(m => m.depth >= 1),
       "the engine's moves with their depth", s.moves);
    const status = await page.textContent('#status');
    ok(/^Game over: (1-0|0-1|1\/2-1\/2) \((move cap reached|six marbles ejected)\)$/.test(status),
       'the result shown',
       status);
    const items = await page.$$eval('#moves .move', m => m.map(x => x.firstChild.textContent));
    ok(items.join() === s.moves.map(m => m.text).join(), 'the move list', items);
}

async function illegalClick(page) {
    const s = await newGame(page, {mode: 'play', time: 0.05, move_cap: 300});
    await page.click('[data-marble="a1"]');
    const selected = await page.$$eval('[data-selected]', e => e.map(x => x.dataset.selected));
    await page.click('.cell[data-cell="e5"]');
    const after = await state(page);
    const message = await page.textContent('#message');
    ok(selected.join() === 'a1' && after.position === s.position && after.ply === 0 &&
       after.version === s.version, 'an illegal click leaves the board unchanged',
       {selected, before: s.position, after: after.position});
    ok(/^Not a legal move: e5/.test(message), 'an illegal click is refused with a reason', message);
    const targets = await page.$$eval('[data-target], [data-selected]', e => e.length);
    ok(targets === 0, 'the selection is dropped', targets);
}

async function takeBack(page) {
    let s = await newGame(page, {mode: 'play', time: 0.05, move_cap: 300});
    const start = s.position;
    await clickMove(page, s.legal[0], s.legal);
    s = await waitFor(page,
                      () => window.sumito.state.ply === 2 && window.sumito.state.legal.length);
    ok(!(await page.isDisabled('#undo')), 'take-back offered', s.ply);
    await page.click('#undo');
    s = await waitFor(page, () => window.sumito.state.ply === 0);
    ok(s.position === start && (await page.$$eval('#moves .move', l => l.length)) === 0 &&
       (await page.isDisabled('#undo')), 'take-back of a move pair', s.position);
}

async function watchMode(page) {
    let s = await newGame(page, {mode: 'watch', time: 0.05, move_cap: 10, whiteRankcut: false});
    ok(s.mode === 'watch' && s.engines.black.rankcut && !s.engines.white.rankcut,
       'RankCut against plain alpha-beta', s.engines);
    s = await waitFor(page, () => window.sumito.state.over, undefined, 90000);
    const figures = await page.$$eval('#moves .move small', l => l.map(x => x.textContent));
    ok(s.ply === 10 && figures.length === 10 &&
       figures.every(f => /^d\d+ (cp|win|loss) -?\d+$/.test(f)),
       'engine against engine to its end, depth and score per move', figures);
    const info = await page.textContent('#think-depth');
    ok(/^\d+ \(sel \d+\)$/.test(info), 'the search figures shown', info);
}

// Hovering over the principal variation while the engine thinks draws it on the board.
async function pvHover(page) {
    await newGame(page, {mode: 'play', human: 'white', time: 2, move_cap: 300});
    await waitFor(page, () => window.sumito.info && window.sumito.info.ply === 0 &&
                              window.sumito.info.pv.length >= 2);
    const before = await page.$$eval('.layer-pv polygon', p => p.length);
    await page.hover('#think-pv');
    const shown = await page.$$eval('.layer-pv polygon', p => p.length);
    const numbers = await page.$$eval('.layer-pv text', t => t.map(x => x.textContent));
    await page.mouse.move(1, 1);
    const after = await page.$$eval('.layer-pv polygon', p => p.length);
    ok(before === 0 && shown >= 2 && numbers[0] === '1' && after === 0,
       'the principal variation drawn on hover', {before, shown, numbers, after});
}

// A position pasted in starts a game from it; a bad one is refused with the board unchanged;
// the record and the PNG links give what they say.
async function positionAndFiles(page, errors) {
    const s = await newGame(page, {mode: 'play', time: 0.05, move_cap: 300});
    // The standard layout with White to move: the engine (White) moves first.
    const custom = 'wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb w 0';
    await page.fill('#position', 'bbbbbbbbbbbbbbbbbbbbbb');
    await page.click('#use-position');
    await page.waitForFunction(() => document.getElementById('message').textContent !== '');
    const refused = await page.textContent('#message');
    ok(/^position: /.test(refused) && (await state(page)).position === s.position,
       'a bad position string is refused', refused);
    // The browser logs the refused request; that one is expected.
    const logged = errors.findIndex(e => /status of 400/.test(e));
    if (logged >= 0) errors.splice(logged, 1);
    await page.fill('#position', custom);
    await page.click('#use-position');
    const t = await waitFor(page, p => window.sumito.state.start === p, custom);
    const u = await waitFor(page, () => window.sumito.state.ply === 1);
    ok(t.layout === null && u.moves[0].side === 'white' && u.legal.length > 0,
       'a game from a pasted position, the engine first', u.moves);
    const files = await page.evaluate(async () => {
        const link = document.getElementById('download-record').href;
        const rec = await fetch(link).then(r => r.text());
        const png = await fetch(document.getElementById('download-png').href);
        return {rec, type: png.headers.get('content-type'),
                size: (await png.arrayBuffer()).byteLength};
    });
    ok(/\[Event "sumito serve"\]/.test(files.rec) && files.rec.includes(`[Position "${custom}"]`),
       'the record link', files.rec);
    ok(files.type === 'image/png' && files.size > 1000, 'the PNG link', files);
}

async function screenshot(page, browser, style) {
    const s = await newGame(page, {mode: 'play', time: 0.05, move_cap: 300});
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = await page.$eval('#board', e => {
        const r = e.getBoundingClientRect(), v = e.viewBox.baseVal;
        return {x: r.x, y: r.y, w: r.width, h: r.height, vx: v.x, vy: v.y, vw: v.width,
                vh: v.height};
    });
    const png = await page.screenshot({clip: {x: box.x, y: box.y, width: box.w, height: box.h}});
    // A cell's centre in the screenshot, from the renderer's geometry (cell units, E5 at 0).
    const at = cell => {
        const r = 'abcdefghi'.indexOf(cell[0]), d = Number(cell.slice(1)) - 1;
        const u = (d - 4) - (r - 4) / 2, v = -(r - 4) * SQRT3 / 2, k = box.w / box.vw;
        return [(u - box.vx) * k, (v - box.vy) * k];
    };
    const cells = {a1: 'black', i9: 'black', a5: 'white', i5: 'white', e5: 'hole', d2: 'hole'};
    const got = await pixels(browser, png, Object.keys(cells).map(at));
    const hex = h => [1, 3, 5].map(i => parseInt(h.slice(i, i + 2), 16));
    // A marble's centre as the renderer shades it (core/draw/raster.c: ambient 0.5, diffuse
    // 0.55 times the light's z 0.7437, and the highlight's sheen at the half vector's z 0.9344).
    const centre = rgb => {
        const h = 0.9344, light = 0.5 + 0.55 * 0.7437, spec = 0.9 * h ** 40 + 0.12 * h ** 6;
        return rgb.map(c => Math.min(255, Math.round(c * light + 255 * spec)));
    };
    const want = {black: centre(hex(style.colours.black)), white: centre(hex(style.colours.white)),
                  hole: hex(style.colours.hole)};
    Object.keys(cells).forEach((cell, i) => {
        const p = got[i], w = want[cells[cell]];
        const dist = Math.max(...w.map((x, j) => Math.abs(x - p[j])));
        ok(dist <= 24, `screenshot: ${cell} has the ${cells[cell]} colour`, {pixel: p, want: w});
    });
    ok(s.marbles.black.includes('a1') && s.marbles.white.includes('a5'),
       'the cells checked hold what they should', s.marbles);
}

// The whole page mid-game, the engine's line shown on the board, for docs/serve.png.
async function docScreenshot(page, file) {
    let s = await newGame(page, {mode: 'play', time: 1, move_cap: 300});
    for (let i = 0; i < 4; i++) {
        s = await waitFor(page, () => window.sumito.state.legal.length);
        await clickMove(page, s.legal[(i * 7) % s.legal.length], s.legal);
        await waitFor(page, n => window.sumito.state.ply >= n, s.ply + 1);
    }
    // While the engine thinks about its fourth move, its line on the board.
    await waitFor(page, () => window.sumito.info && window.sumito.info.depth >= 4 &&
                              window.sumito.info.ply === window.sumito.state.ply);
    await page.hover('#think-pv');
    await page.screenshot({path: file, fullPage: true});
}

const message = page => page.$eval('#message', e => e.textContent);

// The network drops under the page (the browser offline, its event stream broken) while the
// engine thinks: the page says it cannot reach the server and retries; once the network is
// back it says so and takes the state from the server, the engine's move made meanwhile.
async function networkDrop(page) {
    let s = await newGame(page, {mode: 'play', time: 1, move_cap: 300});
    const context = page.context();
    await clickMove(page, s.legal[0], s.legal);
    await waitFor(page, () => window.sumito.state.thinking);
    await context.setOffline(true);
    await page.evaluate(() => window.sumito.events.dispatchEvent(new Event('error')));
    await page.waitForFunction(
        () => /^Server unreachable, retrying in 2 s/.test(
            document.getElementById('message').textContent), null, {timeout: 30000});
    ok(true, 'offline, the page says the server is unreachable and retries less often');
    await context.setOffline(false);
    s = await waitFor(page, () => /^Reconnected\.$/.test(
        document.getElementById('message').textContent) && window.sumito.state.ply === 2);
    ok(s.moves[1].depth >= 1 && !s.thinking, 'back online, the page has the move made meanwhile',
       s.moves);
    await clickMove(page, s.legal[0], s.legal);
    s = await waitFor(page, () => window.sumito.state.ply === 4, undefined, 30000);
    ok(s.moves[3].side === 'white', 'and the event stream again', s.moves);
}

// The server stops under the page, mid-game: the page says it cannot reach it and retries.
// Started again on the same port, the server knows nothing of the game: the page says so and
// offers a new game, which is played. Resolves with the new server.
async function restart(page, srv) {
    let s = await newGame(page, {mode: 'play', time: 0.05, move_cap: 300});
    await clickMove(page, s.legal[0], s.legal);
    s = await waitFor(page,
                      () => window.sumito.state.ply === 2 && window.sumito.state.legal.length);
    const code = await srv.stop();
    await page.waitForFunction(
        () => /^Server unreachable, retrying in \d+ s/.test(
            document.getElementById('message').textContent), null, {timeout: 30000});
    ok(code === 0, 'the page says the server is unreachable when it stops', await message(page));
    await page.click(`[data-marble="${name(s.legal[0].from[0])}"]`);
    ok(/^Server unreachable/.test(await message(page)) && (await state(page)).ply === 2,
       'a click while it is away changes nothing', await message(page));
    const again = await startServer(['--threads', '1', '--port', new URL(srv.url).port]);
    await page.waitForFunction(() => !document.getElementById('orphan').hidden, null,
                               {timeout: 60000});
    ok(/^Reconnected, but the server no longer knows this game/.test(await message(page)) &&
       (await state(page)).ply === 2, 'back, the page says the game is gone, the board kept',
       await message(page));
    await page.click('#fresh-game');
    s = await waitFor(page, id => window.sumito.state.id !== id &&
                                  window.sumito.state.ply === 0 && window.sumito.state.legal.length,
                      s.id);
    ok(await page.$eval('#orphan', e => e.hidden), 'a new game on the new server', s.id);
    await clickMove(page, s.legal[0], s.legal);
    s = await waitFor(page, () => window.sumito.state.ply === 2);
    ok(s.moves[1].depth >= 1, "the new server's engine answers through the event stream",
       s.moves);
    return again;
}

async function main() {
    const at = process.argv.indexOf('--seed');
    const seed = at >= 0 ? process.argv[at + 1] : 'fixed';
    console.log(`# seed ${seed}`);
    let srv = await startServer(['--threads', '1']);
    const browser = await chromium.launch({executablePath: CHROMIUM, args: ['--no-sandbox']});
    try {
        const {page, errors} = await openPage(browser, srv.url, {width: 1280, height: 860});
        const style = await page.evaluate(() => fetch('/api/style').then(r => r.json()));
        ok(await page.$$eval('.cell', c => c.length) === 61, 'the board has 61 cells');
        await wholeGame(page, rng(seed));
        await illegalClick(page);
        await takeBack(page);
        await watchMode(page);
        await pvHover(page);
        await screenshot(page, browser, style);
        await positionAndFiles(page, errors);
        const shot = process.env.SUMITO_SERVE_SCREENSHOT;
        if (shot) await docScreenshot(page, shot);
        ok(errors.length === 0, 'no error in the page', errors);
        // The console reports the requests that failed while the server was away: from here
        // on only uncaught errors count.
        const uncaught = [];
        page.on('pageerror', e => uncaught.push(String(e)));
        await networkDrop(page);
        srv = await restart(page, srv);
        ok(uncaught.length === 0, 'no uncaught error in the page', uncaught);
    } finally {
        await browser.close();
        const code = await srv.stop();
        ok(code === 0, 'serve stops cleanly', `${code} ${srv.stderr().slice(0, 1500)}`);
    }
    done();
}

main().catch(bail);
