"""The command lines' input (a file, stdin), read bounded by the JSON it holds, not
by its whitespace.

The limit is there to bound the work: what parsing costs grows with the JSON
values, not with the blanks between them.  So a stream is read in chunks and
each run of whitespace between tokens is squeezed to one character as it comes
(a newline if it held one, else a space; the text of strings is kept whole);
the input is refused once what is left would pass :data:`jsonin.MAX_INPUT`
characters, at most one chunk after that point, however long the stream.  A
valid input of 2.8 MB that is almost all whitespace is read; a stream of
gigabytes of JSON is refused after about a megabyte, never held in memory.

An error message names its place in the text as it was given: :class:`Squeezed`
maps a place in the squeezed text back to the line and column of the input.
"""

from __future__ import annotations

import codecs
import re
import sys
from array import array
from bisect import bisect_right
from typing import IO, Any

from .jsonin import MAX_INPUT, JsonInputError, loads

CHUNK = 1 << 16
"""How much is read at a time: also the most read past the point where the input is
known to be too long."""

_TOKEN = re.compile(r'"(?:[^"\\]++|\\.)*+(")?|[ \t\n\r]++', re.DOTALL)
"""A JSON string (group 1 is its closing quote: None when it is still open at the end
of what was read) or a run of whitespace; what lies between is kept as it is.
Possessive, as jsonin.STRING: each character is read once."""


class Squeezed:
    """Text with its whitespace runs squeezed, and where its places were in the input:
    after each run that changed length, the input's line and column (``anchors``)."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.size = 0
        self.text = ""
        self.line, self.col = 1, 0  # of the next character of the input (col from 0)
        self.at = array("q")  # a place in the squeezed text...
        self.lines = array("q")  # ...was on this line of the input...
        self.cols = array("q")  # ...at this column (from 0)

    def keep(self, piece: str) -> None:
        """Add a piece of the input as it is (a token, a string)."""
        self.parts.append(piece)
        self.size += len(piece)
        self._advance(piece)

    def blank(self, run: str) -> None:
        """Add a run of whitespace, squeezed to one character."""
        one = "\n" if "\n" in run else " "
        self.parts.append(one)
        self.size += 1
        self._advance(run)
        if len(run) != 1:
            self.at.append(self.size)
            self.lines.append(self.line)
            self.cols.append(self.col)

    def _advance(self, piece: str) -> None:
        newlines = piece.count("\n")
        if newlines:
            self.line += newlines
            self.col = len(piece) - piece.rfind("\n") - 1
        else:
            self.col += len(piece)

    def where(self, pos: int) -> tuple[int, int]:
        """The input's ``(line, column)``, both from 1, of place ``pos`` of the text."""
        k = bisect_right(self.at, pos)
        start, line, col = (self.at[k - 1], self.lines[k - 1], self.cols[k - 1]) if k else (0, 1, 0)
        newlines = self.text.count("\n", start, pos)
        if newlines:
            return line + newlines, pos - self.text.rfind("\n", start, pos)
        return line, col + pos - start + 1


def read_stream(stream: IO[Any], what: str = "input") -> Squeezed:
    """A stream's text (bytes as UTF-8, or text), its whitespace runs squeezed;
    JsonInputError once more than MAX_INPUT characters are left, or at a byte that
    is not UTF-8 (naming its offset)."""
    out = Squeezed()
    decoder = codecs.getincrementaldecoder("utf-8")()
    carry = ""  # a string still open at the end of the last chunk: read on
    read = 0  # bytes decoded so far
    while True:
        data = stream.read(CHUNK)
        final = not data
        if isinstance(data, str):
            chunk = data
        else:
            held = len(decoder.getstate()[0])  # bytes of a character cut by the last chunk
            try:
                chunk = decoder.decode(bytes(data), final)
            except UnicodeDecodeError as e:
                offset = read - held + e.start
                raise JsonInputError(
                    f"{what} is not UTF-8 text (byte 0x{e.object[e.start]:02x} at offset {offset})"
                ) from None
            read += len(data)
        text = carry + chunk
        carry = ""
        kept = 0
        for m in _TOKEN.finditer(text):
            if m.start() > kept:
                out.keep(text[kept : m.start()])
            piece = m.group()
            if piece[0] == '"':
                if m.group(1) is None and not final:  # open: the rest comes with the next chunk
                    carry = text[m.start() :]
                    kept = len(text)
                    break
                out.keep(piece)
            else:
                out.blank(piece)
            kept = m.end()
        if kept < len(text):
            out.keep(text[kept:])
        if out.size + len(carry) > MAX_INPUT:
            raise JsonInputError(
                f"{what} holds more than {MAX_INPUT} characters of JSON (1 MiB, the blanks "
                "between values aside), the most read"
            )
        if final:
            out.text = "".join(out.parts)
            out.parts = []
            return out


def read_json(path: str) -> Any:
    """The JSON value in a file (``-``: stdin), for the command lines: read by
    :func:`read_stream`, then strict JSON (:func:`jsonin.loads`), an error naming the
    line and column of the file; JsonInputError if the file cannot be read."""
    what = "stdin" if path == "-" else path
    try:
        if path == "-":
            squeezed = read_stream(getattr(sys.stdin, "buffer", sys.stdin), what)
        else:
            with open(path, "rb") as f:
                squeezed = read_stream(f, what)
    except OSError as e:
        raise JsonInputError(f"cannot read {path}: {e.strerror}") from None
    return loads(squeezed.text, what, squeezed.where)
