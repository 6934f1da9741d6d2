"""The director's features: each module owns its commands, events, ``decide`` handlers and
folds, registered by type in `pitboss.tournament.registry`.

A feature imports the model, the core's `state` and `registry`, and the features it builds
on; never `aggregate`, `codec`, the façades or a reader (tests/test_layers.py).
"""
