"""The director's pure values and calculators: no command, no event, no handler.

The clock and the structure, entries and the ledger, seating and balancing, eliminations,
payouts, chops and ICM, the windows (re-buys, add-ons, late registration), the words of a
field. A module here imports only other modules here and the core's `state` and `registry`
(the state it reads); never a feature or a reader (tests/test_layers.py).
"""
