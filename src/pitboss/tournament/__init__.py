"""The director: a tournament as an aggregate (commands in, events out, state = fold(events)).

- `pitboss.tournament.structure`: the timeline of levels and breaks, colour-ups, chips in play.
- `pitboss.tournament.clock`: the tournament clock (start, pause, add time, hand-for-hand).
- `pitboss.tournament.entries`: players and their private details; who may re-buy or add on.
- `pitboss.tournament.ledger`: every cent taken in, the prize pool and the house's share.
- `pitboss.tournament.events`, `.commands`, `.aggregate`: ``decide`` and ``apply``.
- `pitboss.tournament.payouts`, `.chop`, `.icm`, `.colour_up`: prizes, deals and chip races.
- `pitboss.tournament.seating`: the tables the director holds, the seat draw, find-my-seat.
- `pitboss.tournament.balancing`: pure planners of moves, breaks and redraws (TDA 10B, 11).
- `pitboss.tournament.eliminations`: bust-outs, finishing places, standings (KY 8d, RP-8A).
- `pitboss.tournament.director`: seats, hands at seated tables and seat changes in ``decide``.
- `pitboss.tournament.penalties`: penalties, absence, chips out of play, clock calls (TDA 71).
- `pitboss.tournament.side_games`: SLPT 29 side games into the main event.
- `pitboss.tournament.people_events`, `.people_state`: their events and their fold.

Import from the submodules; this package module imports nothing so each stays independent.
"""
