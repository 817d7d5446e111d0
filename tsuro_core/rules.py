"""Rule sets as data: named presets plus options.

A rule set is written in JSON either as a preset name (``"classic"``) or as
an object naming a preset and the options that differ from it::

    {"preset": "classic", "elimination_bonus": true}

The exact rules of each preset and option are in docs/rules.md.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from .errors import TsuroError
from .jsonin import is_whole, show
from .shapes import RuleOptions, RuleSet, RuleSets, RulesJSON

SCORINGS = ("survival", "longest_path", "most_crossings", "tiles_placed")
"""How a finished game is won: last marker(s) standing, the longest path,
the most crossings, or (solo) the number of tiles placed."""


class RulesError(TsuroError, ValueError):
    """Rules that are not a rule set, or a game they do not allow (the number of
    players, the shape of the deal)."""


@dataclass(frozen=True)
class Rules:
    """One rule set.  Frozen, so it can be shared between games and positions."""

    preset: str = "classic"
    width: int = 6
    height: int = 6
    min_players: int = 2
    max_players: int = 8
    hand_size: int = 3
    dragon_from: int = 3
    """Games that start with at least this many players use the dragon tile."""
    elimination_bonus: bool = False
    """The advanced rule: exchange tiles with the players you eliminate (3+ players)."""
    open_hands: bool = False
    """Every hand is visible to every player (affects views and bots, not moves)."""
    scoring: str = "survival"

    def to_json(self) -> RulesJSON:
        """The preset name if nothing differs from it, else ``{"preset", options...}``."""
        base = PRESETS[self.preset]
        if self == base:
            return self.preset
        options: RuleOptions = {"preset": self.preset}
        if self.width != base.width:
            options["width"] = self.width
        if self.height != base.height:
            options["height"] = self.height
        if self.min_players != base.min_players:
            options["min_players"] = self.min_players
        if self.max_players != base.max_players:
            options["max_players"] = self.max_players
        if self.hand_size != base.hand_size:
            options["hand_size"] = self.hand_size
        if self.dragon_from != base.dragon_from:
            options["dragon_from"] = self.dragon_from
        if self.elimination_bonus != base.elimination_bonus:
            options["elimination_bonus"] = self.elimination_bonus
        if self.open_hands != base.open_hands:
            options["open_hands"] = self.open_hands
        if self.scoring != base.scoring:
            options["scoring"] = self.scoring
        return options

    def as_json(self) -> RuleSet:
        """Every option of the rule set."""
        return {
            "preset": self.preset,
            "width": self.width,
            "height": self.height,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "hand_size": self.hand_size,
            "dragon_from": self.dragon_from,
            "elimination_bonus": self.elimination_bonus,
            "open_hands": self.open_hands,
            "scoring": self.scoring,
        }

    @property
    def solo(self) -> bool:
        """Whether this is the one-marker puzzle game."""
        return self.max_players == 1


PRESETS: dict[str, Rules] = {
    "classic": Rules(),
    "solo": Rules(preset="solo", min_players=1, max_players=1, scoring="tiles_placed"),
}
"""The presets the engine plays.  The course variant (rule set ``neu``) has its
own engine in :mod:`tsuro_core.course`, since its board, deal and turn differ."""

VARIANTS: dict[str, RuleOptions] = {
    "open-hands": {"preset": "classic", "open_hands": True},
    "longest-path": {"preset": "classic", "scoring": "longest_path"},
    "most-crossings": {"preset": "classic", "scoring": "most_crossings"},
    "elimination-bonus": {"preset": "classic", "elimination_bonus": True},
}
"""Short names for the variants beyond the box, accepted wherever rules are."""

_BOOL_OPTIONS = ("elimination_bonus", "open_hands")
_INT_OPTIONS = {
    "width": (1, 12),
    "height": (1, 12),
    "min_players": (1, 8),
    "max_players": (1, 8),
    "hand_size": (1, 6),
    "dragon_from": (1, 9),
}


def parse_rules(value: Any) -> Rules:
    """A Rules from its JSON form (preset name, variant name, or options object)."""
    if value is None:
        return PRESETS["classic"]
    if isinstance(value, str):
        if value in PRESETS:
            return PRESETS[value]
        if value in VARIANTS:
            return parse_rules(VARIANTS[value])
        if value == "neu":
            raise RulesError(
                "rules: the course variant 'neu' is played by tsuro_core.course "
                "(the course_* operations)"
            )
        raise RulesError(
            f"rules: unknown rule set {show(value)}; known: {sorted(PRESETS) + sorted(VARIANTS)}"
        )
    if not isinstance(value, dict):
        raise RulesError("rules: expected a preset name or an object of options")
    preset = value.get("preset", "classic")
    if not isinstance(preset, str) or preset not in PRESETS:
        raise RulesError(f"rules.preset: unknown preset {show(preset)}; known: {sorted(PRESETS)}")
    known = {f.name for f in fields(Rules)}
    changes: dict[str, Any] = {}
    for key, v in value.items():
        if key == "preset":
            continue
        if key not in known:
            raise RulesError(
                f"rules: unknown option {show(key)}; known: {sorted(known - {'preset'})}"
            )
        if key in _BOOL_OPTIONS:
            if not isinstance(v, bool):
                raise RulesError(f"rules.{key}: expected true or false, got {show(v)}")
        elif key in _INT_OPTIONS:
            lo, hi = _INT_OPTIONS[key]
            if not is_whole(v) or not lo <= v <= hi:
                raise RulesError(f"rules.{key}: expected a whole number {lo}..{hi}, got {show(v)}")
        elif key == "scoring" and (not isinstance(v, str) or v not in SCORINGS):
            raise RulesError(f"rules.scoring: expected one of {list(SCORINGS)}, got {show(v)}")
        changes[key] = v
    rules = replace(PRESETS[preset], **changes)
    if rules.min_players > rules.max_players:
        raise RulesError("rules: min_players is greater than max_players")
    return rules


def describe_presets() -> RuleSets:
    """Every preset and variant with its options, for a setup screen."""
    return {
        "presets": {k: v.as_json() for k, v in PRESETS.items()},
        "variants": VARIANTS,
        "options": {"elimination_bonus": "bool", "open_hands": "bool", "scoring": list(SCORINGS)},
    }
