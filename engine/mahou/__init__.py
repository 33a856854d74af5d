"""The Mahou Shoujo ruleset ``mahou-shoujo-1`` (../shared/spec/mahou-shoujo.md), pure Python.

Find a rule by its id: ``grep -rn '"grand.condition"' engine/mahou`` leads to the one place it is checked.

| module | what lives there |
| --- | --- |
| ``rules`` | the rule-id catalogue (refs ``SR ...``, ``HR n``), ``illegal`` and the trail helpers |
| ``cards`` | ``MsCard``, ``MsCardDB``, ``parse_cards`` (the ms-cards v1 validator) |
| ``schema`` | ``log.schema`` / ``log.card`` for the header and every action (the service's log boundary too) |
| ``state`` | ``Fighter``, ``Player``, ``MsState`` |
| ``setup`` | deck rules (``deck.*``) and ``search``, ``shuffle``, ``redraw``, ``place_active`` |
| ``actions`` | the entry point ``apply_action`` and the gates (``turn.priority``, ``replace.required``, ``action.count``) |
| ``play`` | the seven actions of a turn |
| ``free`` | ``place_hero``, ``play_event``, ``promote``, ``out_of_heroes`` |
| ``effects`` | op templates to concrete ops, the fixed set of ops |
| ``field``, ``check`` | draws and cards leaving the field; the check, turn start and end |
| ``legal``, ``selfplay`` | legal actions; random and greedy self-play |
| ``view``, ``snapshot`` | state JSON and player views (state, actions, trails); snapshots |
| ``ruleset`` | ``MahouShoujo``, the object :mod:`engine.fold` and the service drive (engine.ruleset.Ruleset) |
"""
