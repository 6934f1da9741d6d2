"""The club: what outlives one night (issue 28).

Players' records that come back week after week, leagues and their seasons, points computed
from the stored results. Each is an append-only stream of events beside the tournaments'
(`pitboss.club.log`); private details are kept apart from every log (THC 1). Pure: no clock,
no I/O; the service (`pitboss.service.club`) reads and writes the store.
"""
