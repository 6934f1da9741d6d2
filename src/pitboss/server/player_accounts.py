"""Club players who sign in (issue 31): a password chosen through a one-time link the director
hands out, a player's session, and the limit on wrong passwords.

- The director makes a sign-in link for a club record (the club's player page). The link
  holds a random secret in its fragment (``/signin#<secret>``: a fragment never reaches the
  server, so the secret is in no request line or access log); the server keeps only its
  SHA-256, for `LINK_DAYS` days. Opening it lets the person choose a sign-in name and a
  password (8 to 200 characters, the director's own rule: `auth.check_new_password`); it then
  works no more. A newer link for the same person replaces an older one.
- The password is kept hashed with the director's scrypt (`auth.hash_password`), in a JSON
  file beside the director's credentials file (mode 0600; in memory when that is), never in a
  tournament's or the club's event log, which are append-only and exported.
- A signed-in player holds the cookie `PLAYER_COOKIE`, separate from the director's
  (``pitboss_session``) and signed under another salt, so it opens no director route; it
  carries its own CSRF token, which every change a player makes must echo. A new password
  ends the person's other sessions.
- Wrong passwords and wrong links are counted by the director's limiter (`Auth.check_rate`,
  `Auth.record_failure`), keyed ``player:<address>:<sign-in name>`` so that players behind one
  bar's router do not lock each other (or the director) out.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import secrets
import threading
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from itsdangerous import BadSignature, URLSafeTimedSerializer

from pitboss.errors import PitbossError
from pitboss.ids import ClubPlayerId
from pitboss.server.auth import Auth, AuthError, check_new_password, hash_password, verify_password

PLAYER_COOKIE = "pitboss_player"
PLAYER_SESSION_MAX_AGE_S = 30 * 24 * 3600
"""A phone stays signed in for 30 days (or until the player signs out)."""
LINK_DAYS = 7
LINK_TTL_MS = LINK_DAYS * 24 * 3600 * 1000
LOGIN_MIN = 3
LOGIN_MAX = 30
_LOGIN = re.compile(rf"[a-z0-9][a-z0-9._-]{{{LOGIN_MIN - 1},{LOGIN_MAX - 1}}}")
_SECRET = re.compile(r"[A-Za-z0-9_-]{20,100}")


@dataclass(frozen=True, slots=True)
class PlayerSession:
    """A signed-in club player: their record's id and the CSRF token their pages echo."""

    club_player_id: ClubPlayerId
    csrf: str


@cache
def _dummy_hash() -> str:
    """A hash checked when the sign-in name is unknown, so a wrong name takes as long as a
    wrong password (the answer does not tell which names exist)."""
    return hash_password(secrets.token_urlsafe(12))


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def _stamp(password_hash: str) -> str:
    """What ties a session to the password it was opened under (a new one ends it)."""
    return hashlib.sha256(password_hash.encode()).hexdigest()[:16]


def check_login(login: object) -> str:
    """A sign-in name: 3 to 30 lower-case letters, digits, ``.``, ``_`` or ``-``, starting with
    a letter or digit (upper case is lowered).

    Raises:
        AuthError: ``bad_login`` (422), saying what is allowed.
    """
    text = login.strip().lower() if isinstance(login, str) else ""
    if not _LOGIN.fullmatch(text):
        raise AuthError(
            f"choose a sign-in name of {LOGIN_MIN} to {LOGIN_MAX} letters, digits, dots, dashes "
            "or underscores (no spaces), starting with a letter or digit",
            code="bad_login",
            params={"field": "login", "min": LOGIN_MIN, "max": LOGIN_MAX},
            status=422,
        )
    return text


def suggested_login(name: str) -> str:
    """A sign-in name made from a person's name: ``Ann Lee`` -> ``ann.lee``."""
    words = re.findall(r"[a-z0-9]+", name.lower())
    text = ".".join(words)[:LOGIN_MAX].strip(".")
    return text if len(text) >= LOGIN_MIN else (text + "player")[:LOGIN_MAX]


class PlayerLoginFile:
    """The players' sign-in names, password hashes and open links, in a JSON file (mode
    0600) or only in memory when ``path`` is None. ``accounts``: club player id -> ``{login,
    password_hash}``; ``links``: the SHA-256 of a link's secret -> ``{club_player_id,
    expires_at}``."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.accounts: dict[str, dict[str, Any]] = {}
        self.links: dict[str, dict[str, Any]] = {}
        if path is not None and path.exists():
            try:
                data = json.loads(path.read_text())
                self.accounts = {str(k): dict(v) for k, v in data["accounts"].items()}
                self.links = {str(k): dict(v) for k, v in data["links"].items()}
            except (ValueError, KeyError, TypeError, AttributeError) as error:
                raise PitbossError(
                    f"the players' sign-in file {path} is damaged ({type(error).__name__}); "
                    "move it away: players then choose their passwords again from new links",
                    code="bad_credentials_file",
                    params={"path": str(path)},
                ) from error

    @classmethod
    def beside(cls, credentials_path: Path | None) -> PlayerLoginFile:
        """The file beside the director's credentials file (``x.json`` -> ``x.players.json``),
        or one in memory when that is."""
        if credentials_path is None:
            return cls(None)
        return cls(credentials_path.with_name(credentials_path.stem + ".players.json"))

    def save(self) -> None:
        """Write the file (atomically: a new file renamed over the old)."""
        if self.path is None:
            return
        tmp = self.path.with_suffix(self.path.suffix + ".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as out:
            json.dump({"accounts": self.accounts, "links": self.links}, out)
        os.replace(tmp, self.path)


class PlayerAccounts:
    """The players' sign-in, over the director's `Auth` (its secret, clock and limiter)."""

    def __init__(self, auth: Auth, logins: PlayerLoginFile) -> None:
        self.auth = auth
        self.file = logins
        self._signed_out: dict[str, int] = {}
        self.lock = threading.Lock()

    # --- links ----------------------------------------------------------------------------

    def make_link(self, club_player_id: ClubPlayerId) -> tuple[str, int]:
        """A new one-time link's secret for the record and when it expires (ms); an older
        link of theirs stops working."""
        secret = secrets.token_urlsafe(32)
        expires_at = self.auth.clock() + LINK_TTL_MS
        with self.lock:
            now = self.auth.clock()
            self.file.links = {
                k: v
                for k, v in self.file.links.items()
                if v["club_player_id"] != club_player_id and v["expires_at"] > now
            }
            self.file.links[_digest(secret)] = {
                "club_player_id": club_player_id,
                "expires_at": expires_at,
            }
            self.file.save()
        return secret, expires_at

    def _link(self, secret: object, client: str) -> tuple[str, ClubPlayerId]:
        key = f"player-link:{client}"
        self.auth.check_rate(key)
        digest = _digest(secret) if isinstance(secret, str) and _SECRET.fullmatch(secret) else ""
        found = self.file.links.get(digest)
        if found is None or found["expires_at"] <= self.auth.clock():
            self.auth.record_failure(key)
            raise AuthError(
                f"this sign-in link does not work: it was used already, has expired (a link "
                f"lasts {LINK_DAYS} days) or a newer one replaced it. Ask the director for a "
                "new one",
                code="bad_signin_link",
                params={"days": LINK_DAYS},
            )
        return digest, ClubPlayerId(found["club_player_id"])

    def link_owner(self, secret: object, client: str) -> ClubPlayerId:
        """Whose record a link opens (it stays usable).

        Raises:
            AuthError: ``bad_signin_link`` (used, expired, replaced, or never made; counted);
                ``too_many_attempts`` (429).
        """
        return self._link(secret, client)[1]

    def login_of(self, club_player_id: str) -> str | None:
        """The person's sign-in name, or None before they chose a password."""
        account = self.file.accounts.get(club_player_id)
        return None if account is None else account["login"]

    def claim(self, secret: object, login: object, password: object, client: str) -> PlayerSession:
        """The link's person chooses a sign-in name and a password; the link is used up and
        a session opened (every older session of theirs ends).

        Raises:
            AuthError: ``bad_signin_link``, ``too_many_attempts``, ``bad_password`` (422),
                ``bad_login`` (422), ``login_taken`` (409). A refusal changes nothing.
        """
        digest, owner = self._link(secret, client)
        name = check_login(login)
        chosen = check_new_password(password)
        with self.lock:
            for other, account in self.file.accounts.items():
                if account["login"] == name and other != owner:
                    raise AuthError(
                        f"the sign-in name {name!r} is taken: choose another",
                        code="login_taken",
                        params={"field": "login", "login": name},
                        status=409,
                    )
            self.file.accounts[owner] = {"login": name, "password_hash": hash_password(chosen)}
            self.file.links.pop(digest, None)
            self.file.save()
        return self.new_session(owner)

    # --- signing in -----------------------------------------------------------------------

    def sign_in(self, login: object, password: object, client: str) -> PlayerSession:
        """A session for the right sign-in name and password.

        Raises:
            AuthError: ``too_many_attempts`` (429) after the director's limit of wrong ones;
                ``wrong_password`` (401), the same whether the name or the password is wrong.
        """
        name = login.strip().lower()[:LOGIN_MAX] if isinstance(login, str) else ""
        key = f"player:{client}:{name}"
        self.auth.check_rate(key)
        owner = next((k for k, a in self.file.accounts.items() if a["login"] == name), None)
        stored = _dummy_hash() if owner is None else self.file.accounts[owner]["password_hash"]
        right = isinstance(password, str) and verify_password(password, stored)
        if owner is None or not right:
            self.auth.record_failure(key)
            raise AuthError(
                "wrong sign-in name or password",
                code="wrong_password",
                params={"field": "password"},
                status=401,
            )
        return self.new_session(ClubPlayerId(owner))

    def _serializer(self) -> URLSafeTimedSerializer:
        return URLSafeTimedSerializer(self.auth.file.credentials.secret, salt="player-session")

    def new_session(self, club_player_id: ClubPlayerId) -> PlayerSession:
        return PlayerSession(club_player_id=club_player_id, csrf=secrets.token_urlsafe(24))

    def cookie_value(self, session: PlayerSession) -> str:
        """The signed cookie for ``session`` (tied to the person's password now)."""
        account = self.file.accounts[session.club_player_id]
        stamp = _stamp(account["password_hash"])
        return str(
            self._serializer().dumps({"p": session.club_player_id, "c": session.csrf, "s": stamp})
        )

    def session(self, cookie: str | None) -> PlayerSession | None:
        """The session a player's cookie proves, or None (absent, forged, expired, signed
        out, or opened before the password changed)."""
        if not cookie:
            return None
        try:
            data = self._serializer().loads(cookie, max_age=PLAYER_SESSION_MAX_AGE_S)
        except BadSignature:
            return None
        if not isinstance(data, dict):
            return None
        pid, csrf, stamp = data.get("p"), data.get("c"), data.get("s")
        if not (isinstance(pid, str) and isinstance(csrf, str) and isinstance(stamp, str)):
            return None
        account = self.file.accounts.get(pid)
        if account is None or not hmac.compare_digest(stamp, _stamp(account["password_hash"])):
            return None
        with self.lock:
            if csrf in self._signed_out:
                return None
        return PlayerSession(club_player_id=ClubPlayerId(pid), csrf=csrf)

    def sign_out(self, session: PlayerSession) -> None:
        """End ``session``: its cookie, even kept by someone, no longer signs in (until the
        server restarts, when the cookie's own limit still holds)."""
        now = self.auth.clock()
        with self.lock:
            self._signed_out[session.csrf] = now
            cutoff = now - PLAYER_SESSION_MAX_AGE_S * 1000
            for token in [t for t, at in self._signed_out.items() if at < cutoff]:
                del self._signed_out[token]


__all__ = [
    "LINK_DAYS",
    "PLAYER_COOKIE",
    "PlayerAccounts",
    "PlayerLoginFile",
    "PlayerSession",
    "check_login",
    "suggested_login",
]
