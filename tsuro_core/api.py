"""The JSON facade the browser calls: dict in, dict out, stateless between calls.

Every operation takes a dict of arguments and returns a dict.  Failures are
values, never tracebacks: ``{"ok": false, "error": {"code", "message"}}``.
The worker uses :func:`handle_json`, which speaks JSON text both ways so that
no Python object crosses into JavaScript.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from . import __version__
from .tiles import tile_table_json


class ApiError(Exception):
    """An error with a stable code, reported to the caller as a value."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def op_version(args: dict[str, Any]) -> dict[str, Any]:
    """The engine's version."""
    return {"version": __version__}


def op_tiles(args: dict[str, Any]) -> dict[str, Any]:
    """The 35 tiles' paths at each rotation, for drawing."""
    return {"tiles": tile_table_json()}


OPS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "version": op_version,
    "tiles": op_tiles,
}


def call(op: str, args: dict[str, Any] | None = None) -> dict[str, Any]:
    """Run one operation; ``{"ok": True, "result": ...}`` or ``{"ok": False, "error": ...}``."""
    fn = OPS.get(op) if isinstance(op, str) else None
    if fn is None:
        return {"ok": False, "error": {"code": "unknown_op",
                                       "message": f"unknown operation {op!r}; known: {sorted(OPS)}"}}
    if args is None:
        args = {}
    if not isinstance(args, dict):
        return {"ok": False, "error": {"code": "bad_args",
                                       "message": "arguments must be a JSON object"}}
    try:
        return {"ok": True, "result": fn(args)}
    except ApiError as e:
        return {"ok": False, "error": {"code": e.code, "message": e.message}}
    except (ValueError, TypeError, KeyError) as e:
        return {"ok": False, "error": {"code": "invalid", "message": str(e)}}


def handle_json(request: str) -> str:
    """Answer one request given as JSON text ``{"op", "args"}`` with JSON text."""
    try:
        req = json.loads(request)
    except ValueError as e:
        return json.dumps({"ok": False, "error": {"code": "bad_json", "message": f"request is not JSON: {e}"}})
    if not isinstance(req, dict):
        return json.dumps({"ok": False, "error": {"code": "bad_request",
                                                  "message": "request must be an object {op, args}"}})
    return json.dumps(call(req.get("op"), req.get("args")), separators=(",", ":"))
