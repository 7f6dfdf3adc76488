// SPDX-License-Identifier: MIT
// Drives `sumito go gtp` with @sabaki/gtp, the GTP library of the Sabaki board (an outside
// client): numbered and pipelined commands, a short 9x9 game kept in step by its
// ControllerStateTracker (genmove, lz-genmove_analyze, an undo), a loaded SGF file, and
// analysis sessions whose lines reach its subscriber and parse by the documented grammars
// (docs/go.md). Prints TAP. Arguments: the sumito binary, a folder for files.
'use strict'
const fs = require('fs')
const path = require('path')
const {Controller, ControllerStateTracker} = require('@sabaki/gtp')

const [sumito, tmp] = process.argv.slice(2)
let count = 0
let failed = false

function ok(cond, name, detail) {
  count++
  console.log(`${cond ? 'ok' : 'not ok'} ${count} ${name}`)
  if (!cond) {
    failed = true
    if (detail !== undefined) console.log(`# ${String(detail).slice(0, 400)}`)
  }
}

const sleep = ms => new Promise(resolve => setTimeout(resolve, ms))
const VERTEX = /^([A-HJ-T](1[0-9]|[1-9])|pass)$/i

// The blocks of one analysis line: each `info` block's fields, and the ownership values.
// Leela Zero: move V visits N winrate W prior P lcb L order O pv V...; KataGo: the same keys
// with fractions, scoreLead optional, then `ownership` and one value per point.
function parseAnalysis(line, kata) {
  let words = line.trim().split(/\s+/)
  let blocks = []
  let ownership = null
  let i = 0
  while (i < words.length) {
    if (words[i] === 'ownership') {
      ownership = words.slice(i + 1).map(Number)
      break
    }
    if (words[i] !== 'info') throw new Error(`'info' expected at word ${i}: ${words[i]}`)
    let block = {pv: []}
    i++
    while (i < words.length && words[i] !== 'info' && words[i] !== 'ownership') {
      let key = words[i++]
      if (key === 'pv') {
        while (i < words.length && VERTEX.test(words[i])) block.pv.push(words[i++])
        continue
      }
      if (i >= words.length) throw new Error(`${key} has no value`)
      block[key] = key === 'move' ? words[i++] : Number(words[i++])
    }
    for (let key of ['move', 'visits', 'winrate', 'prior', 'lcb', 'order']) {
      if (block[key] === undefined) throw new Error(`block without ${key}`)
    }
    if (!VERTEX.test(block.move)) throw new Error(`bad move ${block.move}`)
    let top = kata ? 1 : 10000
    for (let key of ['winrate', 'prior', 'lcb']) {
      let v = block[key]
      if (!(v >= 0 && v <= top) || (!kata && !Number.isInteger(v)))
        throw new Error(`bad ${key} ${v}`)
    }
    if (!Number.isInteger(block.visits) || block.visits < 0) throw new Error('bad visits')
    if (block.order !== blocks.length) throw new Error(`order ${block.order} out of place`)
    if (block.pv.length < 1 || block.pv[0] !== block.move) throw new Error('pv without the move')
    blocks.push(block)
  }
  return {blocks, ownership}
}

// Runs an analysis command until `name` stops it; returns its lines and both responses.
async function analyse(controller, command, ms) {
  let lines = []
  let analysis = controller.sendCommand(command, ({line}) => {
    if (line.startsWith('info')) lines.push(line)
  })
  let start = Date.now()
  while (lines.length < 2 && Date.now() - start < 20000) await sleep(50)
  await sleep(ms)
  let stopper = controller.sendCommand({id: 99, name: 'name'})
  let [first, second] = await Promise.all([analysis, stopper])
  return {lines, first, second}
}

async function main() {
  let controller = new Controller(sumito, [
    'go', 'gtp', '--set', 'search=mcts', '--set', 'threads=1', '--time-per-move', '0.05'
  ])
  let tracker = new ControllerStateTracker(controller)
  let sent = []
  controller.on('command-sent', ({command}) => sent.push(command.name))

  let version = await controller.sendCommand({name: 'version'})
  ok(/^\d+\.\d+/.test(version.content), 'version is dotted', version.content)
  let list = await controller.sendCommand({name: 'list_commands'})
  let names = list.content.split('\n')
  for (let n of ['lz-analyze', 'kata-analyze', 'analyze', 'lz-genmove_analyze', 'kgs-rules',
                 'kata-get-rules', 'undo', 'loadsgf'])
    ok(names.includes(n), `list_commands has ${n}`)

  // Numbered commands, and several sent before any answer is read.
  let named = await controller.sendCommand({id: 12, name: 'name'})
  ok(named.id === 12 && !named.error && named.content === 'sumito', 'numbered answer')
  let bad = await controller.sendCommand({id: 13, name: 'play', args: ['B', 'Z99']})
  ok(bad.id === 13 && bad.error, 'numbered error')
  let piped = await Promise.all([
    controller.sendCommand({id: 1, name: 'boardsize', args: ['9']}),
    controller.sendCommand({id: 2, name: 'clear_board'}),
    controller.sendCommand({id: 3, name: 'play', args: ['B', 'E5']}),
    controller.sendCommand({id: 4, name: 'play', args: ['W', 'E5']}),
    controller.sendCommand({id: 5, name: 'get_komi'})
  ])
  ok(piped.map(r => `${r.id}${r.error ? '?' : '='}`).join(' ') === '1= 2= 3= 4? 5=',
     'pipelined answers in order', JSON.stringify(piped))

  // A short game through the tracker: the history it keeps, the engine's moves, an undo.
  await tracker.sync({boardsize: [9, 9], komi: 7, history: []})
  let colours = ['B', 'W']
  let moves = []
  for (let i = 0; i < 8; i++) {
    let cmd = i === 5 ? 'lz-genmove_analyze' : 'genmove'
    let r = await tracker.queueCommand({name: cmd, args: [colours[i % 2]]})
    let move = cmd === 'genmove' ? r.content : (r.content.match(/play (\S+)/) || [])[1]
    moves.push(move)
    if (!VERTEX.test(move || '')) break
  }
  ok(moves.length === 8 && moves.every(m => VERTEX.test(m)), 'eight moves played',
     moves.join(' '))
  ok(tracker.state.history.length === 8, 'the tracker saw eight moves')
  let history = tracker.state.history.slice(0, 7)
  sent.length = 0
  await tracker.sync({boardsize: [9, 9], komi: 7, history})
  ok(sent.join(' ') === 'undo', 'the tracker undoes the last move', sent.join(' '))
  let sgf = await controller.sendCommand({name: 'printsgf'})
  let sgfMoves = sgf.content.match(/;[BW]\[/g) || []
  ok(sgfMoves.length === 7, 'undo through the tracker', sgf.content)

  // A loaded SGF file.
  let file = path.join(tmp, 'game.sgf')
  fs.writeFileSync(file, '(;FF[4]GM[1]SZ[9]KM[7];B[ee];W[cc];B[gc];W[cg])\n')
  let loaded = await tracker.queueCommand({name: 'loadsgf', args: [file]})
  ok(!loaded.error && loaded.content === 'black', 'loadsgf', loaded.content)

  // Leela Zero's analysis of the loaded position (E5 C7 G7 C3 on the board).
  let occupied = new Set(['E5', 'C7', 'G7', 'C3'])
  let lz = await analyse(controller, {name: 'lz-analyze', args: ['B', '10']}, 300)
  ok(lz.lines.length >= 2, 'lz-analyze streams lines', lz.lines.length)
  let parsed = null
  try {
    parsed = lz.lines.map(line => parseAnalysis(line, false))
    ok(true, 'lz-analyze lines parse')
  } catch (err) {
    ok(false, 'lz-analyze lines parse', `${err.message}: ${lz.lines[0]}`)
  }
  let best = parsed ? parsed[parsed.length - 1].blocks[0] : null
  ok(best && best.visits > 0 && !occupied.has(best.move) && best.move !== 'pass',
     'a candidate with visits on an empty point', JSON.stringify(best))
  ok(!lz.first.error && lz.second.id === 99 && lz.second.content === 'sumito',
     'the next command stops the analysis and is answered', JSON.stringify(lz))

  let kata = await analyse(controller, {name: 'kata-analyze', args: ['interval', '10',
                                                                   'ownership', 'true']}, 200)
  let kataParsed = null
  try {
    kataParsed = kata.lines.map(line => parseAnalysis(line, true))
    ok(kata.lines.length >= 2, 'kata-analyze lines parse')
  } catch (err) {
    ok(false, 'kata-analyze lines parse', `${err.message}: ${kata.lines[0]}`)
  }
  let own = kataParsed ? kataParsed[0].ownership : null
  ok(own && own.length === 81 && own.every(v => v >= -1 && v <= 1), 'kata ownership, 81 values')

  let refused = await controller.sendCommand({id: 7, name: 'lz-analyze', args: ['-3']})
  ok(refused.error && refused.id === 7, 'a bad interval is an error', refused.content)
  let after = await controller.sendCommand({name: 'name'})
  ok(after.content === 'sumito', 'the engine answers after it')

  await controller.stop()
}

main()
  .catch(err => {
    ok(false, 'no exception', err.stack)
  })
  .finally(() => {
    console.log(`1..${count}`)
    process.exit(failed ? 1 : 0)
  })
