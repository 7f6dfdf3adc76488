// SPDX-License-Identifier: MIT
// Stepping through a game on sumito serve's Abalone page: a record loaded from a file or
// pasted (APGN), the buttons, arrow keys and move list that go to a ply, the engine's
// analysis of the position shown, and the balance chart: the engine's score of every position
// of the game (Black's point of view, in the engine's units), filled in as the server scores
// them, with the shown ply marked. A move played on the board goes on from there.

import {drawChart} from '/chart.js';

const $ = id => document.getElementById(id);

let ctx = null; // {app, post, say}

// The score of a balance point for the chart, from -1 to 1: the engine's units scaled by the
// largest score of the game (at least 200), a won or lost position at the edge.
function chartPoints(balance) {
    const plain = balance.filter(b => b && /^cp /.test(b.score)).map(b => Math.abs(b.score_cp));
    const range = Math.max(200, ...plain);
    const last = Math.max(balance.length - 1, 1);
    return balance.map((b, i) => {
        if (!b) return null;
        const v = /^win/.test(b.score) ? 1 : /^loss/.test(b.score) ? -1 : b.score_cp / range;
        return [i / last, 0.5 + 0.5 * Math.max(-1, Math.min(1, v))];
    });
}

function goTo(ply) {
    const s = ctx.app.state;
    if (!s || ply < 0 || ply > s.length || ply === s.ply) return;
    ctx.post('goto', {ply}).then(() => {
        if ($('auto-analyse').checked) analyse(true);
    });
}

// quiet: a refusal (the game over there, a search under way) is not said.
function analyse(quiet) {
    return ctx.post('analyse', {}, quiet);
}

// The analysis of the position shown, if the server has one.
export function shownAnalysis(s) {
    return s && s.analysis && s.analysis.ply === s.ply ? s.analysis : null;
}

export function showReview(s) {
    const stepping = s.review || s.balance.length > 0;
    $('review').hidden = !stepping;
    $('review-note').textContent = s.review
        ? `Move ${s.ply} of ${s.length}. Play a move on the board to go on from here against ` +
              'the engine (the moves after it are dropped).'
        : '';
    $('step-first').disabled = $('step-back').disabled = s.ply === 0;
    $('step-forward').disabled = $('step-last').disabled = s.ply >= s.length;
    $('analyse').disabled = !s.legal.length || !!s.thinking || s.analysing;
    const list = $('moves');
    for (const m of list.querySelectorAll('.move'))
        m.classList.toggle('current', Number(m.dataset.ply) === s.ply);
    // The move shown in the middle of the list while stepping (the list keeps to its end else).
    const current = list.querySelector('.move.current');
    if (s.review && current)
        list.scrollTop += current.getBoundingClientRect().top - list.getBoundingClientRect().top -
                          list.clientHeight / 2;
    const points = chartPoints(s.balance);
    drawChart($('balance'), points, s.balance.length > 1 ? s.ply / (s.balance.length - 1) : null);
    $('balance').dataset.points = points.filter(p => p).length;
}

async function load() {
    const record = $('record-text').value;
    if (!record.trim()) {
        ctx.say('Paste a record or choose a file first.');
        return;
    }
    const f = $('new-game').elements;
    const o = {record, game_index: Number($('record-index').value) || 1,
               time: Number(f.time.value), mode: 'play', human: f.human.value,
               engine: {rankcut: f['black-rankcut'].checked, eval: f['black-eval'].value}};
    ctx.app.info = null;
    await ctx.post('new', o);
}

export function wireReview(context) {
    ctx = context;
    $('record-file').addEventListener('change', async e => {
        const file = e.target.files[0];
        if (!file) return;
        $('record-text').value = await file.text();
        await load();
    });
    $('load-record').addEventListener('click', load);
    const step = d => () => {
        const s = ctx.app.state;
        if (s) goTo(d === 'first' ? 0 : d === 'last' ? s.length : s.ply + d);
    };
    $('step-first').addEventListener('click', step('first'));
    $('step-back').addEventListener('click', step(-1));
    $('step-forward').addEventListener('click', step(1));
    $('step-last').addEventListener('click', step('last'));
    $('analyse').addEventListener('click', () => analyse(false));
    $('moves').addEventListener('click', e => {
        const m = e.target.closest('.move');
        if (m) goTo(Number(m.dataset.ply));
    });
    $('balance').addEventListener('click', e => {
        const s = ctx.app.state, box = $('balance').getBoundingClientRect();
        if (s && s.balance.length > 1 && box.width > 0)
            goTo(Math.round((e.clientX - box.left) / box.width * (s.balance.length - 1)));
    });
    const keys = {ArrowLeft: -1, ArrowRight: 1, Home: 'first', End: 'last'};
    document.addEventListener('keydown', e => {
        const s = ctx.app.state;
        if (!(e.key in keys) || !s || !(s.review || s.balance.length)) return;
        if (e.target.closest('input, textarea, select')) return;
        e.preventDefault();
        step(keys[e.key])();
    });
}
