"""The executable 迷霧山城 rules: each a pure function from a validated input to a Verdict."""
from __future__ import annotations

from dataclasses import replace

from ..registry import rule
from ..verdict import DEPENDS, Case, Trace, Verdict
from . import cards as C
from .inputs import (ContributionInput, EscapeInput, MorningInput, NextCaptainInput, OwnEscapeInput, PlayersInput,
                     QualificationInput, resolve_path, to_acts)
from .model import (CITE_DEPART, CITE_FAIL, CITE_FOUR, CITE_HANDOVER, CITE_PATH_CARD, CITE_PATHS, CITE_PRIORITY,
                    CITE_VILLAGER, IN, P, Event, Kind, Morning, Standing, apply, captain_after_departure,
                    captain_after_failure, contributions, fog_effect, is_doubled, play_points, priorities,
                    priority, qualify, resolve_play, seat_label, standing, start_morning, tea_effect)
from .narrate import NEXT_EN, PREVIOUS_EN, Note, cap, label_en, of, plural, render, seat_label_en

GAME = "mist-mountain"
CITE_NEEDED = P + "goal/memories-needed"
CITE_MASTER = P + "goal/escape-master"
CITE_END = P + "end/camp-flooded"
CITE_VARIANT = P + "variant/short-deck"
CITE_MEMORIES = P + "cards/memories"
EXAMPLES = {
    (4, 4, 4, 0, 0, 0): P + "morning/example-tie-captain-first",
    (3, 2, 2, 5, 1, 5): P + "morning/example-thirteen",
    (3, 3, 3, 2, 2, 3): P + "morning/example-fails",
    (0, 0, 0, 12, 0, 0): P + "morning/example-single-contributor",
}

# Named only where the total equals the requirement (the one case the two readings answer differently).
# The 4/4/4 example ranks the qualifiers but never says they depart, so it is not given as evidence.
MEETS = ("原文寫「貢獻度超過需求值」，照字面合計剛好等於需求時不能出團；但「只有一人貢獻」的範例合計剛好 12 分，"
         "出團者依然選 3 人，故採「達到或超過」")
FOUR_AS_EXAMPLES = ("「其中4分貢獻度的工具在貢獻>8以上的路徑時為0貢獻」語意不明：依芒草小路範例（需求 12，反光盤仍算 4 分），"
                    "4 分工具照常計 4 分；若照字面讀，需求 >8 的路徑上 4 分工具為 0 分（可以指定改用這個讀法）")
FOUR_LITERAL = ("照字面採用「4分貢獻度的工具在貢獻>8以上的路徑時為0貢獻」：需求 >8 的路徑上，印著 4 分的照明工具計 0 分"
                "（此讀法與芒草小路範例中反光盤算 4 分相矛盾；鐵路工不是照明工具，不受影響）")
UNNAMED_PATH = "此路徑的數值由提問者提供：原文有 6 張冒險路徑卡，只列出櫻花小徑、竹林小道、芒草小路三張"
REQ_12 = "原文只說這三條是「貢獻度12分以上的路徑」，只有芒草小路的範例給出 12 分；{name} 的需求值假設為 12"
MEETS_EN = ("The text says the contribution must exceed the requirement, which read literally fails a total exactly "
            "equal to it; but in its single-contributor example the total is exactly 12 and three players still go, "
            "so \"meets or exceeds\" is used")
EXAMPLE_TIE = P + "morning/example-tie-captain-first"
FOG_DOUBLED = ("燈匠、洗金工、礦工的「且無法被取消」讀作：被加倍的照明工具不能被濃霧時刻棄掉（原文沒說是指加倍效果，"
               "還是工具本身；若只保護加倍效果，濃霧時刻仍可棄掉這張工具）")
FOG_DOUBLED_EN = ("\"And cannot be cancelled\" on the Lamp Maker, Gold Washer and Miner is read as: a doubled lighting "
                  "tool cannot be discarded by Thick Fog (the text does not say whether it protects the doubling or the "
                  "tools; if only the doubling, Thick Fog could still discard the tool)")
ACTOR_PASSED = ("戲子替已 Pass 的玩家出牌：原文沒說可不可以；此處允許，那張牌算那位玩家出的並執行效果，"
                "他仍維持 Pass 狀態")
ACTOR_PASSED_EN = ("The Actor plays a card for a player who has already passed: the text does not say whether that is "
                   "allowed; here it is, the card counts as that player's and its effect is carried out, and they stay "
                   "passed")
FOUR_AS_EXAMPLES_EN = ("\"A 4-point tool gives 0 contribution on a path of requirement >8\" is unclear: following the "
                       "Silver Grass Path example (requirement 12, the reflector still counts 4), 4-point tools count 4 "
                       "as usual; read literally, a 4-point tool is worth 0 on a path with requirement >8 "
                       "(that reading can be asked for instead)")
FOUR_LITERAL_EN = ("Literal reading of \"a 4-point tool gives 0 contribution on a path of requirement >8\": on a path "
                   "with requirement >8, a lighting tool printed with 4 points counts 0 (this contradicts the Silver "
                   "Grass Path example where the reflector counts 4; the Railway Worker is not a lighting tool and "
                   "is not affected)")
UNNAMED_PATH_EN = ("This path's numbers were given by the asker: the text has 6 adventure path cards but lists only "
                   "three: Cherry Blossom Path, Bamboo Path and Silver Grass Path")
REQ_12_EN = ("The text only calls these three \"paths of 12 or more contribution\", and only the Silver Grass Path "
             "example gives 12; the requirement of {name} is assumed to be 12")


def _path_assumptions(t: Trace, path: C.PathCard, literal: bool, four_played: bool,
                      requirement_matters: bool = True) -> None:
    """Record what the text leaves open about this path."""
    if not path.named_in_text:
        t.assume(UNNAMED_PATH, en=UNNAMED_PATH_EN)
    elif requirement_matters and path.name != C.GRASS and path.requirement == 12:
        t.assume(REQ_12.format(name=path.name), en=REQ_12_EN.format(name=C.en_path(path.name)))
    if literal and path.requirement > 8:
        t.assume(FOUR_LITERAL, en=FOUR_LITERAL_EN)
    elif four_played and path.requirement > 8:
        t.assume(FOUR_AS_EXAMPLES, en=FOUR_AS_EXAMPLES_EN)


def _tie_notes(contribs: list[int] | tuple[int, ...], labels: list[str],
               zero: bool = True) -> list[tuple[str, str]]:
    """Sentences (zh-TW, English) for ties that decide who qualifies or in which order (ties at 0 only if
    `zero`)."""
    n = len(contribs)
    top = qualify(contribs)
    cut = sorted(range(n), key=lambda s: (-contribs[s], priority(s, n)))[:4]
    out = []
    for value in dict.fromkeys(contribs[s] for s in cut):
        group = [s for s in sorted(range(n), key=lambda s: priority(s, n)) if contribs[s] == value]
        if len(group) > 1 and any(s in top for s in group) and (zero or value > 0):
            shown = "、".join(f"{labels[s]}（順位{priority(s, n)}）" for s in group)
            shown_en = ", ".join(f"{label_en(labels[s])} with priority {priority(s, n)}" for s in group)
            out.append((f"同為 {value} 分：{shown}，順位高者優先",
                        f"Tied at {value}: {shown_en}; the better priority goes first"))
    return out


TAKEN_DOUBLED = ("品茶師拿走被加倍的照明工具：原文的「無法被取消」此處讀作擋住濃霧時刻與保住加倍效果，"
                 "被拿走的工具離開場上、不再計分")
TAKEN_DOUBLED_EN = ("The Tea Master takes a doubled lighting tool: the text's \"cannot be cancelled\" is read here as "
                    "blocking Thick Fog and keeping the doubling; the taken tool leaves play and no longer scores")


def _taken_doubled(t: Trace, m: Morning) -> None:
    """Flag a doubled tool taken by the 品茶師, which the text does not settle."""
    if any(p.status == "taken" and p.card in C.TOOLS and is_doubled(m, p.owner, p.card) for p in m.plays):
        t.assume(TAKEN_DOUBLED, en=TAKEN_DOUBLED_EN)


def _event_assumptions(t: Trace, events: tuple[Event, ...]) -> None:
    """Name what the text leaves open about the events of a morning: fog on a doubled tool, an Actor
    playing for a passed player."""
    if any(ev.kind is Kind.FOG_DOUBLED for ev in events):
        t.assume(FOG_DOUBLED, en=FOG_DOUBLED_EN)
    if any(ev.kind is Kind.ACTOR_PLAYS and ev.target_passed for ev in events):
        t.assume(ACTOR_PASSED, en=ACTOR_PASSED_EN)


def _five_player_stay(t: Trace, n: int, departs: bool, new_captain: int) -> None:
    """Flag the 5-player case where the captain keeps the card, which the text does not mention."""
    if departs and n == 5 and new_captain == 0:
        t.assume("原文只說 4 人局隊長可能續任；5 人局中若警官讓 4 人出團且隊長未出團，依同一規則隊長也續任",
                 en="The text only says the captain may stay captain in a 4-player game; in a 5-player game where "
                    "the Officer lets 4 players depart and the captain did not go, the same rule keeps the captain")


def _standing_text(st: Standing, labels: list[str]) -> str:
    """One line: the qualifiers with their contributions and the total."""
    parts = "、".join(f"{labels[s]} {st.contributions[s]}" for s in st.qualified)
    return f"資格者：{parts}，合計 {st.total}"


def _standing_text_en(st: Standing, labels: list[str]) -> str:
    """The English line: the qualifiers with their contributions and the total."""
    parts = ", ".join(f"{label_en(labels[s])} with {st.contributions[s]}" for s in st.qualified)
    return f"qualifiers: {parts}; total {st.total}"


def _and(items: list[str]) -> str:
    """An English list: "a", "a and b", "a, b and c"."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _card_en(card: str) -> str:
    """English name of a played card; a path card is named as a card ("Cherry Blossom Path card")."""
    return f"{C.en(card)} card" if card in C.PATH_CARDS else C.en(card)


def _previous(labels: list[str], en: list[str]) -> tuple[str, str]:
    """The captain's previous player (上家) named for a reader (zh-TW, English): the seat label already
    says so ("下家5（上家）"); a player's name is introduced as the 上家."""
    if "上家" in labels[-1]:
        return labels[-1], en[-1]
    return f"上家 {labels[-1]}", f"{PREVIOUS_EN}, {en[-1]}"


# --- mist-mountain.qualification -------------------------------------------------------------

def qualification(inp: QualificationInput) -> Verdict:
    """Top three by contribution (ties to priority); departs when they reach the requirement."""
    t = Trace()
    c = inp.contributions
    n = len(c)
    labels = inp.names or [seat_label(s, n) for s in range(n)]
    en = [label_en(x) for x in labels]
    pr = priorities(n)
    t.add("順位：" + "、".join(f"{labels[s]} {pr[s]}" for s in range(n)) + "（隊長最高，隊長的下家最低）",
          None, CITE_PRIORITY,
          en=f"Priority (the captain highest, {NEXT_EN} lowest): "
             + ", ".join(f"{pr[s]} for {en[s]}" for s in range(n)))
    q = qualify(c)
    total = sum(c[s] for s in q)
    for note, note_en in _tie_notes(c, labels):
        t.add(note, True, CITE_PRIORITY, en=note_en)
    t.add("貢獻度前三名（同分比順位）：" + "、".join(f"第{i + 1} {labels[s]}（{c[s]} 分）"
                                             for i, s in enumerate(q)), True, CITE_PRIORITY,
          en="Top three by contribution (ties by priority): "
             + ", ".join(f"#{i + 1} {en[s]} with {plural(c[s], 'point')}" for i, s in enumerate(q)))
    example = EXAMPLES.get(tuple(c)) if inp.requirement == 12 else None
    if example == EXAMPLE_TIE:
        t.add("與原文範例相同（範例只列出資格順位，沒有說是否出團）", True, example,
              en="Same as the example in the rules (it lists the qualification order only and does not say whether "
                 "the team departs)")
    elif example:
        t.add("與原文範例相同", True, example, en="Same as the example in the rules")
    departs = total >= inp.requirement
    t.add(f"三位資格者合計 {total}，需求 {inp.requirement}", departs,
          CITE_DEPART if departs else CITE_FAIL,
          en=f"The three qualifiers total {total}; the requirement is {inp.requirement}")
    if total == inp.requirement:
        t.assume(MEETS, en=MEETS_EN)
    went = list(q) if departs else []
    if inp.officer is not None:
        if departs:
            went.append(inp.officer)
            double = "（同時擁有雙份資格）" if inp.officer in q else ""
            t.add(f"警官：{labels[inp.officer]} 成為第四順位出團者{double}", True, CITE_VILLAGER[C.OFFICER],
                  en=f"Officer: {en[inp.officer]} departs as the fourth qualifier"
                     + (" (holding a double qualification)" if double else ""))
        else:
            t.add("無法出團，警官無效棄掉", True, CITE_VILLAGER[C.OFFICER],
                  en="The team cannot depart; the Officer has no effect and is discarded")
    nxt = captain_after_departure(n, set(went)) if departs else captain_after_failure(n)
    _five_player_stay(t, n, departs, nxt)
    who = "、".join(labels[s] for s in q)
    who_en = _and([en[s] for s in q])
    if departs:
        expl = f"可以出團：資格者 {who} 合計 {total} 分，達到需求 {inp.requirement} 分。"
        expl_en = f"The team departs: {who_en} qualify with {total}, meeting the {inp.requirement} required."
    else:
        expl = f"無法出團：資格者 {who} 合計只有 {total} 分，未達需求 {inp.requirement} 分。"
        expl_en = f"The team cannot depart: {who_en} qualify with only {total}, short of the {inp.requirement} required."
    return t.verdict("mist-mountain.qualification", departs, expl, explanation_en=expl_en, details={
        "qualified": q, "qualified_names": [labels[s] for s in q], "total": total,
        "requirement": inp.requirement, "priorities": pr, "went": went,
        "next_captain": nxt, "next_captain_name": labels[nxt]})


# --- mist-mountain.morning -------------------------------------------------------------------

def morning(inp: MorningInput) -> Verdict:
    """Play the actions in turn; report contributions and qualification after each, and the end."""
    t = Trace()
    n = inp.players
    labels = inp.labels()
    en = [label_en(x) for x in labels]
    path = resolve_path(inp.path)
    path_en = C.en_path(path.name)
    literal = inp.four_point_rule == "literal"
    m = start_morning(n, path, literal)
    t.add(f"今日路徑 {path.name}：需求 {path.requirement}，燈籠 {path.lantern}、工作帽 {path.cap}、"
          f"反光盤 {path.reflector}", None, P + "morning/path", CITE_PATHS,
          en=f"Today's path is {path_en}: requirement {path.requirement}, lantern {path.lantern}, "
             f"work cap {path.cap}, reflector {path.reflector}")
    first = f"{labels[1]}" if inp.names or inp.is_walkthrough() else "下家1"
    first_en = f"{NEXT_EN} ({en[1]})" if inp.names or inp.is_walkthrough() else en[1]
    t.add(f"由隊長的下家（{first}）開始，依序出一張牌或 Pass，Pass 後本日不可再出牌", None,
          P + "morning/play-or-pass",
          en=f"Starting with {first_en}, each in turn plays one card or passes; "
             "after passing, a player may not play again today")
    running = []
    four_played = False
    last_ties: list[str] = []
    last_line = ""
    for act in to_acts(inp.actions, n, inp.names):
        done = len(m.events)
        m = apply(m, act)
        four_played |= any(p.card in C.TOOLS and path.tool_value(p.card) == 4 for p in m.plays)
        for ev in m.events[done:]:
            note = render(ev, labels.__getitem__, path)
            t.add(note.text, note.holds, *note.cites, en=note.en)
        st = standing(m)
        ties = _tie_notes(st.contributions, labels, zero=False)
        for tie, tie_en in ties if ties != last_ties else []:
            t.add(tie, True, CITE_PRIORITY, en=tie_en)
        last_ties = ties
        line = "目前" + _standing_text(st, labels)
        if line != last_line:
            # Unchanged standings after a pass are not repeated; details.running has every step.
            t.add(line, None, CITE_PRIORITY, en="Current " + _standing_text_en(st, labels))
        last_line = line
        running.append({"action": f"{labels[act.seat]} {act.card}", "contributions": list(st.contributions),
                        "qualified": list(st.qualified), "total": st.total})
    _path_assumptions(t, path, literal, four_played)
    _taken_doubled(t, m)
    _event_assumptions(t, m.events)
    st = standing(m)
    if inp.is_walkthrough():
        t.add("與原文芒草小路範例相同：貓 7、熊 4、蛙 3，共 14 分，大於 12", True,
              P + "morning/example-walkthrough",
              en="Same as the Silver Grass Path example in the rules: cat 7, bear 4, frog 3, 14 in all, more than 12")
    details = {"contributions": list(st.contributions), "qualified": list(st.qualified),
               "qualified_names": [labels[s] for s in st.qualified], "total": st.total,
               "requirement": path.requirement, "finished": m.finished, "running": running,
               "lost_one_draws": {labels[s]: k for s, k in enumerate(m.draws) if k}}
    if not m.finished:
        who = labels[m.turn]
        t.add(f"尚未所有玩家都 Pass，輪到 {who}；以下為目前的情況", None, P + "morning/departure",
              en=f"Not every player has passed yet; it is {of(en[m.turn], 'turn')}. What follows is the "
                 "situation now")
        t.assume("還有玩家未 Pass：結果是「若現在全部 Pass」時的情況，之後出牌仍可能改變",
                 en="Some players have not passed: the result is what happens if everyone passes now; later "
                    "plays may still change it")
    departs = st.departs
    for tie, tie_en in _tie_notes(st.contributions, labels) if m.finished else []:
        if (tie, tie_en) not in last_ties:
            t.add(tie, True, CITE_PRIORITY, en=tie_en)
    t.add(f"所有玩家都 Pass：{_standing_text(st, labels)}，需求 {path.requirement}", departs,
          CITE_DEPART if departs else CITE_FAIL,
          en=f"Everyone passes: {_standing_text_en(st, labels)}; the requirement is {path.requirement}")
    if st.total == path.requirement:
        t.assume(MEETS, en=MEETS_EN)
    if st.officer is not None:
        if departs:
            double = "（同時擁有雙份資格）" if st.officer in st.qualified else ""
            t.add(f"警官：{labels[st.officer]} 成為第四順位出團者{double}", True, CITE_VILLAGER[C.OFFICER],
                  en=f"Officer: {en[st.officer]} departs as the fourth qualifier"
                     + (" (holding a double qualification)" if double else ""))
        else:
            t.add("無法出團，警官無效棄掉", True, CITE_VILLAGER[C.OFFICER],
                  en="The team cannot depart; the Officer has no effect and is discarded")
    went = list(st.departed) if departs else []
    nxt = captain_after_departure(n, set(went)) if departs else captain_after_failure(n)
    _five_player_stay(t, n, departs, nxt)
    details.update(went=went, went_names=[labels[s] for s in went], departs=departs,
                   next_captain=nxt, next_captain_name=labels[nxt])
    if departs:
        who = "、".join(labels[s] for s in st.qualified)
        expl = f"可以出團：前三名 {who} 合計 {st.total} 分，達到{path.name}需求 {path.requirement} 分。"
        expl_en = (f"The team departs: {_and([en[s] for s in st.qualified])} total {st.total}, meeting the "
                   f"{path.requirement} {path_en} requires.")
        going = list(dict.fromkeys(went))
        t.add(f"出團：{'、'.join(labels[s] for s in going)} 出發冒險，進入黃昏", True, CITE_DEPART,
              en=f"The team departs: {_and([en[s] for s in going])} go on the adventure, and the day moves on "
                 "to dusk")
    else:
        expl = f"無法出團：前三名合計只有 {st.total} 分，未達{path.name}需求 {path.requirement} 分。"
        expl_en = (f"The team cannot depart: the top three total only {st.total}, short of the "
                   f"{path.requirement} {path_en} requires.")
        prev, prev_en = _previous(labels, en)
        t.add(f"出團失敗：出的牌棄掉（留場的牌除外），所有玩家抽兩張，隊長交給{prev}，翻開新路徑", True, CITE_FAIL,
              en="Failed to depart: the played cards are discarded (except those that stay on the table), every "
                 f"player draws two, the captain card passes to {prev_en}, and a new path is revealed")
    if not m.finished:
        expl = "（尚未結束，以目前情況計）" + expl
        expl_en = "(Not finished; as things stand now) " + expl_en
    return t.verdict("mist-mountain.morning", departs, expl, explanation_en=expl_en, details=details)


# --- mist-mountain.contribution --------------------------------------------------------------

def _one_player(path: C.PathCard, cards: list[str], effects, literal: bool
                ) -> tuple[int, list[Note], dict]:
    """Points of one player's cards on one path after the effects, with narration."""
    you, other = 0, 1
    label = {you: "你", other: "其他玩家"}.get
    m = Morning(players=4, path=path, literal_four=literal, passed=(False,) * 4, draws=(0,) * 4)
    notes: list[Note] = []
    for card in cards:
        if card in (C.FOG, C.TEA_MASTER, C.PAINTER, C.ACTOR):
            # Cards aimed at other players add nothing to your own contribution.
            cite = CITE_VILLAGER.get(card, P + "hand/fog")
            notes.append(Note(f"你出{card}：作用於其他玩家，本身不算貢獻", None, (cite,),
                              f"You play {C.en_a(card)}: it acts on other players and adds no contribution "
                              "itself"))
            continue
        done = len(m.events)
        m = resolve_play(m, you, you, card, None, None, None, None)
        notes += [render(ev, label, path) for ev in m.events[done:]]
    for eff in effects:
        if eff.card == C.LOST_ONE and eff.after_pass and not m.passed[you]:
            # The pass (and its draw) happened before the 品茶師 took the card.
            m = replace(m, passed=(True,) + m.passed[1:])
            if any(p.card == C.LOST_ONE and p.status == IN for p in m.plays):
                m = replace(m, draws=(3,) + m.draws[1:])
                notes.append(Note("你已 Pass，迷途者讓你立即抽三張牌", True, (CITE_VILLAGER[C.LOST_ONE],),
                                  "You have passed; the Lost One lets you draw three cards at once"))
        done = len(m.events)
        if eff.kind == "fog":
            m = fog_effect(m, other, you, eff.card)
        else:
            m = tea_effect(m, other, you, eff.card)
        notes += [render(ev, label, path) for ev in m.events[done:]]
    draws = m.draws[you]
    if not draws and any(p.card == C.LOST_ONE and p.status == IN for p in m.plays):
        draws = 3
        notes.append(Note("迷途者仍在場：你 Pass 後可立即抽三張牌", None, (CITE_VILLAGER[C.LOST_ONE],),
                          "The Lost One is still in play: after you pass you draw three cards at once"))
    points = contributions(m)[you]
    breakdown = [{"card": p.card, "status": p.status, "points": play_points(m, p)} for p in m.plays]
    officer = any(p.card == C.OFFICER and p.status == IN for p in m.plays)
    return points, notes, {"morning": m, "breakdown": breakdown, "fourth_qualifier": officer, "lost_one_draws": draws}


def contribution(inp: ContributionInput) -> Verdict:
    """A player's contribution on a path: tools, doublers, 鐵路工, path cards, fog and tea master."""
    t = Trace()
    literal = inp.four_point_rule == "literal"
    if inp.path is None:
        paths = list(C.KNOWN_PATHS.values())
    else:
        paths = [resolve_path(inp.path)]
    if not inp.cards:
        cases = []
        for path in paths:
            table = {tool: (0 if literal and path.tool_value(tool) == 4 and path.requirement > 8
                            else path.tool_value(tool)) for tool in C.TOOLS}
            table.update({C.RAILWAY: C.RAILWAY_POINTS, f"路徑小卡{path.name}": 1})
            table_zh = "、".join(f"{k} {table[k]} 分" for k in C.TOOLS + (C.RAILWAY,)) + f"、{path.name}路徑小卡 1 分"
            table_en = ", ".join(f"{C.en(k)} {table[k]}" for k in C.TOOLS + (C.RAILWAY,))
            table_en += f", {C.en_a(path.name)} 1"
            cases.append(Case(when=path.name, value=table, cites=[CITE_PATHS], when_en=C.en(path.name),
                              value_text=table_zh, value_text_en=table_en))
            t.add(f"{path.name}：{table_zh}", None, CITE_PATHS, en=f"{C.en(path.name)}: {table_en}")
            _path_assumptions(t, path, literal, True, requirement_matters=literal)
        t.add("鐵路工 4 分，非照明工具", None, CITE_VILLAGER[C.RAILWAY],
              en="The Railway Worker is worth 4 and is not a lighting tool")
        t.add("路徑小卡只在同名路徑上算 1 分", None, P + "hand/path-sakura",
              en="A path card scores 1 only on the path of the same name")
        t.add("燈匠/洗金工/礦工讓本日你出的燈籠/反光盤/工作帽加倍", None, CITE_VILLAGER[C.LAMP_MAKER],
              CITE_VILLAGER[C.GOLD_WASHER], CITE_VILLAGER[C.MINER],
              en="The Lamp Maker / Gold Washer / Miner doubles the lanterns / reflectors / work caps you play today")
        if len(cases) == 1:
            expl = f"在{cases[0].when}：{cases[0].value_text}；加倍村民讓對應工具加倍。"
            expl_en = (f"On {C.en_path(paths[0].name)}: {cases[0].value_text_en}; a doubling villager doubles "
                       "its tool.")
        else:
            expl = "照明工具的分數視路徑而定；鐵路工恆為 4 分，加倍村民讓對應工具加倍。"
            expl_en = ("A lighting tool's points depend on the path; the Railway Worker is always 4, and a doubling "
                       "villager doubles its tool.")
        return t.verdict("mist-mountain.contribution", DEPENDS, expl, cases=cases, explanation_en=expl_en)
    results = []
    for path in paths:
        points, notes, extra = _one_player(path, inp.cards, inp.effects, literal)
        results.append((path, points, notes, extra))
        four = any(c in C.TOOLS and path.tool_value(c) == 4 for c in inp.cards)
        _path_assumptions(t, path, literal, four, requirement_matters=literal)
    if len(results) == 1:
        path, points, notes, extra = results[0]
        played = extra.pop("morning")
        _taken_doubled(t, played)
        _event_assumptions(t, played.events)
        for note in notes:
            t.add(note.text, note.holds, *note.cites, en=note.en)
        t.add(f"你在{path.name}的貢獻合計 {points} 分", None, CITE_PATHS,
              en=f"Your total contribution on {C.en_path(path.name)} is {points}")
        if extra["fourth_qualifier"]:
            t.add("警官在場：若今日出團，你是第四順位出團者（警官本身不加分）", None, CITE_VILLAGER[C.OFFICER],
                  en="The Officer is in play: if the team departs today, you go as the fourth qualifier "
                     "(the Officer itself adds no points)")
        if inp.effects and any(c in C.DOUBLES or c == C.LOST_ONE for c in inp.cards):
            # Order matters only against a doubler or a 迷途者; the input gives no timing.
            t.assume("效果依列出的順序在你出完所有牌之後發生",
                     en="The effects happen in the order listed, after you have played all your cards")
        expl = f"共貢獻 {points} 分：你在{path.name}出的 {'、'.join(inp.cards)}。"
        expl_en = (f"{plural(points, 'point')} in all for your {_and([_card_en(c) for c in inp.cards])} "
                   f"on {C.en_path(path.name)}.")
        return t.verdict("mist-mountain.contribution", points, expl, explanation_en=expl_en,
                         details={"path": path.name, "points": points, **extra})
    cases = []
    for path, points, notes, extra in results:
        played = extra.pop("morning")
        _taken_doubled(t, played)
        _event_assumptions(t, played.events)
        cases.append(Case(when=path.name, value=points, cites=[CITE_PATHS],
                          explanation="；".join(n.text for n in notes),
                          when_en=C.en(path.name), explanation_en="; ".join(n.en for n in notes)))
        t.add(f"{path.name}：{points} 分", None, CITE_PATHS, en=f"{C.en(path.name)}: {plural(points, 'point')}")
    expl = f"視路徑而定：你出的 {'、'.join(inp.cards)} " + "，".join(f"在{c.when} {c.value} 分" for c in cases) + "。"
    expl_en = (f"It depends on the path: your {_and([_card_en(c) for c in inp.cards])} "
               f"{'score' if len(inp.cards) > 1 else 'scores'} "
               + _and([f"{c.value} on {C.en_path(p.name)}" for c, (p, *_) in zip(cases, results)])
               + ".")
    return t.verdict("mist-mountain.contribution", DEPENDS, expl, cases=cases, explanation_en=expl_en,
                     details={"by_path": {c.when: c.value for c in cases}})


# --- mist-mountain.memories_needed -----------------------------------------------------------

NEEDED = {4: 6, 5: 5, 6: 4}
# Said whenever a complete set of path cards is counted as a memory.
PATH_SET_ASSUMPTION = ("路徑小卡集滿一組視為一份回憶，計入自身角色的回憶（原文未說明它屬於哪個角色）",
                       "A complete set of path cards counts as one memory of your own character (the text does not "
                       "say which character it belongs to)")


def path_sets(sakura: int, bamboo: int, grass: int) -> int:
    """Complete sets among a player's path cards (each set counts as one memory)."""
    sizes = C.PATH_SET_SIZE
    return sakura // sizes[C.SAKURA] + bamboo // sizes[C.BAMBOO] + grass // sizes[C.GRASS]


def path_card_cites(sakura: int, bamboo: int, grass: int) -> list[str]:
    """The passages of the path cards a player holds (each path's own line of the text)."""
    return [CITE_PATH_CARD[path] for path, k in ((C.SAKURA, sakura), (C.BAMBOO, bamboo), (C.GRASS, grass)) if k]


def needed_cases() -> list[Case]:
    """Per player count, the memories of one's own character needed to escape, as cases."""
    return [Case(when=f"{k} 人", value=f"至少 {v} 份自身角色回憶", cites=[CITE_NEEDED], when_en=f"{k} players",
                 value_text=f"至少 {v} 份自身角色回憶", value_text_en=f"at least {v} memories of your own character")
            for k, v in NEEDED.items()]


def memories_needed(inp: PlayersInput) -> Verdict:
    """Memories of your own character needed to escape: 4 players 6, 5 players 5, 6 players 4."""
    t = Trace()
    t.add("4人遊戲需6張，5人遊戲需5張，6人遊戲需4張", None, CITE_NEEDED,
          en="A 4-player game needs 6, a 5-player game 5, a 6-player game 4")
    t.add("路徑小卡集滿一組、手牌中的住持，各視為一份回憶", None, *CITE_PATH_CARD.values(),
          CITE_VILLAGER[C.ABBOT],
          en="A complete set of path cards, and an Abbot kept in hand, each count as one memory")
    if inp.players is None:
        cases = [Case(when=f"{k} 人", value=v, cites=[CITE_NEEDED], when_en=f"{k} players")
                 for k, v in NEEDED.items()]
        return t.verdict("mist-mountain.memories_needed", DEPENDS,
                         "視人數而定：需要的自身角色回憶 4 人 6 張、5 人 5 張、6 人 4 張。", cases=cases,
                         explanation_en="It depends on the player count: 6 memories of your own character with 4 "
                                        "players, 5 with 5 players, 4 with 6 players.")
    v = NEEDED[inp.players]
    return t.verdict("mist-mountain.memories_needed", v,
                     f"{inp.players} 人遊戲需要 {v} 份自身角色的回憶才能脫逃。", details={"players": inp.players},
                     explanation_en=f"In a {inp.players}-player game you need {v} memories of your own character "
                                    "to escape.")


# --- mist-mountain.own_escape ----------------------------------------------------------------

def own_escape(inp: OwnEscapeInput) -> Verdict:
    """Whether one player escapes: own memories, complete path-card sets and Abbots in hand against the need."""
    t = Trace()
    rid = "mist-mountain.own_escape"
    t.add("4人遊戲需6張，5人遊戲需5張，6人遊戲需4張", None, CITE_NEEDED,
          en="A 4-player game needs 6, a 5-player game 5, a 6-player game 4")
    if inp.memories is None or inp.players is None:
        return t.verdict(rid, DEPENDS, "要看人數與你自己角色的回憶張數：4 人需 6 份、5 人 5 份、6 人 4 份。",
                         cases=needed_cases(),
                         explanation_en="It depends on the player count and your own memories: 6 with 4 players, "
                                        "5 with 5, 4 with 6.")
    sizes = C.PATH_SET_SIZE
    held = {C.SAKURA: inp.sakura, C.BAMBOO: inp.bamboo, C.GRASS: inp.grass}
    sets = path_sets(inp.sakura, inp.bamboo, inp.grass)
    total = inp.memories + sets + inp.abbots
    need = NEEDED[inp.players]
    if any(held.values()):
        t.add("路徑小卡集滿一組視為一份回憶（櫻花小徑 2 張、竹林小道 3 張、芒草小路 4 張一組）："
              + "、".join(f"{path} {k} 張 → {k // sizes[path]} 組" for path, k in held.items() if k), None,
              *path_card_cites(inp.sakura, inp.bamboo, inp.grass),
              en="A complete set of path cards counts as one memory (Cherry Blossom 2, Bamboo 3, Silver Grass 4 a set): "
                 + ", ".join(f"{C.en_path(path)} {k} → {plural(k // sizes[path], 'set')}" for path, k in held.items() if k))
        t.assume(PATH_SET_ASSUMPTION[0], en=PATH_SET_ASSUMPTION[1])
    if inp.abbots:
        t.add(f"手上的住持 {inp.abbots} 張，各視為一份回憶", None, CITE_VILLAGER[C.ABBOT],
              en=f"{plural(inp.abbots, 'Abbot')} kept in hand, each one memory")
    ok = total >= need
    t.add(f"回憶 {inp.memories} + 路徑小卡 {sets} 組 + 住持 {inp.abbots} = {total}，{inp.players} 人遊戲需要 {need}", ok,
          CITE_NEEDED, en=f"Memories {inp.memories} + path-card sets {sets} + Abbots {inp.abbots} = {total}; a "
                          f"{inp.players}-player game needs {need}")
    if ok:
        expl = f"可以逃脫：你有 {total} 份回憶，{inp.players} 人遊戲需要 {need} 份。"
        expl_en = f"You escape: you have {total} memories, and a {inp.players}-player game needs {need}."
    else:
        expl = f"無法逃脫：你只有 {total} 份回憶，{inp.players} 人遊戲需要 {need} 份。"
        expl_en = f"You do not escape: you have only {total} memories, and a {inp.players}-player game needs {need}."
    return t.verdict(rid, ok, expl, explanation_en=expl_en,
                     details={"total": total, "needed": need, "path_sets": sets})


# --- mist-mountain.next_captain --------------------------------------------------------------

def next_captain(inp: NextCaptainInput) -> Verdict:
    """Captain hand-over: after a failure to 上家; after a departure to the first who did not go."""
    t = Trace()
    n = inp.players
    labels = (inp.names or [seat_label(s, n) for s in range(n)]) if n else None
    en = [label_en(x) for x in labels] if labels else None
    fail_text = "出團失敗：隊長交給上家"
    fail_en = f"Failed to depart: the captain card passes to {PREVIOUS_EN}"
    dep_text = "出團後：往上家方向傳給第一個沒出團的玩家；都出團了（或只剩隊長沒出團）就由隊長續任"
    dep_en = (f"After a departure: the captain card passes to the first player who did not depart, counting back "
              f"from {PREVIOUS_EN}; if everyone departed (or only the captain stayed), the captain stays captain")
    if inp.departed is False or (inp.departed is None and inp.went is None):
        t.add(fail_text, True if inp.departed is False else None, CITE_FAIL, en=fail_en)
    if inp.departed is not False:
        t.add(dep_text, None, CITE_HANDOVER, en=dep_en)
    if inp.departed is False:
        if n is None:
            return t.verdict("mist-mountain.next_captain", "上家", "交給上家：出團失敗時，隊長卡交給隊長的上家。",
                             explanation_en=f"To {PREVIOUS_EN}: when the team fails to depart, the captain card "
                                            "passes to them.",
                             value_text="隊長的上家", value_text_en=PREVIOUS_EN)
        s = captain_after_failure(n)
        prev, prev_en = _previous(labels, en)
        return t.verdict("mist-mountain.next_captain", s, f"交給{prev}：出團失敗時，隊長卡交給上家。",
                         details={"seat": s, "name": labels[s]},
                         explanation_en=f"To {prev_en}: after a failed morning the captain card passes to "
                                        f"{PREVIOUS_EN}.",
                         value_text=labels[s], value_text_en=en[s])
    if inp.went is not None:
        went = set(inp.went)
        s = captain_after_departure(n, went)
        for seat in list(range(n - 1, 0, -1)) + [0]:
            t.add(f"{labels[seat]}{'已出團' if seat in went else '未出團'}", seat not in went, CITE_HANDOVER,
                  en=f"{cap(en[seat])} {'departed' if seat in went else 'did not depart'}")
            if seat == s:
                break
        if s == 0:
            if 0 in went:
                t.add("所有玩家都出團（警官），隊長由同一人續任", True, CITE_HANDOVER, CITE_VILLAGER[C.OFFICER],
                      en="Every player departed (Officer); the captain stays captain")
            else:
                t.add("只有隊長沒出團，隊長由同一人續任", True, CITE_HANDOVER,
                      en="Only the captain did not depart; the captain stays captain")
            _five_player_stay(t, n, True, s)
        if s == 0:
            everyone = 0 in went
            expl = "隊長續任：" + ("所有玩家都出團了。" if everyone else "除了隊長，其他玩家都出團了。")
            expl_en = "The captain keeps the card: " + ("every player departed." if everyone
                                                        else "every other player departed.")
            text, text_en = "隊長續任", "the captain keeps the card"
        else:
            expl = f"交給 {labels[s]}：往上家方向最近一位沒出團的玩家。"
            expl_en = f"To {en[s]}: the nearest player before the captain who did not depart."
            text, text_en = labels[s], en[s]
        return t.verdict("mist-mountain.next_captain", s, expl, details={"seat": s, "name": labels[s]},
                         explanation_en=expl_en, value_text=text, value_text_en=text_en)
    if inp.departed is True:
        t.add("需要知道哪些座位出團，才能指出是誰", None, CITE_HANDOVER,
              en="Which seats departed is needed to say who it is")
    first_left = "往上家方向第一位未出團的玩家（無人則隊長續任）"
    first_left_en = (f"the first player who did not depart, counting back from {PREVIOUS_EN} (if there is none, "
                     "the captain keeps the card)")
    cases = []
    if inp.departed is None:
        cases.append(Case(when="出團失敗", value=labels[n - 1] if n else "上家", cites=[CITE_FAIL],
                          when_en="the team fails to depart",
                          value_text=labels[n - 1] if n else "隊長的上家",
                          value_text_en=en[n - 1] if n else PREVIOUS_EN))
    cases.append(Case(when="出團成功", value=first_left, cites=[CITE_HANDOVER], when_en="the team departs",
                      value_text=first_left, value_text_en=first_left_en))
    if n == 4 or n is None:
        cases.append(Case(when="4 人局，隊長未出團或警官讓 4 人皆出團", value="隊長續任",
                          cites=[CITE_HANDOVER],
                          when_en="4 players, and the captain did not depart or the Officer let all 4 depart",
                          value_text="隊長續任", value_text_en="the captain keeps the card"))
    if len(cases) < 2 and (n is None or n < 6):
        cases.append(Case(when="出團成功且只有隊長沒出團，或所有人都出團", value="隊長續任",
                          cites=[CITE_HANDOVER],
                          when_en="the team departs and only the captain did not go, or everyone went",
                          value_text="隊長續任", value_text_en="the captain keeps the card"))
    if len(cases) == 1:
        # At 6 players some players always stay behind, so the card always moves on.
        stayer = "往上家方向第一位未出團的玩家"
        stayer_en = f"the first player who did not depart, counting back from {PREVIOUS_EN}"
        return t.verdict("mist-mountain.next_captain", stayer,
                         f"交給{stayer}：{n} 人局不會所有人都出團，總有人留下。",
                         cites=[CITE_HANDOVER], value_text=stayer, value_text_en=stayer_en,
                         explanation_en=f"To {stayer_en}: at {n} players not everyone departs, so someone "
                                        "always stays behind.")
    return t.verdict("mist-mountain.next_captain", DEPENDS,
                     "出團失敗交給上家；出團後交給往上家方向最近一位沒出團的玩家，沒有就由隊長續任。",
                     cases=cases,
                     explanation_en=f"After a failure, {PREVIOUS_EN}; after a departure, the nearest player before "
                                    "the captain who did not go, or else the captain.")


# --- mist-mountain.escape --------------------------------------------------------------------

def escape(inp: EscapeInput) -> Verdict:
    """Who escapes (enough own memories) and the escape master (most gold, ties by priority)."""
    t = Trace()
    t.add("回憶牌堆抽完的當日夜晚結束時，出示自己的回憶，數量足夠者逃脫成功", None, CITE_END,
          en="At the end of the night of the day the memory deck runs out, players show their memories; those "
             "with enough escape")
    if not inp.players:
        t.add("脫逃大師：逃出者中金礦小巷最多者（場上及手牌皆算），同數比較當日順位", None, CITE_MASTER, CITE_END,
              en="Escape master: among those who escape, the one with the most Gold Mine Alleys (on the table and "
                 "in hand both count); ties go to that day's priority")
        return t.verdict("mist-mountain.escape", DEPENDS,
                         "自身角色回憶夠多者逃脫；逃出者中金礦小巷最多者為脫逃大師。", cases=needed_cases(),
                         explanation_en="Players with enough memories of their own character escape; among them, the "
                                        "most Gold Mine Alleys makes the escape master.")
    n = len(inp.players)
    need = NEEDED[n]
    labels = [p.name or seat_label(s, n) for s, p in enumerate(inp.players)]
    en = [label_en(x) for x in labels]
    escaped, counts, gold = [], [], []
    any_sets = False
    for s, p in enumerate(inp.players):
        sets = path_sets(p.sakura, p.bamboo, p.grass)
        any_sets = any_sets or sets > 0
        total = p.memories + sets + p.abbots
        counts.append(total)
        gold.append(p.gold_table + p.gold_hand)
        ok = total >= need
        t.add(f"{labels[s]}：回憶 {p.memories} + 路徑小卡 {sets} 組 + 住持 {p.abbots} = {total}，需要 {need}",
              ok, CITE_NEEDED, *(path_card_cites(p.sakura, p.bamboo, p.grass) if sets else []),
              *([CITE_VILLAGER[C.ABBOT]] if p.abbots else []),
              en=f"{cap(en[s])}: memories {p.memories} + path-card sets {sets} + Abbots {p.abbots} = {total}; "
                 f"{need} needed")
        if ok:
            escaped.append(s)
    if any_sets:
        t.assume(PATH_SET_ASSUMPTION[0], en=PATH_SET_ASSUMPTION[1])
    master = None
    if escaped:
        master = min(escaped, key=lambda s: (-gold[s], priority(s, n)))
        best = gold[master]
        tied = [s for s in escaped if gold[s] == best]
        t.add("逃出者的金礦小巷（場上+手牌）：" + "、".join(f"{labels[s]} {gold[s]}" for s in escaped), None,
              CITE_MASTER,
              en="Gold Mine Alleys of those who escape (table + hand): "
                 + ", ".join(f"{en[s]} with {gold[s]}" for s in escaped))
        if len(tied) > 1:
            t.add("金礦同數，比較當日順位：" + "、".join(f"{labels[s]}（順位{priority(s, n)}）" for s in tied),
                  True, CITE_END,
                  en="Tied on Gold Mine Alleys, so that day's priority decides: "
                     + ", ".join(f"{en[s]} with priority {priority(s, n)}" for s in tied))
        expl = (f"逃脫成功：{'、'.join(labels[s] for s in escaped)}；脫逃大師是 {labels[master]}"
                f"（金礦小巷 {best} 張）。")
        expl_en = (f"Escaped: {_and([en[s] for s in escaped])}; the escape master is {en[master]}, with "
                   f"{plural(best, 'Gold Mine Alley')}.")
    else:
        expl = "無人逃脫：沒有人湊齊足夠的回憶，也沒有脫逃大師。"
        expl_en = "Nobody escapes: nobody gathered enough memories, and there is no escape master."
    text = "、".join(labels[s] for s in escaped) or "無人"
    text_en = _and([en[s] for s in escaped]) or "nobody"
    return t.verdict("mist-mountain.escape", escaped, expl, explanation_en=expl_en,
                     value_text=text, value_text_en=text_en, details={
        "needed": need, "memories": counts, "gold": gold, "escaped": escaped,
        "escaped_names": [labels[s] for s in escaped], "master": master,
        "master_name": labels[master] if master is not None else None})


# --- mist-mountain.escape_master -------------------------------------------------------------

def escape_master(inp: EscapeInput) -> Verdict:
    """The escape master alone: most Gold Mine Alleys among those who escape, ties to that day's priority."""
    whole = escape(inp)
    rid = "mist-mountain.escape_master"
    if whole.value == DEPENDS:
        return whole.model_copy(update={"rule": rid})
    name = whole.details["master_name"]
    return whole.model_copy(update={"rule": rid, "value": name or "無人", "value_text": name or "無人",
                                    "value_text_en": label_en(name) if name else "nobody"})


# --- mist-mountain.variant_deck --------------------------------------------------------------

def variant_deck(inp: PlayersInput) -> Verdict:
    """Short-deck variant: remove unused personal memories, deal one each; 15 memories remain."""
    t = Trace()
    t.add("回憶卡 21 張：每個角色個人回憶 1 張，雙角色回憶 15 張", None, CITE_MEMORIES, P + "components",
          en="21 memory cards: 1 personal memory per character and 15 two-character memories")
    t.add("棄掉未使用角色的個人回憶，每位玩家先發一張回憶，牌庫由 21 張變成 15 張", None, CITE_VARIANT,
          en="Remove the personal memories of unused characters and deal each player one memory card; the deck "
             "goes from 21 to 15 cards")
    if inp.players is None:
        cases = [Case(when=f"{k} 人", value=15, cites=[CITE_VARIANT],
                      explanation=f"棄 {6 - k} 張個人回憶、發出 {k} 張，21 − {6 - k} − {k} = 15",
                      when_en=f"{k} players",
                      explanation_en=f"remove {plural(6 - k, 'personal memory card')}, deal {k}: 21 − {6 - k} − {k} = 15")
                 for k in (4, 5, 6)]
        return t.verdict("mist-mountain.variant_deck", 15,
                         "剩 15 張：不論幾人，棄掉的個人回憶加上發出的張數恆為 6，21 張變成 15 張。",
                         cases=cases, details={"deck": 15},
                         explanation_en="15 cards remain whatever the player count: the personal memories removed "
                                        "plus the cards dealt always make 6 of the 21.")
    k = inp.players
    t.add(f"{k} 人：棄 {6 - k} 張個人回憶，發出 {k} 張，21 − {6 - k} − {k} = 15", True, CITE_VARIANT,
          en=f"{k} players: remove {plural(6 - k, 'personal memory card')}, deal {k}: 21 − {6 - k} − {k} = 15")
    return t.verdict("mist-mountain.variant_deck", 15,
                     f"剩 15 張：{k} 人局棄掉 {6 - k} 張未使用角色的個人回憶，再每人發 1 張（共 {k} 張）。",
                     details={"deck": 15, "removed_personal": 6 - k, "dealt": k},
                     explanation_en=f"15 cards remain: with {k} players, remove the unused characters' "
                                    f"{plural(6 - k, 'personal memory card')} and deal one to each player.")


# --- mist-mountain.priority ------------------------------------------------------------------

def priority_rule(inp: PlayersInput) -> Verdict:
    """Priority (順位) of every seat and the acting order."""
    t = Trace()
    t.add("順位隊長最高，下家最低，即愈晚出牌者愈有利", None, CITE_PRIORITY,
          en=f"The captain has the highest priority and {NEXT_EN} the lowest, so acting later is better")
    t.add("由隊長的下家開始行動", None, P + "morning/play-or-pass", en=cap(f"{NEXT_EN} acts first"))
    t.add("貢獻度同分時，順位高者優先", None, CITE_PRIORITY, en="On a tie in contribution the better priority goes first")
    counts = [inp.players] if inp.players else [4, 5, 6]
    cases = []
    for n in counts:
        pr = priorities(n)
        text = "、".join(f"{seat_label(s, n)} 順位{pr[s]}" for s in range(n))
        text_en = ", ".join(f"{pr[s]} for {seat_label_en(s, n)}" for s in range(n))
        cases.append(Case(when=f"{n} 人", value=pr, cites=[CITE_PRIORITY], when_en=f"{n} players",
                          value_text=text, value_text_en=text_en))
    if inp.players:
        n = inp.players
        t.add(cases[0].value_text, None, P + "morning/example-tie-captain-first",
              en=f"Priority: {cases[0].value_text_en}")
        return t.verdict("mist-mountain.priority", priorities(n),
                         f"{n} 人局：順位由隊長 1 往上家方向排到隊長的下家（下家1）為 {n}；下家1 先出牌，隊長最後。",
                         details={"order": list(range(1, n)) + [0]},
                         explanation_en=f"With {n} players priority runs from the captain (1) back round the table "
                                        f"to seat 1 ({n}); seat 1 acts first, the captain last.",
                         value_text=cases[0].value_text, value_text_en=cases[0].value_text_en)
    return t.verdict("mist-mountain.priority", DEPENDS,
                     "順位：隊長 1，然後往上家方向 2、3…，隊長的下家（第一個出牌者）最低。",
                     cases=cases,
                     explanation_en=f"The captain has priority 1, {PREVIOUS_EN} 2, and so on back to {NEXT_EN}, "
                                    "who is last and acts first.")


def _rule(id_: str, titles: dict[str, str], model, passages: tuple[str, ...], fn,
          zh_tw: tuple[str, ...], zh_cn: tuple[str, ...], en: tuple[str, ...], summary: str) -> None:
    """Register one rule of this game, its examples given per language."""
    rule(id_, titles, model, passages, {"zh-TW": zh_tw, "zh-CN": zh_cn, "en": en}, summary)(fn)


_rule("mist-mountain.qualification",
      {"zh-TW": "出團資格與是否出團", "en": "Who qualifies and whether the team departs"},
      QualificationInput,
      (CITE_PRIORITY, CITE_DEPART, CITE_FAIL, *EXAMPLES.values(), CITE_VILLAGER[C.OFFICER]), qualification,
      ("貢獻度同分時誰拿到出團資格？", "三位資格者剛好12分可以出團嗎？", "只有一個人有貢獻，出團者還是三個人嗎？",
       "誰是出團資格者？"),
      ("贡献度同分时谁拿到出团资格？", "三位资格者刚好12分可以出团吗？", "只有一个人有贡献，出团者还是三个人吗？"),
      ("Who qualifies when contributions are tied?",
       "Does the team depart if the three qualifiers total exactly 12?",
       "If only one player contributes, do three players still go?"),
      "Top three by contribution, ties to priority; departs when their total meets the requirement.")

_rule("mist-mountain.morning", {"zh-TW": "早晨的冒險（出牌與 Pass）", "en": "The morning adventure (plays and passes)"},
      MorningInput,
      (P + "morning/path", P + "morning/play-or-pass", CITE_PRIORITY, CITE_DEPART, CITE_FAIL,
       P + "morning/example-walkthrough"), morning,
      ("早晨的冒險怎麼進行？", "誰先出牌？Pass 之後還能出牌嗎？", "芒草小路的範例為什麼貓熊蛙可以出團？",
       "出團失敗會怎樣？"),
      ("早晨的冒险怎么进行？", "谁先出牌？Pass 之后还能出牌吗？", "芒草小路的范例为什么猫熊蛙可以出团？"),
      ("How does the morning adventure work?", "Who plays first, and can I play again after passing?",
       "In the silvergrass path example, why do cat, bear and frog depart?"),
      "Plays the morning action by action with the running qualification.")

_rule("mist-mountain.contribution", {"zh-TW": "貢獻度計算", "en": "Contribution points"},
      ContributionInput,
      (CITE_PATHS, CITE_FOUR, P + "hand/lighting-tools", P + "hand/fog", P + "hand/path-sakura",
       P + "hand/path-bamboo", P + "hand/path-grass", *CITE_VILLAGER.values()), contribution,
      ("燈匠加倍的燈籠可以被濃霧時刻棄掉嗎？", "鐵路工算幾分？", "品茶師拿走我的牌，我的貢獻還算嗎？",
       "燈籠在櫻花小徑值幾分？", "竹林小道上反光盤的貢獻度是多少？", "照明工具每條路的點數都一樣嗎？"),
      ("灯匠加倍的灯笼可以被浓雾时刻弃掉吗？", "铁路工算几分？", "品茶师拿走我的牌，我的贡献还算吗？",
       "芒草小路上工作帽算几点贡献？"),
      ("Can the fog discard a lantern doubled by the lamp maker?",
       "How many points is the railway worker worth?",
       "If the tea master takes my card, does my contribution still count?",
       "How much contribution is a work hat worth on the bamboo path?",
       "Do lighting tools score differently depending on the path card?"),
      "Points of one player's cards on a path after doublers, fog and tea master.")

_rule("mist-mountain.memories_needed", {"zh-TW": "脫逃需要幾張回憶", "en": "Memories needed to escape"},
      PlayersInput, (CITE_NEEDED, CITE_END), memories_needed,
      ("要收集幾張回憶才能逃脫？", "5人遊戲需要幾張回憶？", "四個人玩要幾張回憶？"),
      ("要收集几张回忆才能逃脱？", "5人游戏需要几张回忆？", "四个人玩要几张回忆？"),
      ("What's the memory-card threshold for getting out of the mountain town?", "With five of us at the table, what memory count lets a player get out?",
       "How many memory cards to win with four players?"),
      "4 players 6, 5 players 5, 6 players 4.")

_rule("mist-mountain.next_captain", {"zh-TW": "隊長卡交給誰", "en": "Who becomes captain next"},
      NextCaptainInput, (CITE_HANDOVER, CITE_FAIL, CITE_VILLAGER[C.OFFICER]), next_captain,
      ("出團之後隊長卡要交給誰？", "出團失敗隊長換誰？", "4人局隊長可以連任嗎？"),
      ("出团之后队长卡要交给谁？", "出团失败队长换谁？", "4人局队长可以连任吗？"),
      ("Once the team has set off, who is handed the captain card for tomorrow?", "Who becomes captain if the morning fails?",
       "Can the captain stay captain in a 4-player game?"),
      "After failure: the captain's previous player; after departure: the first player back from the captain "
      "who did not go.")

_rule("mist-mountain.escape", {"zh-TW": "脫逃成功與脫逃大師", "en": "Escaping and the escape master"},
      EscapeInput, (CITE_END, CITE_NEEDED, CITE_MASTER, P + "hand/gold-alley", CITE_VILLAGER[C.ABBOT],
                    *CITE_PATH_CARD.values()), escape,
      ("遊戲結束誰逃脫成功？", "最後有哪些玩家逃出山城？", "回憶要湊到幾張才算逃出？"),
      ("游戏结束谁逃脱成功？", "最后有哪些玩家逃出山城？", "回忆要凑到几张才算逃出？"),
      ("Who escapes at the end of the game?", "Which of us made it out at the end?",
       "Do I get out if I have enough memories when the game ends?"),
      "Enough own memories escape; most gold alleys (table + hand) is master, ties by priority.")

_rule("mist-mountain.own_escape", {"zh-TW": "我能不能逃脫", "en": "Whether I escape"},
      OwnEscapeInput, (CITE_NEEDED, CITE_END, *CITE_PATH_CARD.values(), CITE_VILLAGER[C.ABBOT]), own_escape,
      ("結束時我有4張自己角色的回憶和3張竹林小道，五個人玩，我算逃出去了嗎？", "我收集了5張回憶，這樣夠不夠逃脫？",
       "六人局我有3張回憶，手上還留著一張住持，可以脫逃嗎？"),
      ("结束时我有4张自己角色的回忆和3张竹林小道，五个人玩，我算逃出去了吗？", "我收集了5张回忆，这样够不够逃脱？",
       "六人局我有3张回忆，手上还留着一张住持，可以脱逃吗？"),
      ("At the end I hold 4 of my own memories and 3 Bamboo path cards in a five-player game. Am I out?",
       "I collected 5 memories of my character. Is that enough to escape?",
       "Six of us; I have 3 memories and still keep an Abbot in hand. Do I get away?"),
      "Whether one player escapes: memories of their own character, complete path-card sets and Abbots in hand "
      "against what the player count needs.")
_rule("mist-mountain.escape_master", {"zh-TW": "誰是脫逃大師", "en": "Who is the escape master"},
      EscapeInput, (CITE_MASTER, CITE_END, CITE_NEEDED, P + "hand/gold-alley", CITE_VILLAGER[C.ABBOT]), escape_master,
      ("誰是脫逃大師？", "脫逃大師怎麼決定？", "兩人的金礦小巷數量打平時，脫逃大師的頭銜歸誰？"),
      ("谁是脱逃大师？", "脱逃大师怎么决定？", "两人的金矿小巷数量打平时，脱逃大师的头衔归谁？"),
      ("Who is the escape master?", "How is the escape master decided?",
       "Who is escape master if gold alleys are tied?"),
      "Among those who escape, the most gold alleys (table + hand); ties by that day's priority.")

_rule("mist-mountain.variant_deck", {"zh-TW": "變體規則的回憶牌庫", "en": "Short-deck variant memory deck"},
      PlayersInput, (CITE_VARIANT, CITE_MEMORIES), variant_deck,
      ("用簡化變體時，回憶牌要抽掉多少張、最後剩多少？", "快速變體要棄掉哪些回憶卡？", "變體規則每個人先拿幾張回憶？"),
      ("用简化变体时，回忆牌要抽掉多少张、最后剩多少？", "快速变体要弃掉哪些回忆卡？", "变体规则每个人先拿几张回忆？"),
      ("How many memory cards are left in the short variant?",
       "Which memory cards are removed in the variant?",
       "How many memories does each player start with in the variant?"),
      "The memory deck goes from 21 to 15 cards for any player count.")

_rule("mist-mountain.priority", {"zh-TW": "順位與出牌順序", "en": "Priority and turn order"},
      PlayersInput, (CITE_PRIORITY, P + "morning/play-or-pass", P + "morning/example-tie-captain-first"),
      priority_rule,
      ("順位怎麼算？", "同分的時候誰的順位比較高？", "為什麼愈晚出牌愈有利？", "六人局大家的順位依序是？",
       "隊長的順位是第一嗎？"),
      ("顺位怎么算？", "同分的时候谁的顺位比较高？", "为什么愈晚出牌愈有利？", "五人局大家的顺位依序是？"),
      ("How is priority determined?", "Who wins a tie in contribution?", "Why is playing later better?",
       "In a 4-player game, what is the priority ranking of the seats?",
       "Which seat has the highest priority after the captain?"),
      "Captain 1, then the captain's previous player 2, …, the captain's next player last; the captain's next "
      "player acts first.")
