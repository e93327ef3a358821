"""The sensible bot: `careful_player.SensiblePolicy` and one module per situation it meets.

`careful_player` chooses; `fighting`, `exploring`, `camping`, `town` and `deciding` each handle
one situation; `memory` is what it remembers between views. (This face imports none of them, so
no module of the bot imports itself through its package.)
"""
