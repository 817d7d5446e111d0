// The turn controllers (web/js/lib/turns/classic.js, turns/course.js) on their own, in Node:
// fed the engine's real legal_moves answers (stdin, from tsuro_core.api), do
// they play only the engine's legal moves, refuse the others with the
// engine's reason, and ignore the player while a move is being played?
// The views are recorders here (the browser tests drive the real ones).
//
//   node turn_controller.mjs ASSETS < cases.json   (prints "ok" or throws)

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

// the built site's assets/<sha>/ folder: the modules as shipped, the catalogues compiled
const assets = pathToFileURL(`${process.argv[2]}/`);
const { ClassicTurn } = await import(new URL("js/lib/turns/classic.js", assets).href);
const { CourseTurn } = await import(new URL("js/lib/turns/course.js", assets).href);
const { TileSet } = await import(new URL("js/lib/views/tileset.js", assets).href);

const cases = JSON.parse(readFileSync(0, "utf-8"));
const tileset = new TileSet(cases.tiles);

/** A controller wired to recording views; returns it and what it did. */
function wire(Turn, game, extra = {}) {
  const did = { played: [], notes: [], shakes: 0, previews: [], hands: [], startMarks: null, choices: null };
  const board = {
    svg: null,
    setPreview: (p) => did.previews.push(p),
    clearPreview: () => did.previews.push(null),
    setStartMarks: (m) => { did.startMarks = m; },
    setTarget: () => {},
    setChoices: (c) => { did.choices = c; },
    setCursorTo: () => {},
  };
  const hand = { container: { querySelector: () => null }, render: (s) => did.hands.push(structuredClone(s)) };
  const state = { busy: false };
  const turn = new Turn({
    board, hand, game: () => game,
    busy: () => state.busy,
    play: (move) => did.played.push(move),
    note: (text, kind) => did.notes.push({ text, kind }),
    shake: () => { did.shakes++; },
    tileset: () => tileset,
    placeButton: { disabled: false, textContent: "" },
    portPicker: { hide() { did.ports = null; }, show(square, ports, chosen) { did.ports = { ports, chosen }; } },
    ...extra,
  });
  return { turn, did, state };
}

const key = (k, target = null) => ({ key: k, target, preventDefault() {} });
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// ---------------------------------------------------------------- a classic tile turn

{
  const { position, legal } = cases.classic_tile;
  const game = { players: position.players, position };
  const { turn, did, state } = wire(ClassicTurn, game);
  const seat = position.turn;
  turn.start(seat, legal);
  // it starts on a placement the engine says is legal and safe
  const first = turn.outcome(turn.human.tiles[turn.human.selected], turn.human.rots[turn.human.selected]);
  assert.ok(first && first.legal && !first.self_eliminating, "starts on a safe placement");
  // every tile's mark is the engine's verdict for its shown rotation
  const hand = did.hands.at(-1);
  hand.tiles.forEach((t, i) => {
    const o = legal.moves.find((m) => m.move.tile === t && m.move.rot === tileset.canonical(t, hand.rots[i]));
    assert.equal(hand.marks[i].bad, !o.legal || o.self_eliminating, `tile ${i + 1}'s mark`);
  });
  // turn tile 1 to a placement the engine refuses, then try to place it
  turn.handleKey(key("1"));
  let refused = null;
  for (let r = 0; r < 4 && !refused; r++) {
    const o = turn.outcome(turn.human.tiles[0], turn.human.rots[0]);
    if (!o.legal) refused = o;
    else turn.handleKey(key("r"));
  }
  assert.ok(refused, "the case has a refused placement on tile 1");
  assert.equal(did.notes.at(-1).kind, "bad");
  assert.match(did.notes.at(-1).text, /^Not allowed/);
  turn.handleKey(key("Enter"));
  assert.equal(did.played.length, 0, "a refused placement is not played");
  assert.equal(did.shakes, 1);
  // while a move is being played, the hand does nothing
  state.busy = true;
  const before = JSON.stringify(turn.human.rots);
  turn.rotateTile(0, 1);
  turn.place();
  assert.equal(JSON.stringify(turn.human.rots), before);
  assert.equal(did.played.length, 0);
  state.busy = false;
  // turn on to a legal placement: Enter plays exactly the engine's move
  for (let r = 0; r < 4; r++) {
    const o = turn.outcome(turn.human.tiles[0], turn.human.rots[0]);
    if (o.legal) break;
    turn.handleKey(key("r"));
  }
  turn.handleKey(key("Enter"));
  assert.equal(did.played.length, 1);
  assert.ok(legal.moves.some((m) => m.legal && same(m.move, did.played[0])), "plays one of the engine's legal moves");
}

// ---------------------------------------------------------------- a classic start

{
  const { position, legal } = cases.classic_start;
  const { turn, did } = wire(ClassicTurn, { players: position.players, position });
  turn.start(position.turn, legal);
  assert.equal(did.startMarks.length, legal.moves.length, "every start mark the engine lists glows");
  turn.chooseStart([99, 99, "A"]);
  assert.equal(did.played.length, 0, "a mark the engine does not list is not played");
  turn.chooseStart(legal.moves[3].move.start);
  assert.deepEqual(did.played, [legal.moves[3].move]);
}

// ---------------------------------------------------------------- a start mark chosen by a finger

{
  const { position, legal } = cases.classic_start;
  const said = [];
  const { turn, did } = wire(ClassicTurn, { players: position.players, position }, { say: (text) => said.push(text) });
  turn.start(position.turn, legal);
  assert.ok(turn.placeButton.disabled, "nothing chosen: no start button");
  turn.place();
  assert.equal(did.played.length, 0, "the button with no mark chosen plays nothing");
  turn.selectStart([99, 99, "A"]);
  assert.ok(turn.placeButton.disabled && !said.length, "a mark the engine does not list is not offered");
  turn.selectStart(legal.moves[5].move.start);
  turn.selectStart(legal.moves[2].move.start);
  assert.equal(did.played.length, 0, "a tap chooses; it does not start");
  assert.ok(!turn.placeButton.disabled, "the chosen mark is offered on the button");
  assert.equal(said.length, 2, "each choice is said");
  turn.place();
  assert.deepEqual(did.played, [legal.moves[2].move], "the button starts on the last mark chosen");
}

// ---------------------------------------------------------------- the course's opening

{
  const { position, legal } = cases.neu_opening;
  const { turn, did } = wire(CourseTurn, { players: position.players, position });
  turn.start(position.turn, legal);
  assert.equal(did.choices.length, legal.squares.length, "the engine's free squares are offered");
  turn.place();
  assert.equal(did.played.length, 0, "no square chosen: nothing is played");
  assert.equal(did.shakes, 1);
  const sq = legal.squares[2];
  turn.clickSquare(sq.square);
  assert.deepEqual(did.ports, { ports: sq.ports.map((q) => q.port), chosen: sq.ports[0].port }, "the engine's ports are offered");
  const port = sq.ports.at(-1);
  turn.chooseStart(port.place);          // choose the port...
  assert.equal(did.ports.chosen, port.port);
  turn.chooseStart(port.place);          // ...and a second click places
  assert.equal(did.played.length, 1);
  const m = did.played[0];
  assert.deepEqual([m.square, m.port], [sq.square, port.port]);
  assert.equal(m.tile, legal.handed[0]);
}

// ---------------------------------------------------------------- a course turn

{
  const { position, legal } = cases.neu_turn;
  const { turn, did } = wire(CourseTurn, { players: position.players, position });
  turn.start(position.turn, legal);
  const h = turn.human;
  const refused = legal.moves.find((m) => !m.legal);
  if (refused) {
    h.selected = h.tiles.indexOf(refused.move.tile);
    h.rots[h.selected] = refused.move.rot;
    turn.place();
    assert.equal(did.played.length, 0, "the rule checker's refusal is not played");
    assert.match(did.notes.at(-1).text, new RegExp(refused.reason.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  }
  const allowed = legal.moves.find((m) => m.legal);
  h.selected = h.tiles.indexOf(allowed.move.tile);
  h.rots[h.selected] = allowed.move.rot;
  turn.clickSquare(legal.square);        // a click on the square places the chosen option
  assert.equal(did.played.length, 1);
  assert.ok(legal.moves.some((m) => m.legal && same(m.move, did.played[0])));
}

console.log(`ok${cases.neu_turn.legal.moves.some((m) => !m.legal) ? " (refusal checked)" : ""}`);
