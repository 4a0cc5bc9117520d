"""A combat of the magic-item variant as a playable model: frozen state, the dungeon lord's choices, rounds.

A combat is a party of adventurers (each carrying at most one magic item) against a dungeon. Each round
the dungeon lord chooses a trap (or none) and its target, then sends monsters one at a time (with their
attacks), then fights: the round resolves in the base game's order (traps, fast spells, monsters, spells,
healing, conquering with fatigue). What happens is recorded as structured `Event`s on the state;
`rules.py` turns them into the zh-TW and English trace a player reads. The combat ends when every
adventurer is defeated or after the last round of the combat card.
"""
from __future__ import annotations

import enum
import random
from collections import Counter
from dataclasses import dataclass, replace
from typing import Union

from ..game import IllegalAction, ModelFunctions, Outcome
from . import data as D


class ItemFate(enum.Enum):
    """What became of an item once its carrier fell or the combat ended (values as details report them)."""

    GOLD_TO_OFFICE = "discarded"
    UNUSED = "discarded to the distant lands"


class CombatEnd(enum.Enum):
    """How a combat ended."""

    PARTY_DEFEATED = "every adventurer is defeated"
    PARTY_SURVIVED = "the last round ended with adventurers standing"


class EventKind(enum.Enum):
    """What one recorded step of a round is about."""

    ROUND_BEGINS = "round begins"
    NO_TRAP = "no trap"
    TRAP_SPRUNG = "trap sprung"
    CLOVERS_NOT_NEEDED = "clovers not needed"
    SPELLS_BLOCKED = "spells blocked"
    SPELL_NOT_CAST_BLOCKED = "spell not cast, spells blocked"
    SPELL_CHECKED = "spell checked against the party's magic"
    WANDS_NOT_NEEDED = "wands not needed"
    MONSTER_DRIVEN_OFF = "monster driven off by the spell"
    NOTHING_TO_DRIVE_OFF = "no unpaid monster to drive off"
    NO_MONSTERS = "no monsters"
    MONSTER_TURN = "a monster's turn"
    MONSTER_SKIPS = "driven-off monster does not attack"
    MONSTER_NO_ATTACK = "monster makes no attack"
    DAMAGE = "damage"
    DAMAGE_LOST = "damage on a defeated adventurer is lost"
    NECKLACE_JUMPED = "damage jumps past the original hit points"
    ITEM_MARKED = "item marked as used"
    ALREADY_MARKED = "item already marked"
    ITEM_SETTLED = "item settled"
    NO_HEALING = "no healing without a monster attack"
    HEALING = "healing"
    POTIONS_NOT_NEEDED = "potions not needed"
    ALL_DEFEATED = "everyone defeated before conquering"
    CONQUEST = "conquest decided"
    ITEMS_STAY = "items stay for the next round"


class SourceKind(enum.Enum):
    """Where a packet of damage comes from."""

    TRAP = "trap"
    POISON = "trap's poison"
    MONSTER = "monster"
    FATIGUE = "fatigue"


class MarkCause(enum.Enum):
    """Why an item kind was marked as used."""

    NECKLACE_EXACT = "damage landed exactly on the original hit points"
    CLOVERS_PREVENTED = "clovers prevented trap damage the thieves could not"
    WAND_NEEDED = "the spell was cast only thanks to the wands"
    POTIONS_HEALED = "the potions healed what the priests could not"


@dataclass(frozen=True)
class DamageSource:
    """A damage source: its kind, the trap or monster's name, and the fatigue point's number."""

    kind: SourceKind
    name: str | None = None
    point: int = 0


@dataclass(frozen=True)
class Event:
    """One thing that happened: its kind, the passages it rests on, and the facts and numbers involved."""

    kind: EventKind
    cites: tuple[str, ...] = ()
    round: int = 1
    position: int | None = None   # the adventurer concerned (1-based)
    item: int | None = None       # index of the item concerned in the state's items
    trap: str | None = None
    spell: str | None = None
    monster: str | None = None
    source: DamageSource | None = None
    cause: MarkCause | None = None
    fast: bool = False
    amount: int = 0               # damage dealt, or the trap's total preventable damage
    before: int = 0               # damage on the adventurer before it landed
    after: int = 0                # damage on him afterwards
    limit: int = 0                # hit points counting a carried necklace
    hp: int = 0                   # original hit points
    lost: int = 0                 # excess damage that is lost
    defeated: bool = False
    icons: int = 0                # the thieves' trap icons
    clovers: int = 0
    prevented: int = 0
    level: int = 0                # the spell's level
    magic: int = 0                # the wizards' magic
    wands: int = 0
    cast: bool = False
    hearts: int = 0
    potions: int = 0
    need: int = 0                 # damage on the standing adventurers before healing
    healed: int = 0
    marked: bool = False          # an item settled had been used
    own: bool = False             # an item settled was used in its owner's own dungeon
    conquered: bool = False
    tile: str = "room"


@dataclass(frozen=True)
class Adventurer:
    """One adventurer in the party, front (position 1) to back."""

    position: int
    cls: str
    hp: int
    damage: int = 0
    hearts: int = 0
    traps: int = 0
    magic: int = 0
    defeated: bool = False

    def label(self) -> str:
        """Readable name, e.g. 'thief #1'."""
        return f"{self.cls} #{self.position}"

    def label_zh(self) -> str:
        """Traditional Chinese name, e.g. '1號盜賊'."""
        return f"{self.position}號{D.CLASS_NAMES[self.cls]}"


@dataclass(frozen=True)
class Item:
    """A magic item under an adventurer; `fate` stays None while it is still carried."""

    kind: str
    owner: str
    carrier: int
    marked: bool = False
    # Marked in an earlier round, before this combat's record began.
    marked_earlier: bool = False
    fate: ItemFate | None = None
    # The colour of the dead-letter office its gold went to, if any.
    gold_to: str | None = None
    scores: bool = False

    def label(self) -> str:
        """Readable name, e.g. 'green potion'."""
        return f"{self.owner} {self.kind}"

    def label_zh(self) -> str:
        """Traditional Chinese name, e.g. '綠色治療藥水'."""
        return D.marker_zh(self.owner, self.kind)


@dataclass(frozen=True)
class CombatRound:
    """One row of the combat card: the tile fought on, the spell the party may cast, and the fatigue."""

    tile: str = "room"
    spell: str | None = None
    fatigue: int = 0


@dataclass(frozen=True)
class TrapPlay:
    """The trap you play on the tile, and its target when you choose it."""

    name: str
    target: int | None = None


@dataclass(frozen=True)
class MonsterPlay:
    """A monster you send, whether it was paid extra, and its attacks (target, damage) if chosen."""

    name: str
    paid_extra: bool = False
    attacks: tuple[tuple[int, int], ...] = ()


# ---------------------------------------------------------------- the dungeon lord's choices

@dataclass(frozen=True)
class ChooseTrap:
    """Play a trap from your hand on this round's tile (None: no trap), with its target if you aim it."""

    name: str | None
    target: int | None = None


@dataclass(frozen=True)
class SendMonster:
    """Send one of your monsters into this round, after the ones already sent (their attack order)."""

    name: str
    paid_extra: bool = False
    attacks: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class Fight:
    """Stop choosing and let the round resolve."""


Action = Union[ChooseTrap, SendMonster, Fight]


@dataclass(frozen=True)
class CombatState:
    """A combat in progress: the party, its items, your hand, the round being planned, and what happened."""

    party: tuple[Adventurer, ...]
    items: tuple[Item, ...]
    rounds: tuple[CombatRound, ...] = (CombatRound(),)
    dungeon_owner: str | None = None
    traps_in_hand: tuple[str, ...] = ()
    monsters_in_hand: tuple[str, ...] = ()
    round_index: int = 0
    # This round's plan: whether the trap is chosen yet, the trap, and the monsters in attack order.
    trap_chosen: bool = False
    plan_trap: TrapPlay | None = None
    plan_monsters: tuple[MonsterPlay, ...] = ()
    # Effects that last for the round being resolved.
    spells_blocked: bool = False
    banished: tuple[int, ...] = ()
    monster_attacked: bool = False
    # Running results over the combat.
    conquered: bool | None = None
    healed: int = 0
    prevented: int = 0
    spells_cast: tuple[str, ...] = ()
    fallen: tuple[str, ...] = ()
    events: tuple[Event, ...] = ()
    ended: CombatEnd | None = None


# ---------------------------------------------------------------- state helpers

def adventurer(state: CombatState, position: int) -> Adventurer:
    """The adventurer at a 1-based party position."""
    return state.party[position - 1]


def standing(state: CombatState) -> list[Adventurer]:
    """Adventurers not yet defeated, front first."""
    return [a for a in state.party if not a.defeated]


def carried(state: CombatState, kind: str | None = None) -> list[tuple[int, Item]]:
    """Items still carried by a standing adventurer, optionally of one kind, with their index."""
    return [(i, it) for i, it in enumerate(state.items)
            if it.fate is None and not adventurer(state, it.carrier).defeated
            and (kind is None or it.kind == kind)]


def item_of(state: CombatState, position: int) -> tuple[int, Item] | None:
    """The item still carried by the adventurer at this position, if any."""
    for i, it in enumerate(state.items):
        if it.carrier == position and it.fate is None:
            return i, it
    return None


def effective_hp(state: CombatState, adv: Adventurer) -> int:
    """Hit points counting a carried necklace's extra point."""
    held = item_of(state, adv.position)
    return adv.hp + (1 if held and held[1].kind == "necklace" else 0)


def current_round(state: CombatState) -> CombatRound:
    """The combat-card row of the round being planned (the last one once the combat is over)."""
    return state.rounds[min(state.round_index, len(state.rounds) - 1)]


def monster_limit(tile: str) -> int:
    """How many monsters a tile takes: two in a room, one in a corridor."""
    return 2 if tile == "room" else 1


def _set_adventurer(state: CombatState, adv: Adventurer) -> CombatState:
    """A copy of the state with one adventurer replaced."""
    party = list(state.party)
    party[adv.position - 1] = adv
    return replace(state, party=tuple(party))


def _set_item(state: CombatState, index: int, item: Item) -> CombatState:
    """A copy of the state with one item replaced."""
    items = list(state.items)
    items[index] = item
    return replace(state, items=tuple(items))


def _note(state: CombatState, kind: EventKind, *cites: str, **facts) -> CombatState:
    """A copy of the state with one event recorded for the round being resolved."""
    event = Event(kind=kind, cites=tuple(cites), round=state.round_index + 1, **facts)
    return replace(state, events=state.events + (event,))


# ---------------------------------------------------------------- item marking and resolution

def mark_kind(state: CombatState, kind: str, cause: MarkCause, facts: dict, *cites: str) -> CombatState:
    """Mark every carried item of a kind as used; an item already marked gets no second gold."""
    for index, it in carried(state, kind):
        if it.marked:
            state = _note(state, EventKind.ALREADY_MARKED, D.P_FIRST_USE, item=index)
            continue
        state = _set_item(state, index, replace(it, marked=True))
        state = _note(state, EventKind.ITEM_MARKED, *cites, D.P_GOLD, item=index, cause=cause, **facts)
    return state


def resolve_item(state: CombatState, index: int, fallen: int | None) -> CombatState:
    """Settle an item whose carrier fell (at `fallen`) or whose combat ended: gold to its owner or discarded.

    An item used in its owner's own dungeon still sends its gold to the owner's dead-letter office (the
    gold rule has no exception) but scores nothing (the own-colour exception); see ambiguity
    dl-own-colour-gold."""
    it = state.items[index]
    if it.marked:
        own = it.owner == state.dungeon_owner
        state = _set_item(state, index, replace(it, fate=ItemFate.GOLD_TO_OFFICE, gold_to=it.owner, scores=not own))
        cites = (D.P_GOLD, D.P_OWN_COLOUR) if own else (D.P_GOLD,)
        return _note(state, EventKind.ITEM_SETTLED, *cites, item=index, position=fallen, marked=True, own=own)
    state = _set_item(state, index, replace(it, fate=ItemFate.UNUSED))
    return _note(state, EventKind.ITEM_SETTLED, D.P_GOLD, item=index, position=fallen)


def land_damage(state: CombatState, position: int, amount: int, source: DamageSource, *cites: str) -> CombatState:
    """Put damage on one adventurer: necklace check, defeat, and his item settled if he falls."""
    adv = adventurer(state, position)
    if adv.defeated:
        return _note(state, EventKind.DAMAGE_LOST, *cites, position=position, source=source)
    if amount <= 0:
        return state
    before = adv.damage
    total = before + amount
    held = item_of(state, position)
    necklace = held is not None and held[1].kind == "necklace" and before < adv.hp
    limit = effective_hp(state, adv)
    adv = replace(adv, damage=min(total, limit), defeated=total >= limit)
    state = _set_adventurer(state, adv)
    if adv.defeated:
        state = replace(state, fallen=state.fallen + (adv.label(),))
    state = _note(state, EventKind.DAMAGE, *cites, position=position, source=source, amount=amount,
                  before=before, after=adv.damage, limit=limit, lost=max(0, total - limit),
                  defeated=adv.defeated)
    if necklace and total == adv.hp:
        # The damage lands exactly on his original hit points: only the necklace keeps him up.
        state = mark_kind(state, "necklace", MarkCause.NECKLACE_EXACT, {"position": position, "hp": adv.hp},
                          D.P_NECKLACE)
    elif necklace and total > adv.hp:
        state = _note(state, EventKind.NECKLACE_JUMPED, D.P_NECKLACE, position=position, source=source, hp=adv.hp)
    if adv.defeated and held:
        state = resolve_item(state, held[0], position)
    return state


# ---------------------------------------------------------------- the steps of a round

def _victims(state: CombatState, targeting: str, target: int | None) -> list[int]:
    """Positions a trap or monster hits, by its targeting."""
    up = standing(state)
    if not up:
        return []
    if targeting == D.FIRST:
        return [up[0].position]
    if targeting == D.LAST:
        return [up[-1].position]
    if targeting == D.EACH:
        return [a.position for a in up]
    return [target] if target is not None else []


def trap_step(state: CombatState, play: TrapPlay | None) -> CombatState:
    """Traps: thieves' icons then clovers prevent damage from the front; special effects never."""
    if play is None:
        return _note(state, EventKind.NO_TRAP)
    trap = D.TRAPS[play.name]
    victims = _victims(state, trap.targeting, play.target)
    icons = sum(a.traps for a in standing(state) if a.cls == "thief")
    clovers = len(carried(state, "clover"))
    pool = icons + clovers
    packets = []
    prevented = 0
    for pos in sorted(victims):
        stop = min(trap.damage, pool - prevented)
        prevented += stop
        packets.append((pos, trap.damage - stop))
    state = _note(state, EventKind.TRAP_SPRUNG, *trap.cites, trap=play.name, amount=trap.damage * len(victims),
                  icons=icons, clovers=clovers, prevented=prevented)
    if clovers:
        if prevented > icons:
            state = mark_kind(state, "clover", MarkCause.CLOVERS_PREVENTED, {"prevented": prevented, "icons": icons},
                              D.P_CLOVER, *trap.cites)
        else:
            state = _note(state, EventKind.CLOVERS_NOT_NEEDED, D.P_CLOVER, *trap.cites, prevented=prevented,
                          icons=icons)
    state = replace(state, prevented=state.prevented + prevented)
    for pos, dmg in packets:
        state = land_damage(state, pos, dmg, DamageSource(SourceKind.TRAP, play.name), *trap.cites)
    if trap.poison and victims:
        # Poison is the trap's special effect: neither thieves nor clovers prevent it.
        state = land_damage(state, sorted(victims)[0], trap.poison, DamageSource(SourceKind.POISON, play.name),
                            *trap.cites)
    if trap.blocks_spells:
        state = replace(state, spells_blocked=True)
        state = _note(state, EventKind.SPELLS_BLOCKED, *trap.cites, trap=play.name)
    return state


def spell_step(state: CombatState, spell: str | None, monsters: tuple[MonsterPlay, ...], fast: bool) -> CombatState:
    """Casting: the party casts when wizards' magic plus wands reaches the level; wands marked if needed."""
    if spell is None or D.SPELLS[spell].fast != fast:
        return state
    sp = D.SPELLS[spell]
    if state.spells_blocked:
        return _note(state, EventKind.SPELL_NOT_CAST_BLOCKED, D.P_WAND_ANTI, spell=spell, fast=fast)
    magic = sum(a.magic for a in standing(state) if a.cls == "wizard")
    wands = len(carried(state, "wand"))
    cast = magic + wands >= sp.level
    state = _note(state, EventKind.SPELL_CHECKED, *dict.fromkeys((D.P_WAND,) + sp.cites), spell=spell, fast=fast,
                  level=sp.level, magic=magic, wands=wands, cast=cast)
    if not cast:
        return state
    state = replace(state, spells_cast=state.spells_cast + (spell,))
    if wands:
        if magic < sp.level:
            state = mark_kind(state, "wand", MarkCause.WAND_NEEDED, {"spell": spell}, D.P_WAND, *sp.cites)
        else:
            state = _note(state, EventKind.WANDS_NOT_NEEDED, D.P_WAND, *sp.cites, spell=spell)
    if sp.banishes_unpaid:
        for index, m in enumerate(monsters):
            if not m.paid_extra:
                state = replace(state, banished=state.banished + (index,))
                return _note(state, EventKind.MONSTER_DRIVEN_OFF, *sp.cites, spell=spell, monster=m.name)
        state = _note(state, EventKind.NOTHING_TO_DRIVE_OFF, *sp.cites, spell=spell)
    return state


def monster_step(state: CombatState, monsters: tuple[MonsterPlay, ...]) -> CombatState:
    """Monsters attack in the order you sent them; excess damage on a fallen adventurer is lost."""
    if not monsters:
        state = _note(state, EventKind.NO_MONSTERS)
    for index, play in enumerate(monsters):
        mon = D.MONSTERS[play.name]
        state = _note(state, EventKind.MONSTER_TURN, *mon.cites, monster=play.name)
        if index in state.banished:
            state = _note(state, EventKind.MONSTER_SKIPS, *mon.cites, monster=play.name)
            continue
        if not standing(state):
            break
        if mon.targeting == D.CHOSEN:
            hits = list(play.attacks)
        else:
            hits = [(pos, mon.damage) for pos in _victims(state, mon.targeting, None)]
        if not hits:
            state = _note(state, EventKind.MONSTER_NO_ATTACK, *mon.cites, monster=play.name)
            continue
        state = replace(state, monster_attacked=True)
        for pos, dmg in hits:
            state = land_damage(state, pos, dmg, DamageSource(SourceKind.MONSTER, play.name), *mon.cites)
    return state


def healing_step(state: CombatState) -> CombatState:
    """Healing (only if a monster attacked): priests' hearts first, then potions; front first."""
    up = standing(state)
    if not state.monster_attacked:
        return _note(state, EventKind.NO_HEALING)
    if not up:
        return state
    hearts = sum(a.hearts for a in up if a.cls == "priest")
    potions = len(carried(state, "potion"))
    need = sum(a.damage for a in up)
    healed = min(need, hearts + potions)
    left = healed
    for adv in up:
        take = min(adv.damage, left)
        if take:
            state = _set_adventurer(state, replace(adv, damage=adv.damage - take))
            left -= take
    state = replace(state, healed=state.healed + healed)
    state = _note(state, EventKind.HEALING, D.P_POTION, need=need, hearts=hearts, potions=potions, healed=healed)
    if potions:
        if healed > hearts:
            state = mark_kind(state, "potion", MarkCause.POTIONS_HEALED, {"healed": healed, "hearts": hearts},
                              D.P_POTION, D.P_POTION_EX)
        else:
            state = _note(state, EventKind.POTIONS_NOT_NEEDED, D.P_POTION, D.P_POTION_EX, healed=healed)
    return state


def conquer_step(state: CombatState, tile: str, fatigue: int) -> CombatState:
    """Conquering: fatigue lands one point at a time on the front adventurer; conquered if one is left."""
    if not standing(state):
        state = _note(state, EventKind.ALL_DEFEATED, D.P_NECKLACE_WITCH, tile=tile)
        return replace(state, conquered=False)
    for point in range(fatigue):
        up = standing(state)
        if not up:
            break
        # One point at a time, so a necklace can see damage land exactly on the original hit points.
        state = land_damage(state, up[0].position, 1, DamageSource(SourceKind.FATIGUE, point=point + 1),
                            D.P_NECKLACE_FATIGUE)
    conquered = bool(standing(state))
    state = _note(state, EventKind.CONQUEST, D.P_NECKLACE_WITCH, D.P_NECKLACE_VAMPIRE, conquered=conquered, tile=tile)
    return replace(state, conquered=conquered)


def end_step(state: CombatState, last_round: bool) -> CombatState:
    """At the end of combat every item still carried is settled; otherwise it stays."""
    if not last_round:
        if carried(state):
            state = _note(state, EventKind.ITEMS_STAY, D.P_GOLD)
        return state
    for index, _ in carried(state):
        state = resolve_item(state, index, None)
    return state


def resolve_round(state: CombatState) -> CombatState:
    """Play the planned round in the base game's order, then end the combat or move to the next round."""
    row = current_round(state)
    last_round = state.round_index == len(state.rounds) - 1
    state = _note(state, EventKind.ROUND_BEGINS, D.P_GOLD, tile=row.tile)
    state = trap_step(state, state.plan_trap)
    state = spell_step(state, row.spell, state.plan_monsters, True)
    state = monster_step(state, state.plan_monsters)
    state = spell_step(state, row.spell, state.plan_monsters, False)
    state = healing_step(state)
    state = conquer_step(state, row.tile, row.fatigue)
    state = end_step(state, last_round)
    if not standing(state):
        ended = CombatEnd.PARTY_DEFEATED
    elif last_round:
        ended = CombatEnd.PARTY_SURVIVED
    else:
        ended = None
    return replace(state, ended=ended, round_index=state.round_index + 1, trap_chosen=False, plan_trap=None,
                   plan_monsters=(), spells_blocked=False, banished=(), monster_attacked=False)


# ---------------------------------------------------------------- legal choices

def _attack_options(name: str, targets: list[int]) -> list[tuple[tuple[int, int], ...]]:
    """Every attack list a monster that picks its victims may make: up to its attacks, its total damage."""
    mon = D.MONSTERS[name]
    if mon.targeting != D.CHOSEN:
        return [()]
    options: list[tuple[tuple[int, int], ...]] = [()]
    frontier: list[tuple[tuple[int, int], ...]] = [()]
    for _ in range(mon.max_attacks):
        grown = []
        for attacks in frontier:
            left = mon.damage - sum(d for _, d in attacks)
            grown += [attacks + ((t, d),) for t in targets for d in range(1, left + 1)]
        options += grown
        frontier = grown
    return options


def _targets_for(state: CombatState, name: str) -> list[int]:
    """Standing adventurers a monster may attack."""
    banned = D.MONSTERS[name].cannot_target
    return [a.position for a in standing(state) if a.cls not in banned]


def legal_actions(state: CombatState) -> list[Action]:
    """Every choice you may make now: a trap first, then monsters one at a time, or fight."""
    if state.ended is not None:
        return []
    if not state.trap_chosen:
        actions: list[Action] = [ChooseTrap(None)]
        for name in dict.fromkeys(state.traps_in_hand):
            if D.TRAPS[name].targeting == D.CHOSEN:
                actions += [ChooseTrap(name, a.position) for a in standing(state)]
            else:
                actions.append(ChooseTrap(name))
        return actions
    actions = [Fight()]
    if len(state.plan_monsters) < monster_limit(current_round(state).tile):
        for name in dict.fromkeys(state.monsters_in_hand):
            for attacks in _attack_options(name, _targets_for(state, name)):
                actions += [SendMonster(name, paid, attacks) for paid in (False, True)]
    return actions


def refusal(state: CombatState, action: object) -> str | None:
    """Why an action is not allowed now, in words a player reads; None when it is."""
    if state.ended is not None:
        return "The combat is over."
    if not isinstance(action, (ChooseTrap, SendMonster, Fight)):
        return f"{action!r} is not a dungeon lord's choice in combat."
    if not state.trap_chosen:
        if not isinstance(action, ChooseTrap):
            return "Choose this round's trap (or no trap) before sending monsters or fighting."
        return _trap_refusal(state, action)
    if isinstance(action, ChooseTrap):
        return "This round's trap is already chosen."
    if isinstance(action, SendMonster):
        return _monster_refusal(state, action)
    return None


def _trap_refusal(state: CombatState, action: ChooseTrap) -> str | None:
    """Why a trap choice is not allowed, or None."""
    if action.name is None:
        return None if action.target is None else "With no trap there is nothing to aim."
    if action.name not in state.traps_in_hand:
        return f"You have no {D.TRAP_NAMES_EN.get(action.name, action.name)} to play."
    trap = D.TRAPS[action.name]
    if trap.targeting != D.CHOSEN:
        return None if action.target is None else f"The {D.TRAP_NAMES_EN[action.name]} picks its own victims."
    if action.target not in [a.position for a in standing(state)]:
        return f"The {D.TRAP_NAMES_EN[action.name]} needs a standing adventurer as its target."
    return None


def _monster_refusal(state: CombatState, action: SendMonster) -> str | None:
    """Why sending a monster is not allowed, or None."""
    tile = current_round(state).tile
    if action.name not in state.monsters_in_hand:
        return f"You have no {action.name} left to send."
    if len(state.plan_monsters) >= monster_limit(tile):
        return f"A {tile} takes at most {monster_limit(tile)} monster(s)."
    mon = D.MONSTERS[action.name]
    if mon.targeting != D.CHOSEN:
        return None if not action.attacks else f"The {action.name} picks its own victims ({mon.note})."
    if len(action.attacks) > mon.max_attacks:
        return f"The {action.name} makes at most {mon.max_attacks} attack(s)."
    if any(d < 1 for _, d in action.attacks) or sum(d for _, d in action.attacks) > mon.damage:
        return f"The {action.name} deals 1 to {mon.damage} damage in all ({mon.note})."
    allowed = _targets_for(state, action.name)
    for target, _ in action.attacks:
        if target not in allowed:
            return f"The {action.name} cannot attack adventurer {target} ({mon.note})."
    return None


def apply(state: CombatState, action: Action) -> CombatState:
    """The state after one choice; a Fight resolves the round. Raises IllegalAction when not allowed."""
    reason = refusal(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    if isinstance(action, ChooseTrap):
        hand = list(state.traps_in_hand)
        if action.name is not None:
            hand.remove(action.name)
        play = TrapPlay(action.name, action.target) if action.name is not None else None
        return replace(state, trap_chosen=True, plan_trap=play, traps_in_hand=tuple(hand))
    if isinstance(action, SendMonster):
        hand = list(state.monsters_in_hand)
        hand.remove(action.name)
        play = MonsterPlay(action.name, action.paid_extra, tuple(action.attacks))
        return replace(state, plan_monsters=state.plan_monsters + (play,), monsters_in_hand=tuple(hand))
    return resolve_round(state)


def outcome(state: CombatState) -> Outcome | None:
    """How the combat ended, or None while it goes on (won: the dungeon lord defeated the whole party)."""
    if state.ended is None:
        return None
    return Outcome(state.ended, won=state.ended is CombatEnd.PARTY_DEFEATED)


# ---------------------------------------------------------------- invariants

def invariants(state: CombatState) -> list[str]:
    """What is wrong with a combat state: items, damage and defeats, gold, markers, the combat's end."""
    problems = []
    carriers = Counter(it.carrier for it in state.items)
    problems += [f"adventurer {p} carries {n} items" for p, n in carriers.items() if n > 1]
    problems += [f"item {i} is under adventurer {it.carrier}, outside the party" for i, it in enumerate(state.items)
                 if not 1 <= it.carrier <= len(state.party)]
    colours = Counter(it.owner for it in state.items)
    problems += [f"{n} {c} items, more than a player's {D.MARKERS_PER_PLAYER} markers"
                 for c, n in colours.items() if n > D.MARKERS_PER_PLAYER]
    for i, it in enumerate(state.items):
        if not 1 <= it.carrier <= len(state.party):
            continue
        fell = adventurer(state, it.carrier).defeated
        if it.fate is None and (fell or state.ended is not None):
            problems.append(f"{it.label()} is neither carried nor settled")
        if it.fate is ItemFate.GOLD_TO_OFFICE and (not it.marked or it.gold_to != it.owner):
            problems.append(f"{it.label()}: its gold must go to exactly its owner's office, and only if used")
        if it.fate is not ItemFate.GOLD_TO_OFFICE and it.gold_to is not None:
            problems.append(f"{it.label()} sent gold without being settled as used")
        if it.scores != (it.gold_to is not None and it.owner != state.dungeon_owner):
            problems.append(f"{it.label()} scores {it.scores}, against the own-colour exception")
    marks = Counter(e.item for e in state.events if e.kind is EventKind.ITEM_MARKED)
    problems += [f"item {i} got {n} golds (first use only)" for i, n in marks.items() if n > 1]
    problems += [f"item {i} is marked without a gold put on it" for i, it in enumerate(state.items)
                 if it.marked and not marks[i] and not it.marked_earlier]
    settled = Counter(e.item for e in state.events if e.kind is EventKind.ITEM_SETTLED)
    problems += [f"item {i} settled {n} times" for i, n in settled.items() if n > 1]
    for a in state.party:
        if a.damage < 0:
            problems.append(f"{a.label()} has negative damage {a.damage}")
        if a.defeated and a.damage < a.hp:
            problems.append(f"{a.label()} is defeated with {a.damage} damage of {a.hp} hit points")
        # A necklace keeps its extra point for the survivor it kept up, even once settled at the combat's end.
        most = a.hp + any(it.carrier == a.position and it.kind == "necklace" for it in state.items)
        if not a.defeated and a.damage >= most:
            problems.append(f"{a.label()} stands with {a.damage} damage of {most} hit points")
    defeated = [a.label() for a in state.party if a.defeated]
    if sorted(state.fallen) != sorted(defeated) or len(set(state.fallen)) != len(state.fallen):
        problems.append(f"fallen {state.fallen} does not list each defeated adventurer once: {defeated}")
    if state.ended is CombatEnd.PARTY_DEFEATED and standing(state):
        problems.append("the party is called defeated with adventurers standing")
    if state.ended is None and (not standing(state) or state.round_index >= len(state.rounds)):
        problems.append("the combat is over but has no ending")
    if state.ended is CombatEnd.PARTY_SURVIVED and (not standing(state) or state.round_index != len(state.rounds)):
        problems.append("the party is called survivors before the last round, or with nobody standing")
    return problems



# ---------------------------------------------------------------- quantity-level marking rules

def potion_marked(damage_to_heal: int, priest_hearts: int, potions: int, monster_attacked: bool) -> bool:
    """Potions are marked when healing happens and needs at least one potion point."""
    return monster_attacked and potions > 0 and min(damage_to_heal, priest_hearts + potions) > priest_hearts


def clover_marked(trap_damage: int, thief_icons: int, clovers: int) -> bool:
    """Clovers are marked when they prevent at least one trap point the thieves could not."""
    return clovers > 0 and min(trap_damage, thief_icons + clovers) > thief_icons


def wand_marked(spell_level: int, party_magic: int, wands: int, spells_blocked: bool) -> bool:
    """Wands are marked when the spell is cast only thanks to them, effect or not."""
    return not spells_blocked and wands > 0 and party_magic < spell_level <= party_magic + wands


def necklace_marked(hit_points: int, damage: list[int], damage_before: int = 0) -> bool:
    """The necklace is marked when damage, in the order it lands, lands exactly on the original hit points."""
    total = damage_before
    for amount in damage:
        if amount <= 0:
            continue
        total += amount
        if total == hit_points:
            return True
        if total > hit_points:
            return False
    return False


# ---------------------------------------------------------------- the registered model

def random_combat(seed: int) -> CombatState:
    """A legal combat drawn from `seed`: a party with suitable items, your traps and monsters, the combat card."""
    rng = random.Random(seed)
    party = []
    for position in range(1, rng.randint(1, 4) + 1):
        cls = rng.choice(D.CLASSES)
        base = D.CLASS_DEFAULTS[cls]
        party.append(Adventurer(position=position, cls=cls, hp=base.hp + rng.randint(0, 1),
                                damage=rng.choice((0, 0, 0, 1)), hearts=base.hearts, traps=base.traps,
                                magic=base.magic))
    items = []
    for adv in party:
        kinds = [k for k in D.ITEMS if D.suits(k, adv.cls)]
        if rng.random() < 0.7:
            items.append(Item(kind=rng.choice(kinds), owner=rng.choice(D.COLOURS), carrier=adv.position))
    rounds = tuple(CombatRound(tile=rng.choice(("room", "corridor")),
                               spell=rng.choice((None, None) + tuple(D.SPELLS)), fatigue=rng.randint(0, 2))
                   for _ in range(rng.randint(1, 3)))
    return CombatState(party=tuple(party), items=tuple(items), rounds=rounds, dungeon_owner=rng.choice(D.COLOURS),
                       traps_in_hand=tuple(rng.sample(tuple(D.TRAPS), rng.randint(0, 2))),
                       monsters_in_hand=tuple(rng.sample(tuple(D.MONSTERS), rng.randint(1, 3))))


def random_choice(state: CombatState, rng: random.Random) -> Action:
    """A legal choice: first what kind of choice (trap, monster, fight), then which one."""
    kinds: dict[type, list[Action]] = {}
    for action in legal_actions(state):
        kinds.setdefault(type(action), []).append(action)
    return rng.choice(kinds[rng.choice(list(kinds))])


def illegal_example(state: CombatState) -> Action | None:
    """A choice not allowed now: fighting before the trap is chosen, or a second trap."""
    if state.ended is not None:
        return None
    return Fight() if not state.trap_chosen else ChooseTrap(None)


# The magic-item variant's combat as the conformance tests and the terminal player see it.
MODEL = ModelFunctions("dungeon-lords", random_combat, legal_actions, apply, outcome, random_choice, invariants,
                       illegal_example)
