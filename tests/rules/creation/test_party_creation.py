"""Tests for creation/party_creation.py:

Making a party (§5.1): life path, rerolls, class, trappings, insight.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from expedition.persistence.codec import encode
from expedition.rules.character.adventurer import Character
from expedition.rules.character.party import Party
from expedition.rules.core.attributes import Attr
from expedition.rules.core.context import Context
from expedition.rules.core.decisions import GM, Decision, Resolution, resolve, resolve_default
from expedition.rules.core.dice import DiceExpr, ScriptedDice, SeededDice
from expedition.rules.core.errors import InvalidAction
from expedition.rules.core.events import DiceRolled
from expedition.rules.core.item_defs import ArmourSlot, Category, Item, ItemDef, Light, Tag
from expedition.rules.core.skills import Skill, Trait
from expedition.rules.creation.class_choice import ClassChosen, ClassOptions
from expedition.rules.creation.life_path import LifePathRolled, LifePathRow, LifePathTable
from expedition.rules.creation.life_path_effects import Effect, ScoreChange, Silver
from expedition.rules.creation.party_creation import (
    MAX_NAME,
    CharacterSpec,
    CreationOptions,
    LifePathRerolled,
    create_party,
)
from expedition.rules.creation.starting_kit import ItemStashed
from expedition.rules.items.slots import BACK, LEFT_HAND, RIGHT_HAND, TORSO, WAIST
from expedition.rules.magic.magic_defs import BackgroundDef, ClassDef, Kit, KitItem, ManeuverDef

ITEMS = {
    d.key: d
    for d in (
        ItemDef("belt", "Belt", capacity=1),
        ItemDef("canteen", "Canteen", liquid_capacity=1),
        ItemDef("bag", "Bag", capacity=4),
        ItemDef("torch", "Torches", tags=frozenset({Tag.SLOW}), pack=2, usage=4, light=Light.NEARBY),
        ItemDef("ration", "Ration"),
        ItemDef("camping_supplies", "Camping supplies"),
        ItemDef("bandages", "Bandages", pack=3),
        ItemDef("spear", "Spear", attack="STR 3+1B"),
        ItemDef("metal_shield", "Metal shield", shield_tokens=2),
        ItemDef("padded", "Padded armour", armour=(2,), armour_slot=ArmourSlot.BODY),
        ItemDef("rope", "Rope", category=Category.COMMON),
        ItemDef("relic", "Holy relic", category=Category.EXOTIC),
    )
}


def table(key: str, count: int, special: dict[int, tuple[Effect, ...]] | None = None) -> LifePathTable:
    special = special or {}
    rows = tuple(
        LifePathRow(total, f"{key}_{total}", f"{key.title()} {total}", "", special.get(total, ()))
        for total in range(count, count * 6 + 1)
    )
    return LifePathTable(key, DiceExpr(count, 6), rows, name=key.title())


WARRIOR = ClassDef("warrior", "Warrior", Attr.STR, maneuvers=1)
FOOTMAN = BackgroundDef(
    "footman",
    "Footman",
    "warrior",
    traits=frozenset({Trait.HARDENED}),
    kit=Kit((KitItem("spear"), KitItem("metal_shield"), KitItem("padded")), silver=DiceExpr(1, 6)),
    maneuvers=(ManeuverDef("turtle", "Turtle", "footman"), ManeuverDef("aegis", "Aegis", "footman")),
)


def options(**special: dict[int, tuple[Effect, ...]]) -> CreationOptions:
    tables = {
        "infancy": table("infancy", 3, special.get("infancy")),
        "career": table("career", 3, special.get("career")),
        "tragedy": table("tragedy", 3, special.get("tragedy")),
        "burden": table("burden", 2),
        "features": table("features", 4),
    }
    classes = ClassOptions({"warrior": WARRIOR}, {"footman": FOOTMAN})
    return CreationOptions(lifepath=tables, classes=classes, items=ITEMS)


# Faces for one character with no rerolls: infancy 10, career 11, tragedy 12, burden 7, features 14,
# kit silver 4, then trappings: 3 torches, camping 3d! (a 1: triggers), bandage 2d! (no 1).
LIFE = [3, 3, 4, 3, 4, 4, 4, 4, 4, 3, 4, 3, 3, 4, 4]
CLASS = [4]
TRAPPINGS = [3, 1, 5, 5, 6, 6]
ONE = LIFE + CLASS + TRAPPINGS


def make(
    faces: list[int], specs: list[CharacterSpec] | None = None, **special: dict[int, tuple[Effect, ...]]
) -> tuple[Context, Resolution[Party]]:
    ctx = Context(ScriptedDice(faces))
    gen = create_party(ctx, specs or [CharacterSpec("p1", name="Ada")], options(**special))
    return ctx, gen


def run(
    faces: list[int], answer: Callable[[Decision], str] | None = None, **kw: dict[int, tuple[Effect, ...]]
) -> tuple[Context, Party]:
    ctx, gen = make(faces, None, **kw)
    party = resolve(gen, answer or (lambda d: d.default))
    return ctx, party


def test_life_path_is_rolled_in_order_and_recorded() -> None:
    """§5.1 step 4: infancy 3d6, career 3d6, tragedy 3d6, burden 2d6, features 4d6, in that order."""
    ctx, party = run(ONE)
    rolled = [(e.table, e.total) for e in ctx.events if isinstance(e, LifePathRolled)]
    assert rolled == [("infancy", 10), ("career", 11), ("tragedy", 12), ("burden", 7), ("features", 14)]
    sizes = [len(e.faces) for e in ctx.events if isinstance(e, DiceRolled)][:5]
    assert sizes == [3, 3, 3, 2, 4]
    sheet = party.sheets["c1"]
    assert (sheet.infancy, sheet.career, sheet.tragedy, sheet.burden, sheet.feature) == (
        "infancy_10",
        "career_11",
        "tragedy_12",
        "burden_7",
        "features_14",
    )
    assert party.characters[0].burden == "burden_7"


def test_starting_values_and_class_gains() -> None:
    """§5.1 step 2, §5.7: scores 1, proficiency 0, 1 insight; the class adds +1 STR proficiency, a trait."""
    ctx, party = run(ONE)
    ada = party.characters[0]
    assert [ada[a].score for a in Attr] == [1, 1, 1, 1]
    assert [ada[a].proficiency for a in Attr] == [1, 0, 0, 0]
    assert ada.insight.earned == 1 and ada.insight.unspent == 1
    assert Trait.HARDENED in ada.traits
    chosen = [e for e in ctx.events if isinstance(e, ClassChosen)]
    assert chosen[0].choice == "footman" and chosen[0].maneuvers == ("turtle",)


def test_life_path_effects_keep_the_creation_limits() -> None:
    """§5.1 step 2 / §3.1: a score never passes 3 during creation; the silver goes to the purse."""
    effects: tuple[Effect, ...] = (ScoreChange(Attr.STR, 5), ScoreChange(Attr.PRE, -3), Silver(amount=6))
    _, party = run(ONE, infancy={10: effects})
    ada = party.characters[0]
    assert ada[Attr.STR].score == 3 and ada[Attr.PRE].score == 0
    assert party.sheets["c1"].silver == 6 + 4 and party.silver == 10


def test_insight_reroll_replaces_the_row_before_it_is_applied() -> None:
    """§5.1 step 1: 1 insight rerolls the whole roll; the first row's effects never happen."""
    faces = [3, 3, 4, 5, 5, 5, *LIFE[3:], *CLASS, *TRAPPINGS]  # infancy 10, rerolled to 15
    special: dict[int, tuple[Effect, ...]] = {
        10: (ScoreChange(Attr.INT, 2),),
        15: (ScoreChange(Attr.DEX, 1),),
    }
    ctx, gen = make(faces, infancy=special)
    seen: list[Decision] = []

    def answer(decision: Decision) -> str:
        seen.append(decision)
        return "reroll" if decision.kind == "insight_reroll" else decision.default

    party = resolve(gen, answer)
    ada = party.characters[0]
    assert ada[Attr.INT].score == 1 and ada[Attr.DEX].score == 2
    assert ada.insight.unspent == 0
    assert [d.kind for d in seen].count("insight_reroll") == 1  # no insight left to offer again
    assert seen[0].owner == "c1"
    rerolled = [e for e in ctx.events if isinstance(e, LifePathRerolled)]
    assert rerolled == [
        LifePathRerolled(rule="§5.1", character="c1", table="infancy", old="infancy_10", free=False)
    ]


def test_duplicate_entries_give_each_member_a_free_reroll() -> None:
    """§5.1 step 1: two members rolling the same entry may each reroll once for free."""
    specs = [CharacterSpec("p1", name="Ada"), CharacterSpec("p2", name="Bo")]
    # Both roll infancy 10; Ada rerolls for free (to 15), Bo keeps. Then career…features for both.
    faces = [3, 3, 4, 3, 3, 4, 5, 5, 5]
    faces += [4, 4, 3] * 2  # career 11 for both: a duplicate again, and both keep
    faces += [4, 4, 4, 5, 4, 4, 3, 4, 3, 5, 3, 3, 4, 4, 3, 3, 4, 5]
    faces += CLASS + CLASS + TRAPPINGS + TRAPPINGS
    ctx, gen = make(faces, specs)
    kinds: list[tuple[str, str]] = []

    def answer(decision: Decision) -> str:
        kinds.append((decision.kind, decision.owner))
        if (
            decision.kind == "free_reroll"
            and decision.owner == "c1"
            and not any(isinstance(e, LifePathRerolled) for e in ctx.events)
        ):
            return "reroll"
        return decision.default

    party = resolve(gen, answer)
    assert party.sheets["c1"].infancy == "infancy_15" and party.sheets["c2"].infancy == "infancy_10"
    free = [e for e in ctx.events if isinstance(e, LifePathRerolled)]
    assert [(e.character, e.table, e.free) for e in free] == [("c1", "infancy", True)]
    offers = [owner for kind, owner in kinds if kind == "free_reroll"]
    assert offers[:2] == ["c1", "c2"]  # both were offered the infancy reroll
    assert ("free_reroll", "c1") in kinds[kinds.index(("free_reroll", "c2")) :]  # career: offered again
    assert party.characters[0].insight.unspent == 1  # the free reroll cost nothing


def test_starting_trappings_roll_torches_camping_supply_and_bandage() -> None:
    """§5.1 step 3: belt, canteen, bag, 1d6 torches, a ration, camping supply on 3d!, bandage on 2d!."""
    faces = LIFE + CLASS + [3, 2, 2, 2, 1, 6]  # 3 torches; 3d! no 1; 2d! a 1
    _ctx, party = run(faces)
    ada = party.characters[0]
    names = sorted(item.defn.key for item in ada.items)
    assert names.count("torch") == 2
    torches = sorted(item.quantity for item in ada.items if item.defn.key == "torch")
    assert torches == [1, 2]
    assert "bandages" in names and [i.quantity for i in ada.items if i.defn.key == "bandages"] == [1]
    assert {"belt", "canteen", "bag", "ration", "spear", "metal_shield", "padded"} <= set(names)
    # Nobody had a camping supply, so the fallback gave Ada one.
    assert "camping_supplies" in names


def test_kit_is_worn_and_wielded() -> None:
    """§5.1 step 3, §7.1: containers in their boxes, armour on the torso, weapon and shield wielded."""
    _, party = run(ONE)
    ada = party.characters[0]
    where = {item.defn.key: (item.place, item.wielded) for item in ada.items}
    assert where["bag"][0] == BACK and where["belt"][0] == WAIST
    assert where["padded"] == (TORSO, False)
    assert where["spear"] == (RIGHT_HAND, True) and where["metal_shield"] == (LEFT_HAND, True)


def test_camping_supply_fallback_is_a_gm_decision_when_nobody_has_one() -> None:
    """§5.1 step 3: if no member has a camping supply, one member is given one."""
    specs = [CharacterSpec("p1", name="Ada"), CharacterSpec("p2", name="Bo")]
    no_camp = [3, 2, 2, 2, 5, 6]
    faces = [*LIFE[:3], 3, 3, 5, *LIFE[3:6], 4, 4, 5, *LIFE[6:9], 4, 5, 5]
    faces += [4, 3, 5, 2, 3, 3, 4, 4, 4, 3, 3, 5, *CLASS, *CLASS, *no_camp, *no_camp]
    _ctx, gen = make(faces, specs)
    seen: list[Decision] = []

    def answer(decision: Decision) -> str:
        seen.append(decision)
        return "c2" if decision.kind == "camping_supply" else decision.default

    party = resolve(gen, answer)
    fallback = [d for d in seen if d.kind == "camping_supply"]
    assert len(fallback) == 1 and fallback[0].owner == GM and fallback[0].keys == ("c1", "c2")
    holders = [c.id for c in party.characters for i in c.items if i.defn.key == "camping_supplies"]
    assert holders == ["c2"]


def test_no_fallback_when_someone_rolled_a_camping_supply() -> None:
    """§5.1 step 3: the fallback only applies when nobody has one."""
    _ctx, gen = make(ONE)
    kinds: list[str] = []

    def answer(decision: Decision) -> str:
        kinds.append(decision.kind)
        return decision.default

    resolve(gen, answer)
    assert "camping_supply" not in kinds


def test_what_fits_nowhere_goes_to_the_stash() -> None:
    """§7.1: outfitting never encumbers; leftovers go to the party stash."""
    heavy = ItemDef("anvil", "Anvil", slots=4)
    opts = options()
    kit = Kit(tuple(KitItem("anvil") for _ in range(3)))
    background = BackgroundDef("smith", "Smith", "warrior", kit=kit)
    opts = CreationOptions(
        lifepath=opts.lifepath,
        classes=ClassOptions({"warrior": WARRIOR}, {"smith": background}),
        items={**ITEMS, "anvil": heavy},
    )
    ctx = Context(ScriptedDice(LIFE + TRAPPINGS))
    party = resolve_default(create_party(ctx, [CharacterSpec("p1", name="Ada")], opts))
    assert party.stash and all(isinstance(i, Item) for i in party.stash)
    assert any(isinstance(e, ItemStashed) for e in ctx.events)
    from expedition.rules.items.slots import encumbered

    assert not encumbered(party.characters[0])


def test_leftover_insight_can_be_spent_at_once() -> None:
    """§5.1 step 1, §10.5.4: insight left at the end buys a skill (cost 1) with the creation limits."""
    _ctx, gen = make(ONE)
    party = resolve(gen, lambda d: "learn_skill:cooking" if d.kind == "spend_insight" else d.default)
    ada = party.characters[0]
    assert Skill.COOKING in ada.skills and ada.insight.unspent == 0


def test_default_keeps_leftover_insight() -> None:
    """§5.1 step 1: keeping the insight is allowed (the default)."""
    _, party = run(ONE)
    assert party.characters[0].insight.unspent == 1


def _encoded(party: Party) -> object:
    return (
        encode(party.characters, list[Character]),
        encode(party.stash, list[Item]),
        party.silver,
        sorted(party.sheets.items()),
    )


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_same_seed_gives_the_same_party(players: int) -> None:
    """§5.1: every roll goes through the dice, so a seed reproduces the party exactly (1–4 adventurers)."""
    specs = [CharacterSpec(f"p{n}") for n in range(1, players + 1)]
    first = resolve_default(create_party(Context(SeededDice(11)), specs, options()))
    second = resolve_default(create_party(Context(SeededDice(11)), specs, options()))
    assert len(first.characters) == players
    assert (
        len({c.id for c in first.characters}) == players
        and len({c.name for c in first.characters}) == players
    )
    assert [c.owner for c in first.characters] == [s.owner for s in specs]
    assert _encoded(first) == _encoded(second)
    other = resolve_default(create_party(Context(SeededDice(12)), specs, options()))
    assert _encoded(other) != _encoded(first)


@pytest.mark.parametrize("count", [0, 5])
def test_party_size_is_one_to_four(count: int) -> None:
    """§5.1, DESIGN: a party has 1–4 adventurers; none or five is refused."""
    with pytest.raises(InvalidAction, match="1 to 4"):
        resolve_default(create_party(Context(SeededDice(1)), [CharacterSpec("p1")] * count, options()))


def test_a_typed_name_is_cut_to_the_longest_name_a_save_takes() -> None:
    """A name of 70,000 letters is cut at input, so the saved campaign loads (issue #15)."""
    specs = [CharacterSpec("p1", name="  Ada   of\tthe " + "N" * 70_000), CharacterSpec("p2", name="   ")]
    party = resolve_default(create_party(Context(SeededDice(11)), specs, options()))
    first, second = party.characters
    assert first.name.startswith("Ada of the N") and len(first.name) == MAX_NAME
    assert second.name.strip() and len(second.name) <= MAX_NAME  # a blank name draws one
