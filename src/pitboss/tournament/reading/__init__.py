"""What screens and people read of the director: views (the clock, the standings, the seating
chart, find my seat), the log in words (`narration`), the treasurer's reports, the blind
sheet's data.

A reader imports anything of the tournament; nothing of the tournament imports a reader
(tests/test_layers.py): only the edges above it do (play, service, live, server, cli).
"""
