// SPDX-License-Identifier: MIT
// Stepping through a record on the Abalone page of `sumito serve`, end to end in headless
// Chromium (the system's /usr/bin/chromium, driven by playwright-core): a 10-move record loaded
// from a file, three moves back by the arrow keys and the back button, the marbles drawn where
// the record cut after its 7th move puts them, the engine's analysis of the position shown
// (its principal variation drawn as arrows), the balance chart filled in point by point with
// the shown ply marked, the move list clicked to jump to a ply, and a move played by clicks
// from there: the moves after it dropped and the engine answering; before all this, a damaged
// record pasted, refused with its line. No error in the console. With
// SUMITO_REVIEW_SCREENSHOT=FILE the page reviewing a game of the MIGS archive is saved there
// (docs/images/abalone-review.png is made so: see docs/serve.md).
import fs from 'node:fs';

import {chromium} from 'playwright-core';

import {bail, clickMove, done, name, ok, openPage, record, request, startServer} from './serve_util.mjs';

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

const state = page => page.evaluate(() => window.sumito.state);

async function waitFor(page, pred, arg, ms = 90000) {
    await page.waitForFunction(pred, arg, {timeout: ms, polling: 50});
    return state(page);
}

// The marbles drawn on the board, colour and cell, sorted.
function drawn(page) {
    return page.$$eval('[data-marble]', gs => gs.map(g =>
        `${g.classList.contains('black') ? 'b' : 'w'}${g.dataset.marble}`).sort().join());
}

// A damaged record pasted: refused with its line and reason, the game on the board kept.
async function damaged(page, errors) {
    const before = await drawn(page), version = (await state(page)).version;
    await page.click('#load-box summary');
    await page.fill('#record-text', record(10).replace('h9g8', 'i9h8'));
    await page.click('#load-record');
    await page.waitForFunction(() => document.getElementById('message').textContent, null,
                               {timeout: 20000});
    const message = await page.textContent('#message'), s = await state(page);
    ok(/^record:5:43: move 4 \(Black\) 'i9h8': i9 is empty/.test(message) &&
       await drawn(page) === before && s.version === version && !s.review,
       'a damaged record pasted: refused with its line, the board kept', message);
    const logged = errors.findIndex(e => /status of 422/.test(e)); // the browser logs the 422
    if (logged >= 0) errors.splice(logged, 1);
}

async function review(page, base) {
    await page.evaluate(() => { document.getElementById('new-game').elements.time.value = '0.2'; });
    await page.setInputFiles('#record-file', {name: 'game.apgn', mimeType: 'text/plain',
                                              buffer: Buffer.from(record(10))});
    let s = await waitFor(page, () => window.sumito.state.review &&
                                      window.sumito.state.length === 10);
    ok(s.ply === 10 && await page.$$eval('#moves .move', m => m.length) === 10 &&
       await page.isVisible('#review'), 'the record loaded from a file, at its last move', s);
    // Back three moves: two by the left arrow, one by the button.
    await page.click('#board');
    await page.keyboard.press('ArrowLeft');
    await waitFor(page, () => window.sumito.state.ply === 9);
    await page.keyboard.press('ArrowLeft');
    await waitFor(page, () => window.sumito.state.ply === 8);
    await page.click('#step-back');
    s = await waitFor(page, () => window.sumito.state.ply === 7);
    const cut = await request(base + 'api/sessions', 'POST', {record: record(7)});
    const want = ['black', 'white'].flatMap(c => cut.json.marbles[c].map(m => c[0] + m))
        .sort().join();
    ok(s.position === cut.json.position && await drawn(page) === want,
       'back three moves: the board of the record cut after 7 moves', {s: s.position, want});
    ok((await page.textContent('#status')).startsWith('Move 7 of 10, White to move'),
       'the status names the move shown', await page.textContent('#status'));
    ok(await page.$$eval('#moves .move.current', m => m.map(x => x.dataset.ply).join()) === '7',
       'the move shown is marked in the list');
    // The engine's view, asked for by the step (the box "Analyse each position" is ticked).
    s = await waitFor(page, () => window.sumito.state.analysis &&
                                  window.sumito.state.analysis.ply === 7);
    const pvText = await page.textContent('#think-pv');
    ok(s.analysis.depth > 0 && pvText === s.analysis.pv.map(m => m.text).join(' ') &&
       await page.textContent('#think-score') === s.analysis.score,
       "the engine's analysis of the position shown", {pvText, a: s.analysis});
    const numbers = await page.$$eval('.layer-pv text', t => [...new Set(t.map(x => x.textContent))]);
    ok(numbers.join() === s.analysis.pv.slice(0, 8).map((m, i) => i + 1).join() &&
       await page.$$eval('.layer-pv polygon', p => p.length) >= numbers.length,
       'its principal variation drawn as numbered arrows', numbers);
    // The balance chart, filled in as the server scores the positions.
    s = await waitFor(page, () => window.sumito.state.balance.every(b => b));
    const points = await page.getAttribute('#balance polyline', 'points');
    const mark = await page.getAttribute('#balance line.mark', 'x1');
    ok(points.trim().split(/\s+/).length === 11 && Math.abs(Number(mark) - 70) < 0.01,
       'the balance chart: 11 points, ply 7 marked', {points, mark});
    // The move list: a click on move 5 goes there; the right arrow comes back.
    await page.click('#moves .move[data-ply="5"]');
    await waitFor(page, () => window.sumito.state.ply === 5);
    await page.click('#board');
    await page.keyboard.press('ArrowRight');
    await waitFor(page, () => window.sumito.state.ply === 6);
    await page.click('#step-forward');
    s = await waitFor(page, () => window.sumito.state.ply === 7 && window.sumito.state.legal.length);
    ok(await drawn(page) === want, 'the move list and forward steps back to move 7');
    return s;
}

async function playOn(page, s) {
    const move = s.legal.find(m => m.from.length === 1 && m.text !== 'a4b4');
    // A marble picked stays picked through the states an analysis brings (the board the same).
    await page.click(`[data-marble="${name(move.from[0])}"]`);
    await page.click('#analyse');
    await waitFor(page, v => window.sumito.state.version > v && !window.sumito.state.analysing,
                  s.version + 1);
    ok(await page.$$eval('[data-selected]', x => x.map(e => e.dataset.selected).join()) ===
       name(move.from[0]), 'a marble picked stays picked while the position is analysed');
    await page.keyboard.press('Escape');
    await clickMove(page, move, s.legal);
    s = await waitFor(page, () => !window.sumito.state.review && window.sumito.state.length >= 8);
    ok(s.moves.length >= 8 && s.moves[7].text === move.text && s.human === 'white' &&
       s.mode === 'play', 'a move from move 7 by clicks: the moves after it dropped',
       s.moves.map(m => m.text));
    s = await waitFor(page, () => window.sumito.state.ply === 9 &&
                                  !window.sumito.state.thinking);
    ok(s.moves[8].depth > 0 && await page.$$eval('#moves .move', m => m.length) === 9 &&
       s.legal.length > 0, 'the engine answers, and it is White to move again', s.moves);
}

// The picture of docs/serve.md: the first game of the sample of the MIGS archive pasted, the
// balance filled in, move 38 shown with its analysis, the boxes of a new game and of loading
// closed, saved at $SUMITO_REVIEW_SCREENSHOT (1 200 x 1 000 pixels).
async function picture(page) {
    const text = fs.readFileSync(new URL('data/migs-sample-100.apgn', import.meta.url), 'utf8');
    await page.fill('#record-text', text.slice(0, text.indexOf('[Event', 10)));
    await page.evaluate(() => { document.getElementById('new-game').elements.time.value = '1'; });
    await page.click('#load-record');
    await waitFor(page, () => window.sumito.state.review && window.sumito.state.length === 86);
    // Every position but the last, where six marbles are off and the game over.
    await waitFor(page, () => window.sumito.state.balance.filter(b => b).length === 86);
    await page.click('#moves .move[data-ply="38"]');
    await waitFor(page, () => window.sumito.state.analysis &&
                              window.sumito.state.analysis.ply === 38);
    await page.evaluate(() => {
        for (const id of ['setup', 'load-box']) document.getElementById(id).open = false;
        window.scrollTo(0, 0);
    });
    await page.setViewportSize({width: 1200, height: 1000});
    await page.screenshot({path: process.env.SUMITO_REVIEW_SCREENSHOT});
}

async function main() {
    const srv = await startServer(['--threads', '1', '--hash', '4']);
    const browser = await chromium.launch({executablePath: CHROMIUM, args: ['--no-sandbox']});
    try {
        const {page, errors} = await openPage(browser, srv.url, {width: 1280, height: 900});
        await damaged(page, errors);
        await playOn(page, await review(page, srv.url));
        if (process.env.SUMITO_REVIEW_SCREENSHOT) await picture(page);
        ok(errors.length === 0, 'no error in the console', errors);
    } finally {
        await browser.close();
        const code = await srv.stop();
        ok(code === 0, 'the server exits cleanly', code);
    }
    done();
}

main().catch(bail);
