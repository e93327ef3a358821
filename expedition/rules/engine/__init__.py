"""The campaign as a whole.

The campaign as a whole: its state, the dispatch of every action to its rules, the action bars that
ask it, play sessions and adventurers changing hands.

What it holds:

- `campaign`: Campaign state: players, party and roster, trackers, places, time, money and the dice
  state.
- `combat_options`: Combat action bar for screens: every action an adventurer could take now.
- `dispatch`: Campaign actions' dispatch: catch breath, spend insight, pass a turn, rename, and
  exploration.
- `exploration_options`: Exploration action bar: each action a character could take here, its cost, and
  why not.
- `hand_over`: `ReassignCharacter`: an adventurer goes to another player between expeditions.
- `legal_actions`: `legal_actions`: every action the party could take now, for bots, tests and hints.
- `magic_options`: Action bar's magic options: spells, prayers, maneuvers, Concentrate and sacrifices,
  by target.
- `play_sessions`: Play sessions: a new sitting at the table gives every burden back (§3.5).
- `rulebook`: The whole rulebook: the one module that imports every rule which registers a special
  case.
"""
