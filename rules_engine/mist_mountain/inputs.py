"""Validated pydantic inputs of the 迷霧山城 rules; defaults mean "asked in general"."""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from . import cards as C
from . import slots as S
from .model import Act, IllegalAction, apply, seat_label, start_morning

FourPointRule = Literal["as-examples", "literal"]
FOUR_POINT_HELP = ("how to read 「其中4分貢獻度的工具在貢獻>8以上的路徑時為0貢獻」: 'as-examples' (default; a "
                   "4-point tool keeps 4, as in the 芒草小路 walkthrough) or 'literal' (a tool worth 4 "
                   "counts 0 on a path whose requirement is above 8)")


class PathSpec(BaseModel):
    """A path given by its numbers, for the three round path cards the text does not list."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = "未命名路徑"
    requirement: int = Field(12, gt=0, description="contribution the three qualifiers need")
    lantern: int = Field(ge=0, description="燈籠 value")
    cap: int = Field(ge=0, description="工作帽 value")
    reflector: int = Field(ge=0, description="反光盤 value")


def path_name(text: str) -> str:
    """Canonical name of one of the three listed paths, or ValueError naming them."""
    try:
        name = C.card_name(text)
    except ValueError:
        name = None
    if name not in C.KNOWN_PATHS:
        raise ValueError(f"unknown path {text!r}; expected one of {', '.join(C.KNOWN_PATHS)} "
                         "(or 樱花小径 / sakura, bamboo, silvergrass), or an object "
                         "{name, requirement, lantern, cap, reflector} for an unlisted path card")
    return name


def resolve_path(path: str | PathSpec) -> C.PathCard:
    """The PathCard for a path input."""
    if isinstance(path, PathSpec):
        known = C.KNOWN_PATHS.get(path.name)
        return C.PathCard(path.name, path.requirement, path.lantern, path.cap, path.reflector,
                          named_in_text=known is not None)
    return C.KNOWN_PATHS[path]


def check_requirement(path: str | PathSpec | None, requirement: int | None) -> None:
    """A requirement the question states must be its path's own: a different number is another path card."""
    if requirement is not None and path is not None and requirement != resolve_path(path).requirement:
        card = resolve_path(path)
        raise ValueError(f"requirement: {requirement} is not the requirement of {card.name} ({card.requirement}); "
                         "give the path as an object for another card")


class _Base(BaseModel):
    """Frozen input model that rejects unknown fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")


def _check_names(names: list[str] | None, n: int) -> None:
    """Names, when given, must be one per seat and distinct."""
    if names is not None:
        if len(names) != n:
            raise ValueError(f"expected {n} names (one per seat, captain first), got {len(names)}")
        if len(set(names)) != len(names):
            raise ValueError("names must be distinct")


class QualificationInput(_Base):
    """Contributions per seat and the path's requirement."""

    contributions: Annotated[list[int], S.CONTRIBUTIONS] = Field(
        default_factory=lambda: [4, 4, 4, 0, 0, 0], min_length=4, max_length=6,
        description="contribution of each seat, listed [captain, 下家1, 下家2, …, 上家] (4–6 players)")
    requirement: Annotated[int, S.REQUIREMENT] = Field(12, gt=0, description="the path's contribution requirement")
    officer: Annotated[int | None, S.OFFICER] = Field(
        None, ge=0, description="seat that played a 警官 still in play, if any")
    names: list[str] | None = Field(None, description="optional player names in the same seat order")

    @field_validator("contributions")
    @classmethod
    def _non_negative(cls, v: list[int]) -> list[int]:
        """Contributions cannot be negative."""
        if any(x < 0 for x in v):
            raise ValueError("every contribution must be 0 or more")
        return v

    @field_validator("officer")
    @classmethod
    def _officer(cls, v: int | None, info: ValidationInfo) -> int | None:
        """The officer seat must exist at this table."""
        n = len(info.data.get("contributions") or [])
        if v is not None and n and v >= n:
            raise ValueError(f"seat must be 0..{n - 1} for {n} players (0 = captain)")
        return v

    @field_validator("names")
    @classmethod
    def _names(cls, v: list[str] | None, info: ValidationInfo) -> list[str] | None:
        """Names, when given, match the seats."""
        if info.data.get("contributions"):
            _check_names(v, len(info.data["contributions"]))
        return v


class MorningAction(_Base):
    """One action: [seat, card|"pass"] plus targets for 濃霧時刻/品茶師/畫師/戲子."""

    seat: int | str = Field(description="acting seat (0 = captain, 1 = 下家1 …) or player name")
    card: str = Field(description="card played, or 'pass'")
    target: int | str | None = Field(None, description="target seat/name (濃霧時刻, 品茶師, 畫師, 戲子)")
    target_card: str | None = Field(None, description="card targeted (濃霧時刻, 品茶師) or played by 戲子")
    sub_target: int | str | None = Field(None, description="target of the card 戲子 plays")
    sub_card: str | None = Field(None, description="card targeted by the card 戲子 plays")

    @model_validator(mode="before")
    @classmethod
    def _from_list(cls, v: Any) -> Any:
        """Accept the compact list form [seat, card, target, …]."""
        if isinstance(v, (list, tuple)):
            if not 2 <= len(v) <= 6:
                raise ValueError("an action is [seat, card] or [seat, card, target, target_card, "
                                 "sub_target, sub_card]")
            keys = ("seat", "card", "target", "target_card", "sub_target", "sub_card")
            return dict(zip(keys, v))
        return v

    @field_validator("card")
    @classmethod
    def _card(cls, v: str) -> str:
        """Canonical card name from any script."""
        return C.card_name(v)

    @field_validator("target_card", "sub_card")
    @classmethod
    def _opt_card(cls, v: str | None) -> str | None:
        """Canonical card name, if one is given."""
        return None if v is None else C.card_name(v)


WALKTHROUGH_NAMES = ["豬", "貓", "熊", "雞", "蛙", "狗"]


def walkthrough_actions() -> list[MorningAction]:
    """The 芒草小路 example: captain 豬, 貓 acts first."""
    seq = [(1, C.CAP), (2, C.REFLECTOR), (3, C.PASS), (4, C.CAP), (5, C.PASS), (0, C.PASS),
           (1, C.REFLECTOR), (2, C.PASS), (4, C.PASS), (1, C.PASS)]
    return [MorningAction(seat=s, card=c) for s, c in seq]


def resolve_seat(value: int | str | None, n: int, names: list[str] | None) -> int | None:
    """Seat index from an index, a player name or a seat label (隊長, 下家2, 上家)."""
    if value is None or isinstance(value, int):
        if value is not None and not 0 <= value < n:
            raise ValueError(f"seat {value} is not at a {n}-player table (expected 0..{n - 1})")
        return value
    text = value.strip()
    if names and text in names:
        return names.index(text)
    labels = {"隊長": 0, "队长": 0, "captain": 0, "上家": n - 1}
    labels.update({f"下家{i}": i for i in range(1, n)})
    if text in labels:
        return labels[text]
    if text.isdigit():
        return resolve_seat(int(text), n, names)
    raise ValueError(f"unknown seat {value!r}; expected 0..{n - 1}, 隊長/下家1…/上家"
                     + (f" or one of {names}" if names else ""))


def to_acts(actions: list[MorningAction], n: int, names: list[str] | None) -> list[Act]:
    """Engine actions from validated input actions."""
    return [Act(resolve_seat(a.seat, n, names), a.card, resolve_seat(a.target, n, names),
                a.target_card, resolve_seat(a.sub_target, n, names), a.sub_card) for a in actions]


class MorningInput(_Base):
    """A morning: player count, today's path, and the actions in turn order."""

    players: Annotated[int, S.MORNING_PLAYERS] = Field(6, ge=4, le=6, description="number of players (4–6)")
    path: Annotated[str | PathSpec, S.MORNING_PATH] = Field(
        C.GRASS, description="today's path: 櫻花小徑, 竹林小道, 芒草小路 or {…}")
    names: list[str] | None = Field(None, description="optional names [captain, 下家1, …]")
    actions: Annotated[list[MorningAction], S.ASK_MORNING] = Field(
        default_factory=walkthrough_actions,
        description="actions in turn order, 下家1 first: [seat, card|'pass', target, target_card, …]")
    four_point_rule: Annotated[FourPointRule, S.FOUR_POINT] = Field("as-examples", description=FOUR_POINT_HELP)
    requirement: Annotated[int | None, S.MORNING_REQUIREMENT] = Field(
        None, gt=0, description="the path's requirement as the question states it; must match the path")

    @field_validator("path")
    @classmethod
    def _path(cls, v: str | PathSpec) -> str | PathSpec:
        """Canonical path name, or the given path numbers."""
        return v if isinstance(v, PathSpec) else path_name(v)

    @field_validator("names")
    @classmethod
    def _names(cls, v: list[str] | None, info: ValidationInfo) -> list[str] | None:
        """Names, when given, match the seats."""
        _check_names(v, info.data.get("players", 6))
        return v

    @model_validator(mode="after")
    def _example_fits(self) -> "MorningInput":
        """The default actions are the rulebook's 6-player walkthrough: other tables must give theirs."""
        if "actions" not in self.model_fields_set and self.players != 6:
            raise ValueError(f"actions: the default is the rulebook's 6-player example; for {self.players} "
                             "players give the actions in turn order")
        return self

    @model_validator(mode="after")
    def _requirement_matches(self) -> "MorningInput":
        """A stated requirement is the path's own."""
        check_requirement(self.path, self.requirement)
        return self

    @field_validator("actions")
    @classmethod
    def _in_turn(cls, v: list[MorningAction], info: ValidationInfo) -> list[MorningAction]:
        # Replaying catches out-of-turn plays and plays after a pass, naming the action.
        """Replay the actions so an out-of-turn play is reported with its index."""
        n = info.data.get("players", 6)
        names = info.data.get("names")
        path = info.data.get("path", C.GRASS)
        m = start_morning(n, resolve_path(path))
        for i, a in enumerate(v):
            try:
                act = to_acts([a], n, names)[0]
                m = apply(m, act)
            except (IllegalAction, ValueError) as err:
                raise ValueError(f"actions[{i}]: {err}") from None
        return v

    def is_walkthrough(self) -> bool:
        """True when this is the text's 芒草小路 example (same path and the same actions)."""
        return (self.players == 6 and self.path == C.GRASS and self.four_point_rule == "as-examples"
                and to_acts(self.actions, 6, self.names) == to_acts(walkthrough_actions(), 6, None))

    def labels(self) -> list[str]:
        """Display name of each seat."""
        if self.names:
            return list(self.names)
        if self.is_walkthrough():
            return list(WALKTHROUGH_NAMES)
        return [seat_label(s, self.players) for s in range(self.players)]


class Effect(_Base):
    """Something another player did to your played cards: 濃霧時刻 or 品茶師 on one card."""

    kind: Literal["fog", "tea_master"] = Field(description="'fog' (濃霧時刻) or 'tea_master' (品茶師)")
    card: str = Field(description="which of your played cards it targets")
    after_pass: bool = Field(False, description="for a taken 迷途者: you had already passed")

    @field_validator("kind", mode="before")
    @classmethod
    def _kind(cls, v: Any) -> Any:
        """Accept 濃霧時刻/品茶師 and their aliases as the effect kind."""
        if isinstance(v, str):
            try:
                name = C.card_name(v)
            except ValueError:
                return v
            return {C.FOG: "fog", C.TEA_MASTER: "tea_master"}.get(name, v)
        return v

    @field_validator("card")
    @classmethod
    def _card(cls, v: str) -> str:
        """Canonical card name from any script."""
        name = C.card_name(v)
        if name == C.PASS:
            raise ValueError("expected a played card, not 'pass'")
        return name


class ContributionInput(_Base):
    """One player's cards played today, and effects other players aimed at them."""

    path: Annotated[str | PathSpec | None, S.PATH] = Field(None, description="today's path; omit to compare all three")
    cards: Annotated[list[str], S.CARDS] = Field(default_factory=list, description="cards you played today, in order")
    effects: Annotated[list[Effect], S.EFFECTS] = Field(default_factory=list,
                                                        description="濃霧時刻/品茶師 aimed at your cards")
    four_point_rule: Annotated[FourPointRule, S.FOUR_POINT] = Field("as-examples", description=FOUR_POINT_HELP)
    requirement: Annotated[int | None, S.MORNING_REQUIREMENT] = Field(
        None, gt=0, description="the path's requirement as the question states it; must match the path")

    @field_validator("path")
    @classmethod
    def _path(cls, v: str | PathSpec | None) -> str | PathSpec | None:
        """Canonical path name, or the given path numbers."""
        return v if v is None or isinstance(v, PathSpec) else path_name(v)

    @model_validator(mode="after")
    def _requirement_matches(self) -> "ContributionInput":
        """A stated requirement is the path's own."""
        check_requirement(self.path, self.requirement)
        return self

    @field_validator("cards")
    @classmethod
    def _cards(cls, v: list[str]) -> list[str]:
        """Canonical card names; a pass is not a played card."""
        out = [C.card_name(c) for c in v]
        if C.PASS in out:
            raise ValueError("list only played cards, not 'pass'")
        return out


class PlayersInput(_Base):
    """Just the player count; omit it to get every count."""

    players: Annotated[int | None, S.PLAYERS] = Field(None, ge=4, le=6, description="number of players (4–6)")


class OwnEscapeInput(_Base):
    """One player's own cards at the end: memories of their character, path cards, Abbots kept in hand."""

    players: Annotated[int | None, S.PLAYERS] = Field(None, ge=4, le=6, description="number of players (4–6)")
    memories: Annotated[int | None, S.OWN_MEMORIES] = Field(
        None, ge=0, le=6, description="memory cards showing your own character (at most 6)")
    sakura: Annotated[int, S.OWN_SAKURA] = Field(0, ge=0, le=3, description="櫻花小徑 path cards collected")
    bamboo: Annotated[int, S.OWN_BAMBOO] = Field(0, ge=0, le=4, description="竹林小道 path cards collected")
    grass: Annotated[int, S.OWN_GRASS] = Field(0, ge=0, le=5, description="芒草小路 path cards collected")
    abbots: Annotated[int, S.OWN_ABBOTS] = Field(0, ge=0, description="住持 kept in hand")


class NextCaptainInput(_Base):
    """Who takes the captain card: after a departure (who went) or after a failure."""

    players: Annotated[int | None, S.PLAYERS] = Field(None, ge=4, le=6, description="number of players (4–6)")
    departed: Annotated[bool | None, S.DEPARTED] = Field(
        None, description="true: the team departed; false: the morning failed")
    went: Annotated[list[int] | None, S.WENT] = Field(
        None, description="seats that went (3 qualifiers, plus the 警官 player), 0 = captain")
    names: list[str] | None = Field(None, description="optional names [captain, 下家1, …]")

    @field_validator("went")
    @classmethod
    def _went(cls, v: list[int] | None, info: ValidationInfo) -> list[int] | None:
        """Seats that went must be 3 or 4 distinct seats at this table."""
        if v is None:
            return v
        players = info.data.get("players")
        if players is None:
            raise ValueError("give 'players' too, so the seats can be placed")
        if info.data.get("departed") is False:
            raise ValueError("nobody goes when the morning failed; omit it")
        if len(set(v)) != len(v) or not 3 <= len(v) <= 4:
            raise ValueError("expected 3 or 4 distinct seats (3 qualifiers, plus the 警官's player)")
        if any(not 0 <= s < players for s in v):
            raise ValueError(f"seats must be 0..{players - 1} (0 = captain)")
        return v

    @field_validator("names")
    @classmethod
    def _names(cls, v: list[str] | None, info: ValidationInfo) -> list[str] | None:
        """Names, when given, match the seats."""
        if v is not None:
            if info.data.get("players") is None:
                raise ValueError("give 'players' too")
            _check_names(v, info.data["players"])
        return v


class EscapeSeat(_Base):
    """One player at game end: own memories, path cards, 住持 in hand and gold."""

    name: str | None = None
    # 每個角色有6張回憶卡: nobody holds more than six showing their own character.
    memories: int = Field(0, ge=0, le=6, description="memory cards showing this player's character (at most 6)")
    sakura: int = Field(0, ge=0, le=3, description="櫻花小徑 path cards collected")
    bamboo: int = Field(0, ge=0, le=4, description="竹林小道 path cards collected")
    grass: int = Field(0, ge=0, le=5, description="芒草小路 path cards collected")
    abbots: int = Field(0, ge=0, description="住持 kept in hand")
    gold_table: int = Field(0, ge=0, description="金礦小巷 on the table")
    gold_hand: int = Field(0, ge=0, description="金礦小巷 in hand")


class EscapeInput(_Base):
    """Players at game end in that day's seat order [captain, 下家1, …]; omit for the general rule."""

    players: Annotated[list[EscapeSeat], S.ASK_ESCAPE] = Field(default_factory=list,
                                      description="4–6 players, captain first (that day's seats)")

    @field_validator("players")
    @classmethod
    def _count(cls, v: list[EscapeSeat]) -> list[EscapeSeat]:
        """Either no players (general rule) or 4–6."""
        if v and not 4 <= len(v) <= 6:
            raise ValueError(f"expected 4–6 players (or none for the general rule), got {len(v)}")
        return v
