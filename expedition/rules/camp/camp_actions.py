"""Provides the camp actions (§10.3, §6.1): lookouts, rest, sleep, camp items, cooking, skills, breaking camp.

Each action spends camp actions from the shared pool (`camp_cost`); its guard raises
`IllegalAction` with a reason, and its verb is a resolution. `expedition.rules.engine.dispatch` dispatches
to `GUARDS` and `VERBS`; `camp_options` lists what a character could do, for the camp screen.

The action classes and their costs are in `camp_action_types`, the guards in `camp_guards`, the
verbs and their events in `camp_verbs`; this module gathers their public names.

House limits where the book is silent: a character keeps one lookout, and a surgeon operates
once per camp; the party sleeps once per camp; Crafting's free repair is once per crafter.
Transmute (alchemy, §11.1) lives in `camp_transmute` and is registered here; it costs no camp action.
The angry gods' camp sacrifices (§5.7.4: burning teeth, praying to Kaal Rafir) live in `camp_sacrifices`.
"""

from __future__ import annotations

from expedition.rules.camp.camp_guards import GUARDS as _GUARDS
from expedition.rules.camp.camp_sacrifices import GUARDS as _SACRIFICE_GUARDS
from expedition.rules.camp.camp_sacrifices import VERBS as _SACRIFICE_VERBS
from expedition.rules.camp.camp_verbs import VERBS as _VERBS

__all__ = [
    "GUARDS",
    "VERBS",
]

GUARDS = {**_GUARDS, **_SACRIFICE_GUARDS}
"""Every camp action's guard, for `turns`."""
VERBS = {**_VERBS, **_SACRIFICE_VERBS}
"""Every camp action's verb, for `turns`."""
