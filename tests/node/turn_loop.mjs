// The turn loop (lib/game/turnloop.js) in Node, with the site's own engine
// client, sessions and play path, against the real engine (the built wheel in
// Pyodide, booted once: engine_kit.mjs).  Each scenario plays through the loop
// as a page does, with hooks that record what the loop asked the page to do;
// the engine's answers can be held back to race them.  Prints what each
// scenario saw, as JSON, for test_turn_loop.py to check.
//
//   node turn_loop.mjs --dist DIST < cases.json

import { readFileSync } from "node:fs";
import { bootEngine, installWorker, modulesOf } from "./engine_kit.mjs";

const dist = process.argv[process.argv.indexOf("--dist") + 1];
const cases = JSON.parse(readFileSync(0, "utf-8"));
const engineIn = await bootEngine(dist);
const desk = installWorker(engineIn);
const root = modulesOf(dist);
const { createEngine, engineDown } = await import(new URL("lib/engine/client.js", root));
const { Session } = await import(new URL("lib/game/session.js", root));
const { TurnLoop } = await import(new URL("lib/game/turnloop.js", root));
const { HARD_BUDGET_MS, OTHER_BUDGET_MS } = await import(new URL("lib/game/budgets.js", root));
const { CourseSession } = await import(new URL("lib/game/course-session.js", root));
const { TurnClock } = await import(new URL("lib/game/clock.js", root));

const engine = createEngine({ serviceWorker: false });
await engine.ready;

/** Wait for a state (never a fixed time): `check()` true, polled, within `ms`. */
async function until(what, check, ms = 120_000) {
  const t0 = Date.now();
  while (!check()) {
    if (Date.now() - t0 > ms) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((resolve) => { setTimeout(resolve, 2); });
  }
}

/** The move a player picks from the engine's answer for a turn: the first that keeps them on. */
function pick(turn) {
  if (turn.phase === "opening") {
    const sq = turn.squares[0];
    return { tile: turn.handed[0], rot: 0, square: sq.square, port: sq.ports[0].port };
  }
  const moves = turn.moves;
  return (moves.find((m) => m.legal !== false && !m.self_eliminating) || moves.find((m) => m.legal !== false)).move;
}

/**
 * A table: a loop whose hooks record every call; `humans` says how a human's turn is
 * played ("play": at once, as a player would; "wait": the test plays it).
 */
function table(extra = {}, { humans = "play" } = {}) {
  const log = [];
  const failures = [];
  const t = { log, failures, loop: null };
  const loop = new TurnLoop({
    human: (seat, turn) => {
      log.push({ kind: "human", seat, phase: turn.phase });
      if (humans === "play") setTimeout(() => { loop.play(pick(turn)).catch((e) => failures.push({ during: "move", code: e.code })); }, 0);
    },
    exchange: (seat, turn) => { log.push({ kind: "exchange", seat, phase: turn.phase, count: turn.exchange.count }); },
    pass: (seat) => { log.push({ kind: "pass", seat }); setTimeout(() => loop.reveal(), 0); },
    computer: (seat) => { log.push({ kind: "computer", seat }); },
    remote: (seat) => { log.push({ kind: "remote", seat }); },
    turnStarted: (seat, turn, player) => { log.push({ kind: "turn", seat, phase: turn.phase, player }); },
    accepted: (r, seat) => { log.push({ kind: "accepted", seat, n: loop.session.moves.length }); },
    over: (session, turn) => { log.push({ kind: "over", phase: turn.phase, moves: session.moves.length }); },
    failed: (e, f) => { failures.push({ during: f.during, seat: f.seat, code: e.code, down: engineDown(e) }); },
    ...extra,
  });
  t.loop = loop;
  return t;
}

const kinds = (log, ...which) => log.filter((e) => which.includes(e.kind));
const players = (n) => Array.from({ length: n }, (_, i) => ({ name: `P${i + 1}` }));
const out = {};

// ---------------------------------------------------------------- a whole game against two computers

{
  const asked = desk.asked.length;
  const t = table();
  const session = await Session.create(engine, {
    rules: "classic", players: players(3), seed: 7,
    seats: [{ kind: "human" }, { kind: "computer", level: "medium" }, { kind: "computer", level: "hard" }],
  });
  await t.loop.begin(session);
  await until("the end", () => t.loop.over);
  const replay = JSON.parse(engineIn.handle(JSON.stringify({ op: "positions", args: { record: session.toRecord() } }))).result;
  const bots = desk.asked.slice(asked).filter((r) => r.op === "bot_move");
  out.wholeGame = {
    overs: kinds(t.log, "over").length,
    over: t.loop.over,
    moves: session.moves.length,
    accepted: kinds(t.log, "accepted").length,
    // the seat each move was accepted for is the seat the engine gave the turn to
    moversMatch: kinds(t.log, "accepted").every((a, i) => a.seat === session.positions[i].turn),
    humanTurns: kinds(t.log, "human").length,
    computerTurns: kinds(t.log, "computer").map((c) => c.seat),
    players: [...new Set(kinds(t.log, "turn").map((e) => `${e.seat}:${e.player}`))].sort(),
    replayed: JSON.stringify(replay.positions.at(-1)) === JSON.stringify(session.position),
    budgets: [...new Set(bots.map((r) => `${r.args.bot}:${r.args.budget_ms}`))].sort(),
    failures: t.failures,
    busy: t.loop.busy,
  };
}

// ---------------------------------------------------------------- the hot-seat screen

{
  const t = table({ hidesHand: () => true });
  const session = await Session.create(engine, { rules: "classic", players: players(2), seed: 3, seats: [{ kind: "human" }, { kind: "human" }] });
  await t.loop.begin(session);
  await until("the end", () => t.loop.over);
  const seq = kinds(t.log, "pass", "human").map((e) => `${e.kind}:${e.seat}`);
  out.hotSeat = { seq, moves: session.moves.length, turns: kinds(t.log, "turn").length, failures: t.failures };
}

// ---------------------------------------------------------------- the elimination bonus's exchange

{
  const t = table({}, { humans: "wait" });
  const session = Session.at(engine, cases.exchange, { seats: cases.exchange.players.map(() => ({ kind: "human" })) });
  await t.loop.begin(session);
  const offered = kinds(t.log, "exchange", "human");
  const move = t.loop.turn.moves[0].move;
  const r = await t.loop.play(move);
  out.exchange = {
    offered,
    played: !!r && JSON.stringify(r.move.exchange) === JSON.stringify(move.exchange),
    moves: session.moves.length,
    next: kinds(t.log, "human", "exchange").length > offered.length,
    failures: t.failures,
  };
}

// ---------------------------------------------------------------- undo while a computer's move is on its way

{
  const t = table({}, { humans: "wait" });
  const session = await Session.create(engine, {
    rules: "classic", players: players(2), seed: 11, seats: [{ kind: "human" }, { kind: "computer", level: "medium" }],
  });
  await t.loop.begin(session);
  desk.hold("bot_move");
  const asked = desk.when("bot_move");
  const played = t.loop.play(pick(t.loop.turn));   // the human's start; the computer's turn follows
  await asked;                                    // its move is on its way
  const before = session.moves.length;
  const undone = await t.loop.undo();
  const afterUndo = session.moves.length;
  desk.release("bot_move");                       // the computer's answer comes back: too late
  const humanAgain = () => t.loop.turn && t.loop.playerOf(t.loop.turn.turn) === "human";
  await until("the human's turn again", humanAgain);
  await played;
  const dropped = session.moves.length;
  const redone = await t.loop.redo();
  await until("the computer's move after the redo", () => session.moves.length === 2 && humanAgain());
  out.undoRace = {
    before, undone, afterUndo, dropped, redone, after: session.moves.length,
    computerAccepted: kinds(t.log, "accepted").filter((a) => a.seat === 1).length,
    failures: t.failures,
  };
}

// ---------------------------------------------------------------- a turn's answer for a game left

{
  const t = table({}, { humans: "wait" });
  const a = await Session.create(engine, { rules: "classic", players: players(2), seed: 21, seats: [{ kind: "human" }, { kind: "human" }] });
  const b = await Session.create(engine, { rules: "classic", players: players(2), seed: 22, seats: [{ kind: "human" }, { kind: "human" }] });
  desk.hold("legal_moves");
  const asked = desk.when("legal_moves");
  const first = t.loop.begin(a);
  await asked;
  const second = t.loop.begin(b);                 // a new game before the engine answered for the first
  desk.release("legal_moves");
  await Promise.all([first, second]);
  out.staleTurn = {
    humanTurns: kinds(t.log, "human").length,
    forB: t.loop.session === b && t.loop.turn !== null,
    aClosed: a.closed,
  };
}

// ---------------------------------------------------------------- a deal overtaken by another

{
  const t = table({}, { humans: "wait" });
  desk.hold("new_game");
  const make = (seed) => () => Session.create(engine, { rules: "classic", players: players(2), seed, seats: [{ kind: "human" }, { kind: "human" }] });
  const d1 = t.loop.deal(make(31));
  const d2 = t.loop.deal(make(32));
  await until("both deals asked", () => desk.held.get("new_game")?.length === 2);
  desk.release("new_game");
  const [s1, s2] = await Promise.all([d1, d2]);
  out.deals = { first: s1, second: s2 === t.loop.session, seed: t.loop.session.record.seed, humanTurns: kinds(t.log, "human").length };
}

// ---------------------------------------------------------------- a move the engine refuses

{
  const t = table({}, { humans: "wait" });
  const session = Session.at(engine, cases.tileTurn, { seats: cases.tileTurn.players.map(() => ({ kind: "human" })) });
  await t.loop.begin(session);
  const seat = t.loop.turn.turn;
  let refused = null;
  try {
    await t.loop.play({ tile: 99, rot: 0 });
  } catch (e) {
    refused = e.code;
  }
  out.refusal = {
    refused, moves: session.moves.length, busy: t.loop.busy,
    offeredAgain: kinds(t.log, "human").map((h) => h.seat),
    seat,
  };
}

// ---------------------------------------------------------------- the engine restarting

{
  // a computer's move on its way when the engine restarts: the page is told, and a retry plays on
  const t = table({}, { humans: "wait" });
  const session = await Session.create(engine, {
    rules: "classic", players: players(2), seed: 41, seats: [{ kind: "computer", level: "easy" }, { kind: "human" }],
  });
  desk.hold("bot_move");
  const asked = desk.when("bot_move");
  const begun = t.loop.begin(session);
  await asked;
  const workers = desk.workers.length;
  engine.restart();
  desk.release("bot_move");   // the old worker's answer never comes: it was stopped
  await begun;
  const failed = t.failures.slice();
  await engine.ready;
  await t.loop.advance();     // the page's retry: the computer plays, then the human's turn
  const humans = kinds(t.log, "human").length;
  // a human's move on its way when the engine restarts: thrown to the page, nothing offered again
  desk.hold("play");
  const playAsked = desk.when("play");
  const move = t.loop.play(pick(t.loop.turn)).then(() => null, (e) => e.code);
  await playAsked;
  const movesBefore = session.moves.length;
  engine.restart();
  desk.release("play");
  const code = await move;
  await engine.ready;
  out.restart = {
    failed, newWorker: desk.workers.length > workers, moves: movesBefore, humans,
    moveCode: code, movesAfter: session.moves.length, offeredAgain: kinds(t.log, "human").length - humans,
    busy: t.loop.busy,
  };
}

// ---------------------------------------------------------------- the turn clock (lib/game/clock.js)

{
  // two people who never move, 0.15 s a move: the engine plays for each when its time runs
  // out (a move marked clock: true), the second in a row for a seat sends it to a computer,
  // and the seat's own move, chosen before the clock's, is dropped
  const t = table({}, { humans: "wait" });
  const session = await Session.create(engine, { rules: "classic", players: players(2), seed: 51, seats: [{ kind: "human" }, { kind: "human" }] });
  const timed = [];
  const away = [];
  let seconds = 0.15;
  t.loop.clock = new TurnClock({
    loop: t.loop, seconds: () => seconds,
    // the first seat handed to a computer: no more turns are timed (the test ends there)
    hooks: { started: (seat, ms) => timed.push([seat, ms]), away: (seat) => { away.push(seat); seconds = 0; } },
  });
  await t.loop.begin(session);
  const at = t.loop.turnAt;
  const own = pick(t.loop.turn);
  await until("three clock moves", () => session.moves.length >= 3);
  const late = await t.loop.play(own, at);
  const missed = { 0: t.loop.clock.missedOf(0), 1: t.loop.clock.missedOf(1) };
  t.loop.leave();
  out.clock = {
    clocked: session.moves.slice(0, 3).map((m) => m.clock === true),
    recorded: session.toRecord().moves.slice(0, 3).map((m) => m.clock === true),
    accepted: kinds(t.log, "accepted").slice(0, 3).map((a) => a.seat),
    timed, away, late, missed, stopped: t.loop.clock.left(),
  };
}

// ---------------------------------------------------------------- one move, then stop (a puzzle, a lesson's task)

{
  const t = table({ goesOn: () => false }, { humans: "wait" });
  const session = Session.at(engine, cases.tileTurn, { seats: cases.tileTurn.players.map(() => ({ kind: "human" })) });
  await t.loop.begin(session);
  const turns = desk.count("legal_moves");
  const r = await t.loop.play(pick(t.loop.turn));
  out.oneMove = { played: !!r, moves: session.moves.length, askedAfter: desk.count("legal_moves") - turns, busy: t.loop.busy, humanTurns: kinds(t.log, "human").length };
}

// ---------------------------------------------------------------- the course variant, with its own session

{
  const t = table();
  const asked = desk.asked.length;
  const session = await CourseSession.create(engine, {
    players: players(3), seed: 5,
    seats: [{ kind: "human" }, { kind: "computer" }, { kind: "computer" }],
  });
  await t.loop.begin(session);
  await until("the course game's end", () => t.loop.over);
  const ops = [...new Set(desk.asked.slice(asked).map((r) => r.op))].sort();
  out.course = {
    over: kinds(t.log, "over"),
    ranking: Array.isArray(session.position.ranking) && session.position.ranking.length > 0,
    humanPhases: [...new Set(kinds(t.log, "human").map((h) => h.phase))].sort(),
    computerTurns: kinds(t.log, "computer").length,
    ops,
    failures: t.failures,
  };
}

process.stdout.write(JSON.stringify(out));
process.exit(0);
