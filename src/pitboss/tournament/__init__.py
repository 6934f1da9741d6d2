"""The director: a tournament as an aggregate (commands in, events out, state = fold(events)).

- `pitboss.tournament.structure`: the timeline of levels and breaks, colour-ups, chips in play.
- `pitboss.tournament.clock`: the tournament clock (start, pause, add time, hand-for-hand).
- `pitboss.tournament.entries`: players and their private details; who may re-buy or add on.
- `pitboss.tournament.ledger`: every cent taken in, the prize pool and the house's share.
- `pitboss.tournament.events`, `.commands`, `.aggregate`: ``decide`` and ``apply``.
- `pitboss.tournament.payouts`, `.chop`, `.icm`, `.colour_up`: prizes, deals and chip races.

Import from the submodules; this package module imports nothing so each stays independent.
"""
