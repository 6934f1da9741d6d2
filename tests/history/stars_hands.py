"""Small PokerStars hands for the reader and replay tests, written as the clients write them."""

from __future__ import annotations

TOURNAMENT = """\
PokerStars Hand #1001: Tournament #77, $10+$1 USD Hold'em No Limit - Level II (15/30) - \
2020/01/01 1:00:00 ET
Table '77 1' 6-max Seat #1 is the button
Seat 1: Ann (1500 in chips)
Seat 2: Bob (1500 in chips)
Seat 3: Cat (1500 in chips)
Bob: posts small blind 15
Cat: posts big blind 30
*** HOLE CARDS ***
Dealt to Ann [Ah Kd]
Ann: raises 60 to 90
Bob: folds
Cat: calls 60
*** FLOP *** [2c 7d 9h]
Cat: checks
Ann: bets 100
Cat: folds
Uncalled bet (100) returned to Ann
Ann collected 195 from pot
Ann: doesn't show hand
*** SUMMARY ***
Total pot 195 | Rake 0
Board [2c 7d 9h]
Seat 1: Ann (button) collected (195)
Seat 2: Bob (small blind) folded before Flop
Seat 3: Cat (big blind) folded on the Flop
"""
"""Three players: a raise, a call, a bet on the flop not called."""

CASH_DEAD_BLIND = """\
PokerStars Hand #2001:  Hold'em No Limit ($0.01/$0.02 USD) - 2020/04/19 14:00:00 ET
Table 'Hypatia III' 9-max Seat #1 is the button
Seat 1: Ann ($2 in chips)
Seat 2: Bob ($2 in chips)
Seat 3: Cat ($2 in chips)
Seat 4: Eve ($3 in chips) is sitting out
Seat 5: Dan ($2 in chips)
Bob: posts small blind $0.01
Cat: posts big blind $0.02
Dan: posts small & big blinds $0.03
Gus: sits out
*** HOLE CARDS ***
Dealt to Ann [5c 5d]
Dan: checks
Ann: folds
Bob: folds
Cat: checks
*** FLOP *** [Ks 8h 3c]
Cat: checks
Dan: bets $0.04
Cat: folds
Uncalled bet ($0.04) returned to Dan
Dan collected $0.06 from pot
Dan: doesn't show hand
*** SUMMARY ***
Total pot $0.06 | Rake $0
Board [Ks 8h 3c]
Seat 1: Ann (button) folded before Flop (didn't bet)
Seat 2: Bob (small blind) folded before Flop
Seat 3: Cat (big blind) folded on the Flop
Seat 5: Dan collected ($0.06)
"""
"""A cash game: a player back from missing both blinds posts them (the small one dead) and
checks his option; a seat sitting out is not dealt in; a player not seated sits out."""

SIDE_POTS = """\
PokerStars Hand #3001: Tournament #78, $3.19+$0.31 USD Hold'em No Limit - Level V (50/100) \
- 2020/01/01 7:00:00 CET [2020/01/01 1:00:00 ET]
Table '78 4' 9-max Seat #9 is the button
Seat 1: Ann (500 in chips)
Seat 4: Bob (1200 in chips)
Seat 6: Cat (3000 in chips)
Seat 9: Dan (3000 in chips)
Ann: posts the ante 10
Bob: posts the ante 10
Cat: posts the ante 10
Dan: posts the ante 10
Ann: posts small blind 50
Bob: posts big blind 100
*** HOLE CARDS ***
Cat: raises 200 to 300
Dan: folds
Ann: raises 190 to 490 and is all-in
Bob: raises 700 to 1190 and is all-in
Cat: calls 890
*** FLOP *** [2c 7d 9h]
*** TURN *** [2c 7d 9h] [Ts]
*** RIVER *** [2c 7d 9h Ts] [Jd]
*** SHOW DOWN ***
Bob: shows [Ah Ad] (a pair of Aces)
Cat: shows [Kc Kd] (a pair of Kings)
Bob collected 1400 from side pot
Ann: shows [Qs Qh] (a pair of Queens)
Bob collected 1510 from main pot
Ann finished the tournament in 12th place
*** SUMMARY ***
Total pot 2910 Main pot 1510. Side pot 1400. | Rake 0
Board [2c 7d 9h Ts Jd]
Seat 1: Ann (small blind) showed [Qs Qh] and lost with a pair of Queens
Seat 4: Bob (big blind) showed [Ah Ad] and won (2910) with a pair of Aces
Seat 6: Cat showed [Kc Kd] and lost with a pair of Kings
Seat 9: Dan (button) folded before Flop (didn't bet)
"""
"""Antes, two all-in, a main pot and a side pot, a local time with ET in brackets."""

HEADS_UP = """\
PokerStars Game #4001:  Hold'em No Limit ($0.50/$1.00 USD) - 2014/01/06 3:50:00 ET
Table 'Gotha' 2-max Seat #1 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Bob ($80 in chips)
Ann: posts small blind $0.50
Bob: posts big blind $1
*** HOLE CARDS ***
Ann: raises $2 to $3
Bob: calls $2
*** FLOP *** [Qs 8h 7d]
Bob: checks
Ann: bets $4
Bob: raises $12 to $16
Ann: folds
Uncalled bet ($12) returned to Bob
Bob collected $14 from pot
Bob: doesn't show hand
*** SUMMARY ***
Total pot $14 | Rake $0
Board [Qs 8h 7d]
Seat 1: Ann (button) (small blind) folded on the Flop
Seat 2: Bob (big blind) collected ($14)
"""
"""Heads-up: the button posts the small blind and acts first before the flop, last after."""
