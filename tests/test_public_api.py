"""The engine's public face: what ``import tsuro_core`` offers, and its one error family."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import typing

import pytest

import tsuro_core
from tsuro_core import api


def test_every_exported_name_is_there_and_listed_once() -> None:
    assert len(set(tsuro_core.__all__)) == len(tsuro_core.__all__)
    for name in tsuro_core.__all__:
        assert hasattr(tsuro_core, name), name
    for name in ("Game", "Rules", "PRESETS", "parse_rules", "from_position", "TsuroError"):
        assert name in tsuro_core.__all__


def _engine_modules() -> list[str]:
    return [
        m.name
        for m in pkgutil.walk_packages(tsuro_core.__path__, "tsuro_core.")
        if not m.name.endswith("__main__")
    ]


def test_every_error_the_engine_defines_is_a_tsuro_error_and_exported() -> None:
    found = set()
    for name in _engine_modules():
        for _, cls in inspect.getmembers(importlib.import_module(name), inspect.isclass):
            if issubclass(cls, BaseException) and cls.__module__.startswith("tsuro_core"):
                found.add(cls)
    assert tsuro_core.TsuroError in found
    assert len(found) >= 9  # the base and its eight kinds
    for cls in found:
        assert issubclass(cls, tsuro_core.TsuroError), cls
        assert getattr(tsuro_core, cls.__name__) is cls, f"{cls.__name__} is not exported"
    # The kinds that were ValueErrors still are, for callers that catch those.
    for cls in found - {tsuro_core.TsuroError, tsuro_core.ApiError}:
        assert issubclass(cls, ValueError), cls


def test_one_except_catches_what_the_public_entry_points_refuse() -> None:
    game = tsuro_core.Game.new(tsuro_core.PRESETS["classic"], 2, seed=1)
    refusals = [
        lambda: tsuro_core.parse_rules("no such rules"),
        lambda: tsuro_core.Game.new(tsuro_core.PRESETS["classic"], 9),
        lambda: game.play({"tile": 0, "rot": 0}),  # a start mark is due
        lambda: tsuro_core.from_position({"format": "nope"}),
        lambda: tsuro_core.decode_link("#nope"),
    ]
    for refuse in refusals:
        with pytest.raises(tsuro_core.TsuroError) as caught:
            refuse()
        assert str(caught.value)  # says why


def test_the_api_still_reports_each_error_by_its_code() -> None:
    game = tsuro_core.Game.new(tsuro_core.PRESETS["classic"], 2, seed=1)
    position = tsuro_core.to_position(game)
    answer = api.call("play", {"position": position, "move": {"tile": 0, "rot": 0}})
    assert answer["ok"] is False and answer["error"]["code"] == "illegal_move"
    answer = api.call("legal_moves", {"position": {"format": "nope"}})
    assert answer["ok"] is False and answer["error"]["code"] == "bad_position"


def _raised(module: object, node: ast.Raise) -> object:
    """What a ``raise`` statement raises, as far as its source says: the class it
    names or builds, or what the function it calls is annotated to return."""
    exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
    if isinstance(exc, ast.Name):
        value = getattr(module, exc.id, None)
        if inspect.isfunction(value):
            return typing.get_type_hints(value).get("return")
        return value
    return None  # raise e (a caught error passed on), raise bare


def test_every_raise_in_the_engine_raises_a_tsuro_error() -> None:
    """No bare ValueError (or any other class) outside the family: each ``raise``
    names a TsuroError class, or calls a helper annotated to return one."""
    outside = []
    for name in _engine_modules():
        module = importlib.import_module(name)
        source = inspect.getsource(module)
        for node in ast.walk(ast.parse(source)):
            if not isinstance(node, ast.Raise) or node.exc is None:
                continue
            if isinstance(node.exc, ast.Name) and node.exc.id[:1].islower():
                continue  # raise e: an error caught above, passed on as it was
            raised = _raised(module, node)
            if not (inspect.isclass(raised) and issubclass(raised, tsuro_core.TsuroError)):
                outside.append(f"{name}:{node.lineno}: raise {ast.unparse(node.exc)[:60]}")
    assert outside == []
