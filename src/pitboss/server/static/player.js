// pitboss: the player's table (and the public view of a dealt table), kept live over the
// WebSocket. The server builds the view for this recipient only; the page draws it, counts the
// action clock down from its deadline instant, and offers only the legal actions and amounts,
// and the chips the director would sell this player now (a re-buy is declared here: binding,
// it plays behind, THC 1 / TDA 27; the add-on is bought at the director's desk). A player
// moved to another table (a balancing move, a broken table) sees where, and plays on there.
// The hand's game sets the cards drawn (four in Omaha: the player's own fanned, four backs at
// each other seat) and a pot split high and low in Omaha Hi-Lo shows as its two halves.
(function () {
  "use strict";
  const root = document.getElementById("play");
  const stream = document.body.dataset.stream;
  const player = root.dataset.player || null;
  const token = root.dataset.token || null;
  const $ = (id) => document.getElementById(id);
  const esc = (t) => String(t === null || t === undefined ? "" : t)
    .replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  const chips = (n) => Number(n || 0).toLocaleString("en-US");
  const money = (cents) => {
    const whole = Math.floor(cents / 100), rest = cents % 100;
    return `$${whole.toLocaleString("en-US")}${rest ? "." + String(rest).padStart(2, "0") : ""}`;
  };
  const ordinal = (n) => {
    const tens = n % 100, ones = n % 10;
    const tail = tens >= 11 && tens <= 13 ? "th" : ones === 1 ? "st" : ones === 2 ? "nd" : ones === 3 ? "rd" : "th";
    return `${n}${tail}`;
  };
  let offset = 0;
  let view = JSON.parse($("payload").textContent);
  let socket = null;
  let pause = 500;
  let sent = 0;
  let seatedAt = null;  // "table/seat" last drawn: a change is a move
  let movedUntil = 0;  // the move notice shows until then (ms, page time)
  const MOVE_NOTICE_MS = 20000;

  const SUITS = { s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663" };
  function card(code, extra) {
    const red = code[1] === "h" || code[1] === "d";
    const rank = code[0] === "T" ? "10" : code[0];
    return `<span class="card${red ? " red" : ""}${extra ? " " + extra : ""}" data-card="${esc(code)}"><span class="r">${esc(rank)}</span><span class="s">${SUITS[code[1]] || ""}</span></span>`;
  }
  const back = (extra) => `<span class="card back${extra ? " " + extra : ""}"></span>`;
  // the cards each player holds: two in Hold'em, four in Omaha (issue 30)
  const holeCount = (hand) => (hand && hand.game && hand.game !== "holdem" ? 4 : 2);

  function now() { return Date.now() + offset; }

  // --- the oval table (issue 31) ----------------------------------------------------------------
  // The seats sit on the rail of a racetrack oval, the player's own at the bottom (the public
  // view: the lowest seat), the others clockwise in seat order; each seat's bet and the dealer
  // button lie in front of it, towards the middle, where the board and the pots are. Positions
  // are computed from the felt's real size, so portrait, landscape and a laptop all fit.
  function ordered(hand) {
    const seats = hand.seats.slice().sort((a, b) => a.seat - b.seat);
    const at = player ? seats.findIndex((s) => s.player_id === player) : -1;
    return at > 0 ? seats.slice(at).concat(seats.slice(0, at)) : seats;
  }

  function drawSeats(hand) {
    const box = $("seats");
    if (!hand) { box.innerHTML = ""; return; }
    box.innerHTML = ordered(hand).map((s) => {
      const cls = ["seat"];
      const mine = player && s.player_id === player;
      if (s.seat === hand.actor) cls.push("actor");
      if (s.folded) cls.push("folded");
      if (mine) cls.push("mine");
      if (s.seat === hand.button) cls.push("button");
      const bounty = s.bounty_cents ? `<span class="bounty" title="Bounty on their head">${esc(money(s.bounty_cents))}</span>` : "";
      let cards = "";
      if (mine) cards = "";  // the player's own cards are drawn large (#hole)
      else if (s.cards) cards = s.cards.map((c) => card(c, "small")).join("");
      else if (s.has_cards && !hand.over) cards = back("small").repeat(holeCount(hand));
      const made = s.hand_name ? `${esc(s.hand_name)}${s.best_five ? ": " + s.best_five.map(esc).join(" ") : ""}` : "";
      // Omaha Hi-Lo: the low on a line of its own, its cards only ("Eight-seven low: 8-7-6-2-A")
      const low = s.low_name ? `<span class="lo" title="${esc(s.low_name)}">Low ${esc(s.low_name.replace(/^.*: /, ""))}</span>` : "";
      const result = !made ? "" : low ? `<span class="result hilo"><span class="hi">${made}</span>${low}</span>` : `<span class="result">${made}</span>`;
      const marks = s.all_in ? `<span class="allin">ALL-IN</span>` : "";
      const bet = s.bet ? `<span class="bet" title="Bet this round">${chips(s.bet)}</span>` : "";
      const button = s.seat === hand.button ? `<span class="dealer" title="Dealer button">D</span>` : "";
      return `<li class="${cls.join(" ")}" data-seat="${s.seat}">` +
        `<div class="cards${holeCount(hand) > 2 ? " four" : ""}">${cards}</div>` +
        `<div class="plate"><span class="name" title="${esc(s.name)}">${esc(s.name)}</span>` +
        `<span class="stack">${chips(s.stack)}</span><span class="marks">${marks}</span>${bounty}</div>` +
        `${result}${bet}${button}</li>`;
    }).join("");
    layout();
  }

  // The rail as a racetrack: a box with round ends (a stadium), walked clockwise on the
  // screen from its bottom middle; `at(d)` is the point d pixels along.
  function track(w, h) {
    const r = Math.min(w, h) / 2, straight = Math.abs(w - h);
    const tall = h > w, cx = w / 2, cy = h / 2, arc = Math.PI * r;
    const legs = tall
      ? [[arc / 2, (t) => turn(cx, cy + straight / 2, r, Math.PI / 2 + t / r)],
         [straight, (t) => [cx - r, cy + straight / 2 - t]],
         [arc, (t) => turn(cx, cy - straight / 2, r, Math.PI + t / r)],
         [straight, (t) => [cx + r, cy - straight / 2 + t]],
         [arc / 2, (t) => turn(cx, cy + straight / 2, r, t / r)]]
      : [[straight / 2, (t) => [cx - t, cy + r]],
         [arc, (t) => turn(cx - straight / 2, cy, r, Math.PI / 2 + t / r)],
         [straight, (t) => [cx - straight / 2 + t, cy - r]],
         [arc, (t) => turn(cx + straight / 2, cy, r, -Math.PI / 2 + t / r)],
         [straight / 2, (t) => [cx + straight / 2 - t, cy + r]]];
    const length = legs.reduce((n, [len]) => n + len, 0);
    const spine = tall ? [[cx, cy - straight / 2], [cx, cy + straight / 2]] : [[cx - straight / 2, cy], [cx + straight / 2, cy]];
    function at(d) {
      let left = ((d % length) + length) % length;
      for (const [len, fn] of legs) {
        if (left <= len) return fn(left);
        left -= len;
      }
      return legs[0][1](0);
    }
    return { at, length, spine };
  }
  function turn(cx, cy, r, angle) { return [cx + r * Math.cos(angle), cy + r * Math.sin(angle)]; }

  // The unit vector from a point on the rail to the nearest point of the oval's middle line.
  function inward(p, spine) {
    const [[x1, y1], [x2, y2]] = spine;
    const t = x1 === x2 ? Math.min(Math.max(p[1], y1), y2) : Math.min(Math.max(p[0], x1), x2);
    const q = x1 === x2 ? [x1, t] : [t, y1];
    const dx = q[0] - p[0], dy = q[1] - p[1], n = Math.hypot(dx, dy) || 1;
    return [dx / n, dy / n];
  }

  function layout() {
    const felt = $("felt");
    const seats = Array.from(document.querySelectorAll("#seats .seat"));
    if (!felt || !seats.length || !felt.offsetWidth) return;
    const W = felt.clientWidth, H = felt.clientHeight;
    const style = getComputedStyle(felt);
    const sw = parseFloat(style.getPropertyValue("--seat-w")) || 92;
    const sh = parseFloat(style.getPropertyValue("--seat-h")) || 64;
    // the rail: inset so the seat plates straddle it and stay on the felt
    const insetX = sw / 2 + 2, insetY = sh / 2 + 2;
    const rail = felt.querySelector(".rail");
    rail.style.inset = `${insetY}px ${insetX}px`;
    const path = track(W - 2 * insetX, H - 2 * insetY);
    const spine = path.spine.map(([x, y]) => [x + insetX, y + insetY]);
    const me = $("me");
    seats.forEach((li, i) => {
      // the seat's plate (name and stack) sits on the rail: its cards above, a shown hand below
      const [tx, ty] = path.at((path.length * i) / seats.length);
      const x = tx + insetX, y = ty + insetY;
      const w = li.offsetWidth, h = li.offsetHeight;
      const plate = li.querySelector(".plate");
      const pcy = plate.offsetTop + plate.offsetHeight / 2;  // the plate's middle, from the top
      const left = Math.min(Math.max(x, w / 2), W - w / 2);
      const top = Math.min(Math.max(y - pcy, 0), H - h);
      li.style.left = `${left}px`;
      li.style.top = `${top}px`;
      const [dx, dy] = inward([left, top + pcy], spine);
      const bet = li.querySelector(".bet");
      const bw = bet ? bet.offsetWidth : 40, bh = bet ? bet.offsetHeight : 18;
      let reach = Math.abs(dx) * (w + bw) / 2 + Math.abs(dy) * ((dy < 0 ? pcy : h - pcy) + bh / 2) + 6;
      if (li.classList.contains("mine") && me) {  // past their cards, and their timer on their turn
        reach += me.offsetHeight - 2 + (view.legal ? ($("to-act").offsetHeight || 28) + 3 : 0);
      }
      if (bet) {
        bet.style.left = `${w / 2 + dx * reach}px`;
        bet.style.top = `${pcy + dy * reach}px`;
      }
      const dealer = li.querySelector(".dealer");
      if (dealer) {  // beside the bet, clockwise of it: never on it
        const side = Math.abs(dy) * bw / 2 + Math.abs(dx) * bh / 2 + 14;
        dealer.style.left = `${w / 2 + dx * (reach - 4) - dy * side}px`;
        dealer.style.top = `${pcy + dy * (reach - 4) + dx * side}px`;
      }
      if (bet) clear(bet, felt.querySelector(".middle"));
      if (dealer) clear(dealer, felt.querySelector(".middle"));  // off the pots (two halves: taller)
      if (bet && li.classList.contains("mine")) besideCards(bet);
      if (li.classList.contains("mine") && me) {  // the player's own cards, over their seat
        me.style.left = `${left}px`;
        me.style.top = `${top + plate.offsetTop + 2}px`;  // the name below them stays in sight
      }
    });
  }
  // A bet beside the board (a seat level with the middle) moves up or down off it.
  function clear(bet, middle) {
    if (!middle || middle.hidden) return;
    const b = bet.getBoundingClientRect(), m = middle.getBoundingClientRect();
    if (b.right <= m.left || b.left >= m.right || b.bottom <= m.top || b.top >= m.bottom) return;
    const below = b.top + b.height / 2 >= m.top + m.height / 2;
    const shift = below ? m.bottom - b.top + 3 : m.top - b.bottom - 3;
    bet.style.top = `${parseFloat(bet.style.top) + shift}px`;
  }
  // The player's own bet, pushed onto their cards or their timer (a short oval held sideways:
  // no room between them and the board), goes beside them instead, on their left.
  function besideCards(bet) {
    const hole = $("hole"), timer = $("to-act");
    if (!hole || !hole.offsetParent) return;
    const h = hole.getBoundingClientRect();
    const blocks = [h];
    if (timer && !timer.hidden) blocks.push(timer.getBoundingClientRect());
    else if (view.legal) {  // on their turn the next tick shows the timer over the cards
      const cx = (h.left + h.right) / 2;
      blocks.push({ left: cx - 34, right: cx + 34, top: h.top - 31, bottom: h.top - 3 });
    }
    const b = bet.getBoundingClientRect();
    const shift = Math.max(0, ...blocks
      .filter((r) => !(b.right <= r.left || b.left >= r.right || b.bottom <= r.top || b.top >= r.bottom))
      .map((r) => b.right - r.left + 6));
    if (shift) bet.style.left = `${parseFloat(bet.style.left) - shift}px`;
  }
  window.addEventListener("resize", layout);
  if (window.ResizeObserver) new ResizeObserver(() => layout()).observe($("felt"));

  function drawMiddle(hand) {
    $("board").innerHTML = hand && hand.board ? hand.board.map((c) => card(c)).join("") : "";
    if (!hand) { $("pots").textContent = ""; return; }
    const pots = hand.pots || [];
    const parts = pots.map((p, i) => {
      const index = typeof p.index === "number" ? p.index : i;
      const whole = index === 0 ? "Pot" : `Side pot ${index}`;
      const name = p.half ? `${whole}, ${p.half} half` : whole;  // Omaha Hi-Lo: a split pot's halves
      const won = p.winners ? " \u2192 " + p.winners.map((w) => `${esc(w.name)} ${chips(w.share)}`).join(", ") : "";
      return `<span class="${index ? "side" : "main"}" data-pot="${index}"${p.half ? ` data-half="${esc(p.half)}"` : ""}>${name} ${chips(p.amount)}${won}</span>`;
    });
    $("pots").innerHTML = parts.join(" ") || (hand.pot ? `<span class="main">Pot ${chips(hand.pot)}</span>` : "");
  }

  function drawHead(v) {
    const c = v.clock || {};
    $("level").textContent = c.label || "";
    const blinds = c.on_break ? "" : `${chips(c.small_blind)}/${chips(c.big_blind)}${c.ante ? " ante " + chips(c.ante) : ""}`;
    $("blinds").textContent = blinds;
    // "Pot-Limit Omaha"; nothing on a No-Limit Hold'em night; a limit level's bets are left to
    // the TV (the bet button says them), so the phone's header stays on two lines
    $("game").textContent = (c.game_label || "").split(" · ")[0];
    if (player && v.you) {
      const where = v.you.table ? ` \u00b7 Table ${v.you.table}, seat ${v.you.seat}` : "";
      $("where").textContent = `${v.you.name || player}${where}`;
    }
  }

  function status(v) {
    const hand = v.hand;
    let text = "";
    if (player && v.you && v.you.out) {
      text = "You are out of the tournament.";
      // the place stands until a re-buy is declared (THC 1: binding), even while one is only
      // offered; the offer is named after it (its button below) (issue 31)
      const place = v.you.place;
      const declared = v.you.rebuy_declared;
      if (place && !declared) {
        const where = place.first === place.last ? ordinal(place.first) : `${ordinal(place.first)}-${ordinal(place.last)} (shared)`;
        text += ` You finished ${where}.`;
        if (v.you.prize_cents) text += ` Your prize: ${money(v.you.prize_cents)}, at the director's desk.`;
      }
      const offer = (v.offers || []).find((o) => o.kind === "rebuy");
      if (offer && !declared) text += ` You may re-buy ${money(offer.price_cents)} for ${chips(offer.chips)} chips while re-buys are open (below).`;
    }
    else if (!v.dealing) text = "Waiting for the director to start dealing.";
    else if (player && v.you && !v.you.table) text = "Not seated.";
    else if (!hand) text = "Waiting for the first hand.";
    else if (hand.over) text = "Hand over.";
    else if (v.legal) text = "Your turn.";
    else if (hand.actor) {
      const s = hand.seats.find((x) => x.seat === hand.actor);
      text = s ? `${s.name} to act.` : "";
    }
    $("status").textContent = text;
  }

  // --- their bounty (issue 29): on their head, and the bounty money they won ------------------
  function drawBounty(v) {
    const box = $("my-bounty");
    const b = v.bounty;
    const lines = [];
    if (b && b.in_play && b.bounty_cents) lines.push(`<span id="my-bounty-head">Bounty on your head: <b>${esc(money(b.bounty_cents))}</b></span>`);
    if (b && b.won_cents) {
      const kos = b.knockouts === 1 ? "1 knockout" : `${b.knockouts} knockouts`;
      lines.push(`<span id="my-bounty-won">Bounty money won: <b>${esc(money(b.won_cents))}</b>${b.knockouts ? ` (${esc(kos)})` : ""}</span>`);
    }
    box.innerHTML = lines.join("");
    box.hidden = !lines.length;
  }

  // --- a move, and the chips for sale ---------------------------------------------------------
  function drawMove(v) {
    const box = $("moved");
    if (!box || !v.you) return;
    const here = v.you.table ? `${v.you.table}/${v.you.seat}` : null;
    if (here && seatedAt && here !== seatedAt) {
      movedUntil = Date.now() + MOVE_NOTICE_MS;
      box.textContent = `You have moved: Table ${v.you.table}, seat ${v.you.seat}.`;
      box.dataset.table = String(v.you.table);
      box.dataset.seat = String(v.you.seat);
    }
    if (here) seatedAt = here;
    if (v.you.out) movedUntil = 0;  // out of the tournament: no seat to go to (issue 31)
    box.hidden = Date.now() >= movedUntil;
  }

  function drawOffers(v) {
    const box = $("offers");
    if (!box) return;
    const offers = v.offers || [];
    const you = v.you || {};
    const parts = [];
    if (you.rebuy_declared) {
      const then = you.out ? "who seats you again"
        : you.in_hand ? "the re-buy is made when this hand ends and its chips are added to your stack then"
        : "the chips play behind in the next hand, and the re-buy is made when it ends";
      parts.push(`<p class="declared" id="rebuy-declared">Re-buy declared: pay the director; ${then}.</p>`);
    }
    for (const o of offers) {
      if (o.declares) {
        const when = o.minutes_left !== null && o.minutes_left !== undefined ? ` Re-buys close in ${o.minutes_left} min.` : "";
        const asking = o.kind === "rebuy" && Date.now() < confirmUntil;
        const text = asking ? `Tap again to declare: ${o.label}` : o.label;
        parts.push(`<div class="offer" data-kind="${esc(o.kind)}"><button type="button" id="offer-${esc(o.kind)}" data-kind="${esc(o.kind)}"${asking ? ' class="confirm"' : ""}>${esc(text)}</button>` +
          `<small>Declaring is binding: you pay the director${you.out ? ", who seats you again" : you.in_hand ? "; the chips are added when this hand ends" : "; the chips play behind from the next deal"}.${esc(when)}</small></div>`);
      } else {
        parts.push(`<div class="offer desk" data-kind="${esc(o.kind)}" id="offer-${esc(o.kind)}"><b>${esc(o.label)}</b>` +
          `<small>At the director's desk, this break only.</small></div>`);
      }
    }
    box.innerHTML = parts.join("");
    box.hidden = parts.length === 0;
  }

  // A declaration is binding (money owed): the first tap asks, a second one within a few
  // seconds declares.
  const CONFIRM_MS = 6000;
  let confirmUntil = 0;

  function declare(kind) {
    if (kind !== "rebuy" || !socket || socket.readyState !== 1) return;
    const ask = $("offer-rebuy");
    if (Date.now() > confirmUntil) {
      confirmUntil = Date.now() + CONFIRM_MS;
      const offer = (view.offers || []).find((o) => o.kind === "rebuy");
      if (ask && offer) {
        ask.textContent = `Tap again to declare: ${offer.label}`;
        ask.classList.add("confirm");
      }
      setTimeout(() => { if (Date.now() >= confirmUntil && player) drawOffers(view); }, CONFIRM_MS + 50);
      return;
    }
    confirmUntil = 0;
    sent += 1;
    socket.send(JSON.stringify({ type: "rebuy", action_id: `${player}-rebuy-${Date.now()}-${sent}` }));
    const button = $("offer-rebuy");
    if (button) button.disabled = true;  // until the next view says otherwise
  }

  // --- the called clock (TDA 29; KY 16, THC 15, SLPT 2) --------------------------------------
  // One countdown, the true one: the server's turn deadline is the instant the table acts for
  // the player (the called clock when it runs out first). Called on the player, "Clock called"
  // shows beside their own timer, above the buttons; called on another, at that seat's timer.
  // Either is gone with the turn (issue 31).
  function drawClockCall(v) {
    const button = $("call-clock");
    if (!button) return;
    const call = v.clock_call || {};
    button.hidden = !call.can_call;
    button.disabled = false;
    button.textContent = call.on ? `Call the clock on ${call.on}` : "Call the clock";
    $("clock-called").hidden = !(call.called_on && v.legal && v.you && v.you.name === call.called_on);
  }

  function callClock() {
    if (!socket || socket.readyState !== 1) return;
    sent += 1;
    socket.send(JSON.stringify({ type: "call_clock", action_id: `${player}-clock-${Date.now()}-${sent}` }));
    $("call-clock").disabled = true;  // until the next view says otherwise
  }

  if (player) {
    $("call-clock").onclick = callClock;
    $("offers").onclick = (e) => {
      const kind = e.target && e.target.tagName === "BUTTON" ? e.target.dataset.kind : null;
      if (kind) declare(kind);
    };
  }

  // --- the clocks -----------------------------------------------------------------------------
  function clockText(ms) {
    const s = Math.floor(Math.max(0, ms) / 1000);
    return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
  }

  function tick() {
    const c = view.clock || {};
    const left = c.running && typeof c.ends_at === "number" ? c.ends_at - now() : c.remaining_ms;
    $("level-time").textContent = typeof left === "number" ? clockText(left) : "";
    const hand = view.hand;
    const box = $("to-act");
    const deadline = hand && !hand.over ? hand.deadline : null;
    const seconds = typeof deadline === "number" ? Math.max(0, Math.ceil((deadline - now()) / 1000)) : null;
    if (box) {
      box.hidden = !(view.legal && seconds !== null);
      $("timer").textContent = seconds === null ? "" : `${seconds}s`;
      box.classList.toggle("low", seconds !== null && seconds <= 5);
    }
    const moved = $("moved");
    if (moved && !moved.hidden && Date.now() >= movedUntil) moved.hidden = true;
    document.querySelectorAll(".seat .timer").forEach((el) => el.remove());
    if (seconds !== null && hand) {
      const seat = document.querySelector(`.seat[data-seat="${hand.actor}"] .plate`);
      const actor = hand.seats.find((x) => x.seat === hand.actor);
      const call = view.clock_call || {};
      const called = actor && call.called_on && call.called_on === actor.name;
      if (seat && !(view.legal && actor && actor.player_id === player)) {
        seat.insertAdjacentHTML("beforeend", `<span class="timer${called ? " called" : ""}${seconds <= 5 ? " low" : ""}"` +
          `${called ? ` title="Clock called on ${esc(actor.name)}"` : ""}>${called ? "Clock " : ""}${seconds}s</span>`);
      }
    }
  }

  function draw(v) {
    view = v;
    root.dataset.hand = v.hand ? v.hand.hand_id : "";
    root.dataset.handTable = v.hand ? String(v.hand.table) : "";
    root.dataset.over = v.hand && v.hand.over ? "true" : "false";
    root.dataset.turn = v.legal ? String(v.legal.turn) : "";
    drawHead(v);
    drawSeats(v.hand);
    drawMiddle(v.hand);
    if (player) {
      const me = v.hand && v.hand.seats.find((s) => s.player_id === player);
      $("hole").innerHTML = me && me.cards ? me.cards.map((c) => card(c)).join("") : "";
      $("hole").classList.toggle("four", !!(me && me.cards && me.cards.length > 2));
      // between hands, the director's count (a re-buy or an add-on made shows at once)
      const between = !v.hand || v.hand.over;
      const mine = $("my-chips");
      mine.hidden = !(between && v.you && v.you.table && typeof v.you.chips === "number");
      mine.textContent = mine.hidden ? "" : `Your chips: ${chips(v.you.chips)}`;
      $("results-link").hidden = !(v.you && v.you.out);
      drawMove(v);
      drawBounty(v);
      drawOffers(v);
      drawClockCall(v);
    }
    for (const fn of listeners) {
      try { fn(v); } catch (err) { console.error(err); }  // one feature's fault spoils no other
    }
    $("last-actions").innerHTML = (v.hand ? v.hand.last_actions : []).slice().reverse()
      .map((line) => `<li>${esc(line)}</li>`).join("");
    // no table to show (not dealt yet here, or out): no empty felt and no empty log
    $("felt").hidden = !v.hand;
    root.classList.toggle("has-felt", !!v.hand);
    document.querySelector(".log").hidden = !v.hand;
    layout();
    fitLog();
    status(v);
    tick();
  }

  // The public view's log takes what is left of the screen, in whole lines: a screen beside
  // the table is read, not scrolled, and a line cut in half is a line nobody can read.
  function fitLog() {
    if (player) return;
    const list = $("last-actions");
    const line = parseFloat(getComputedStyle(list).lineHeight) || 18;
    const room = window.innerHeight - (list.getBoundingClientRect().top + window.scrollY) - 8;
    list.style.maxHeight = `${Math.max(3, Math.floor(room / line)) * line}px`;
  }
  window.addEventListener("resize", fitLog);

  function open() {
    const params = new URLSearchParams(player ? { role: "player", player, token } : { role: "spectator", table: root.dataset.table });
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/tournaments/${stream}?${params}`);
    socket.onopen = () => { pause = 500; document.body.dataset.live = "connected"; };
    socket.onmessage = (message) => {
      const frame = JSON.parse(message.data);
      const box = $("error");
      if (frame.kind === "error" || frame.kind === "refused") {
        if (frame.kind === "refused" && player) { drawOffers(view); drawClockCall(view); }
        let told = false;  // a feature that shows the refusal where its player looks says so
        for (const fn of answers) {
          try { told = fn(frame) === true || told; } catch (err) { console.error(err); }
        }
        if (box && !told) { box.textContent = frame.message; box.dataset.code = frame.code || ""; box.hidden = false; }
        return;
      }
      if (frame.kind === "submitted") {
        if (box) box.hidden = true;
        for (const fn of answers) {
          try { fn(frame); } catch (err) { console.error(err); }
        }
        return;
      }
      if (typeof frame.server_now === "number") offset = frame.server_now - Date.now();
      draw(frame);
    };
    socket.onclose = () => {
      document.body.dataset.live = "reconnecting";
      setTimeout(open, pause);
      pause = Math.min(pause * 2, 10000);
    };
  }

  // The table's features in their own scripts (player_actions.js, ...) draw their part of every
  // view and hear every answer through this, and send their frames on the table's socket. An
  // answer listener returns true when it showed a refusal itself (then it is not shown again
  // in the page's general error line).
  const listeners = [];
  const answers = [];
  function send(frame) {
    if (!socket || socket.readyState !== 1) return false;
    socket.send(JSON.stringify(frame));
    return true;
  }
  function nextId(kind) { sent += 1; return `${player}-${kind}-${Date.now()}-${sent}`; }
  window.pitbossTable = {
    player, token, stream, root, $, esc, chips, money, ordinal, card, back, clockText, now,
    send, nextId,
    view: () => view,
    onView: (fn) => { listeners.push(fn); },
    onAnswer: (fn) => { answers.push(fn); },
  };

  // Started once every feature's script has registered (they load after this one).
  document.addEventListener("DOMContentLoaded", () => {
    if (typeof view.server_now === "number") offset = view.server_now - Date.now();
    draw(view);
    setInterval(tick, 250);
    open();
  });
})();
