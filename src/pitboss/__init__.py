"""pitboss: No-Limit Texas Hold'em tournaments by written house rules.

It deals (a rules-exact engine plays every hand) and it directs (the tournament director's
computer). See README.md and docs/architecture.md.
"""

__version__ = "0.1.0"
