"""The director's features: each module owns its commands, events, ``decide`` handlers and
folds, registered by type in `pitboss.tournament.registry`, and its events' log lines
(`pitboss.tournament.registry.describes`, in the words of `pitboss.tournament.model.words`).

A feature imports the model, the core's `state` and `registry`, and the features it builds
on; never `aggregate`, `codec`, the façades or a reader (tests/test_layers.py).
"""
