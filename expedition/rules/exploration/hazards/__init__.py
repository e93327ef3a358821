"""Room hazards.

Room hazards (HOUSE §1.9–§1.14): air and light, footing, floors, noise, water, drag marks, and the
actions they make possible.

What it holds:

- `air`: Room hazards of air, light and breath (HOUSE §1.9-§1.14): dust, spores, whispers, smoke.
- `drag_marks`: Drag marks of the goblin warren (HOUSE §1.10): the trail that may bring the level's
  maneater.
- `floors`: Entering a room underfoot: floors that give way (HOUSE §1.9, §1.12, §1.13), and burning silk.
- `footing`: Room hazards underfoot (HOUSE §1.9–§1.14): water, mud, slick stone, silk and a low ceiling.
- `hazard_actions`: Actions room hazards make possible: clearing a choked exit, a spring, a tainted
  pool.
- `noise`: Room hazards set off by noise, flame or entry: collapses, choked exits, marsh gas, drag
  marks.
- `water`: Water hazards that act: surges and floods on a decay trigger, and the brackish spring.
"""
