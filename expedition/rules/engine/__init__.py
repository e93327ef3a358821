"""The campaign as a whole.

The campaign as a whole: its state, the dispatch of every action to its rules, play sessions and
adventurers changing hands.

What it holds:

- `campaign`: Campaign state: players, party and roster, trackers, places, time, money and the dice
  state.
- `dispatch`: Campaign actions' dispatch: catch breath, spend insight, pass a turn, rename, and
  exploration.
- `hand_over`: `ReassignCharacter`: an adventurer goes to another player between expeditions.
- `play_sessions`: Play sessions: a new sitting at the table gives every burden back (§3.5).
- `rulebook`: The whole rulebook: the one module that imports every rule which registers a special
  case.
"""
