"""Fights.

Fights (RULES §10.2): setup, rounds, the adventurers' actions and their verbs, harm on both sides,
holds, parley, and the skills that act in a fight.

What it holds:

- `beasts`: Animal Affinity and Beastmaster in a fight (§6.1): animals, taming, and the Beastmaster's
  hound.
- `break_free`: `BreakFree`, the adventurer's way out of a hold (§16 #26, HOUSE §6.2): 1 action and a
  STR test.
- `attack_odds`: `attack_odds`: the exact odds of an adventurer's attack on a foe (§10.2.2, §3.2).
- `attacking`: `AttackFoe` (§10.2.2): an attack with a wielded weapon, its guard, verb and weapon helpers.
- `catching_breath`: `CombatCatchBreath` (§10.2.2): 1 fatigue off every attribute in a fight.
- `combat_actions`: Every adventurer's combat action's guard and verb (§10.2.2), and their cost, gathered
  for the dispatch.
- `combat_events`: Events of combat (§10.2): setup, rounds and turns, moves, attacks, wounds, tokens,
  the end.
- `combat_harm`: Harm in a fight: defending an enemy attack (§10.2.3) and wounding a foe (§10.2.5).
- `combat_state`: Combat state (§10.2): foes on the map, the adventurers' places, fast and slow, whose
  turn.
- `defending`: `Defend` and `Dodge` (§10.2.2): shield tokens from the held shield, dodge tokens from
  a DEX test.
- `enemies/`: The GM's side of a fight (RULES §10.2.5, §12, HOUSE §3): enemy definitions, their habits,
  movement, targeting and what their attacks do.
- `enemy_phase`: Enemy phase (§10.2.5, HOUSE §3): the GM's AI runs every foe by its archetype.
- `fight_map`: Fight's geometry: where one may stand, who sees whom, orthogonal moves (§8, §10.2.2).
- `fight_setup`: Setup of a fight (§10.2.1 phase 0, §10.1): placing both sides, initiative, ambush,
  surprise.
- `fighter_turn`: What every combat action shares (§10.2.1): the acting-fighter check, costs, `Recover`
  and `EndTurn`.
- `fighting_skills`: Skills in a fight (§6.1) and the Cursed's sight of ghosts (§4.6): Fearless,
  Stalker, advantages.
- `help_feint_and_intimidate`: `Help` (§3.5), the Duelist's `Feint` and the `Intimidate` skill (§6.1).
- `holds`: Holds (HOUSE §6.2, §16 #26): grabbed, hooked, bound, attached and bagged adventurers in a
  fight.
- `maneuvers/`: Warrior and thief maneuvers (RULES §5.7.1, §5.7.2): the attacks, the set-ups, and what
  they leave in a fight.
- `moving_and_fleeing`: `CombatMove` and `Flee` (§10.2.2, §16 #25): moving on the fight's map, or out
  of the foes' sight.
- `parley`: `Parley`: talking a foe out of the fight instead of beating it (house, HOUSE §3.1–§3.3).
- `potions`: What potions, tonics and living ashes do when used (§7.4, §11.1 Alchemy rules), and their
  hooks.
- `rounds`: Flow of combat rounds (§10.2.1): fast adventurers, enemies, slow ones, cleanup, the end.
- `slippery`: Slippery (§6.1): in the enemy turn, dodge tokens spent to move 1 tile each, away from an
  attack.
- `strike`: What every adventurer's attack on a foe shares (§10.2.2): the test against its tokens, and
  harm.
- `using_fight_items`: `CombatUseItem` (§10.2.2): wielding, lights, cures and other items in a fight.
"""
