// pitboss: the table's chat on the player's phone and on the table's public screen (issue 31).
// A collapsed line shows the latest message; tapping it opens the messages, the reactions and
// the box to type in (it pushes the page down, it never covers the table). The server decides
// everything: what the table sees (names only, THC 1), which messages wait for the hand's end
// (TDA 67, THC 26, SLPT 11, KY 17: the sender's own are marked held), a muted player, a flood.
// Drawn from the view's `chat` part through window.pitbossTable (player.js).
(function () {
  "use strict";
  const T = window.pitbossTable;
  const box = document.getElementById("chat");
  if (!T || !box) return;
  const { $, esc } = T;
  const phone = !!T.player;
  let open = !phone;  // the public screen shows its latest lines, nothing to tap
  let seen = null;  // the newest line seen with the chat open (what the page opened with: seen)
  let pending = null;  // the id of the message being sent, its text kept until taken

  function lineHtml(x) {
    const cls = ["chat-msg"];
    if (x.mine) cls.push("mine");
    if (x.held) cls.push("held");
    const body = x.emoji ? `<span class="chat-emoji">${esc(x.emoji)}</span>` : `<span class="chat-text">${esc(x.text)}</span>`;
    const held = x.held ? ' <small class="chat-held">held until the hand ends</small>' : "";
    return `<li class="${cls.join(" ")}" data-seq="${x.seq}"><b class="chat-name">${esc(x.name)}</b> ${body}${held}</li>`;
  }

  function draw(v) {
    const chat = v.chat;
    box.hidden = !chat || (phone && !chat.can_chat && !chat.muted && !(chat.lines || []).length);
    if (box.hidden) return;
    const lines = chat.lines || [];
    const last = lines[lines.length - 1];
    $("chat-last").innerHTML = last
      ? `<b>${esc(last.name)}</b> ${esc(last.emoji || last.text)}${last.held ? " (held)" : ""}`
      : (phone ? "Say something to the table" : "");
    if (seen === null || (open && last)) seen = Math.max(seen || 0, last ? last.seq : 0);
    const unseen = lines.filter((x) => x.seq > seen && !x.mine).length;
    const badge = $("chat-new");
    badge.hidden = open || !unseen;
    badge.textContent = unseen ? String(unseen) : "";
    const list = $("chat-lines");
    const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
    list.innerHTML = lines.map(lineHtml).join("");
    if (atEnd) list.scrollTop = list.scrollHeight;
    if (!phone) return;
    const note = $("chat-note");
    let text = "";
    if (chat.muted) text = chat.muted_reason;
    else if (chat.held_now) text = `A hand is in play: what you send now waits until it ends (${chat.rule}).`;
    note.textContent = text;
    note.hidden = !text;
    note.classList.toggle("muted", !!chat.muted);
    const allowed = chat.can_chat;
    $("chat-text").disabled = !allowed;
    $("chat-send").disabled = !allowed;
    $("chat-text").maxLength = chat.max_chars || 200;
    const react = $("chat-react");
    const emoji = (chat.emoji || []).join("");
    if (react.dataset.emoji !== emoji) {
      react.dataset.emoji = emoji;
      react.innerHTML = (chat.emoji || []).map((e) => `<button type="button" data-emoji="${esc(e)}" aria-label="React ${esc(e)}">${esc(e)}</button>`).join("");
    }
    for (const b of react.querySelectorAll("button")) b.disabled = !allowed;
  }

  function setOpen(on) {
    open = on;
    $("chat-body").hidden = !open;
    $("chat-toggle").setAttribute("aria-expanded", String(open));
    box.classList.toggle("open", open);
    draw(T.view());
    if (open && phone) $("chat-text").focus({ preventScroll: true });
  }

  function showError(message) {
    const error = $("chat-error");
    error.textContent = message || "";
    error.hidden = !message;
  }

  if (phone) {
    $("chat-toggle").onclick = () => setOpen(!open);
    $("chat-form").onsubmit = (e) => {
      e.preventDefault();
      const text = $("chat-text").value;
      const id = T.nextId("chat");
      if (T.send({ type: "chat", text, action_id: id })) { pending = id; showError(""); }
    };
    $("chat-react").onclick = (e) => {
      const emoji = e.target && e.target.dataset ? e.target.dataset.emoji : null;
      if (emoji && T.send({ type: "react", emoji, action_id: T.nextId("react") })) showError("");
    };
    T.onAnswer((frame) => {
      const id = String(frame.action_id || "");
      if (!/-(chat|react)-/.test(id)) return false;
      if (frame.kind === "refused") { showError(frame.message); return true; }  // told in the chat
      showError("");
      if (id === pending) { $("chat-text").value = ""; pending = null; }
      return false;
    });
  } else {
    box.classList.add("open");
    $("chat-body").hidden = false;
  }
  T.onView(draw);
})();
