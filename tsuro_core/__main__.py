"""``python -m tsuro_core ...``: replay, analyse, bench, selfplay.

Run ``python -m tsuro_core --help`` for the commands; docs/cli.md has worked
examples.  Invalid input exits with status 2, nothing on stdout, and one line
on stderr that names the move or field and the reason.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from . import jsonin, notation, streamin
from .figures import record_figures
from .game import IllegalMove
from .notation import NotationError


def _dump(value: Any) -> str:
    return jsonin.dumps(value)


def cmd_replay(args: argparse.Namespace) -> int:
    """Print the final position and result of a record."""
    record = streamin.read_json(args.file)
    game = notation.replay(record)
    result = notation.result(game)
    result["figures"] = record_figures(record)
    print(_dump({"position": notation.to_position(game), "result": result}))
    return 0


def cmd_analyse(args: argparse.Namespace) -> int:
    """Print, for every move of a record, the legal moves in the position before it."""
    record = streamin.read_json(args.file)
    game = notation.start_record(record)
    moves = notation._list(record.get("moves", []), "moves")
    lines = []
    for k, move in enumerate(moves):
        if game.over:
            raise NotationError(f"move {k}: the game is already over")
        line: dict[str, Any] = {"move": k, "turn": game.turn}
        if game.phase == "exchange" and game.listed_exchanges() is None:
            line.update(legal=[], exchange=game.exchange_offer())  # too many to list
        else:
            line["legal"] = game.legal_moves()
        lines.append(_dump(line))
        try:
            game.play(notation.check_move(move, k))
        except IllegalMove as e:
            raise NotationError(f"move {k}: {e}") from None
    sys.stdout.write("".join(line + "\n" for line in lines))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    """Print the engine's speed."""
    from .bench import run

    figures = run(quick=args.quick)
    if args.json:
        print(_dump(figures))
    else:
        print(f"legal_moves (3 tiles in hand)   {figures['legal_moves_us']:>10.2f} us  (median)")
        print(f"random 4-player classic games   {figures['random4_games_per_s']:>10.1f} games/s")
        print(f"greedy 2-player self-play       {figures['greedy2_games_per_s']:>10.1f} games/s")
        print(f"planner play-outs, 4 players    {figures['playouts4_per_s']:>10.1f} play-outs/s")
        print(f"baseline pure-Python loop       {figures['baseline_loops_per_s']:>10.1f} loops/s")
    return 0


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr (and exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (--help for usage)\n")


def build_parser() -> argparse.ArgumentParser:
    """The command-line interface."""
    parser = OneLineParser(prog="python -m tsuro_core", description="Tsuro rules engine tools")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="replay a record; print the final position and result")
    p.add_argument("file", help="a record file, or - for stdin")
    p.set_defaults(fn=cmd_replay)
    p = sub.add_parser("analyse", help="print the legal moves before every move of a record")
    p.add_argument("file", help="a record file, or - for stdin")
    p.set_defaults(fn=cmd_analyse)
    p = sub.add_parser("bench", help="measure the engine's speed")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quick", action="store_true", help="fewer repetitions")
    p.set_defaults(fn=cmd_bench)
    from .bots.review import add_parser as add_review

    add_review(sub)
    try:
        from .selfplay import add_parser as add_selfplay
    except ImportError:
        pass
    else:
        add_selfplay(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        status: int = args.fn(args)
    except (NotationError, jsonin.JsonInputError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return status


if __name__ == "__main__":
    sys.exit(main())
