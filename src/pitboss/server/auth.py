"""Who may do what: the director's password and session, CSRF, table tokens, and the limit on
wrong passwords.

- The director chooses a password at first start, with the one-time setup code the server
  prints in its terminal (so nobody else on the network can claim the console first); it is
  kept hashed with scrypt and a random salt.
- A signed-in director holds a session cookie (HttpOnly, SameSite=Strict) that carries a CSRF
  token; every state-changing request must echo it in ``X-CSRF-Token`` (or the ``csrf`` field
  of a form). Changing the password asks for the current one (a session left open on a shared
  laptop cannot take the console over); a changed password ends every session.
- A table device holds a per-table token, an HMAC of the tournament and table under the
  server's secret: unguessable, and valid only for that table.
- Wrong passwords (at sign-in and as the current one when changing it) and wrong setup codes are
  counted per client: after `MAX_FAILURES` within `FAILURE_WINDOW_MS` the client is refused
  (429) until the window has passed.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import secrets
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from itsdangerous import BadSignature, URLSafeTimedSerializer

from pitboss.errors import PitbossError

SESSION_COOKIE = "pitboss_session"
CSRF_HEADER = "X-CSRF-Token"
TABLE_TOKEN_HEADER = "X-Table-Token"
SESSION_MAX_AGE_S = 24 * 3600
MIN_PASSWORD = 8
MAX_PASSWORD = 200
MAX_FAILURES = 5
FAILURE_WINDOW_MS = 5 * 60_000
MAX_CLIENTS = 10_000
"""Addresses whose wrong passwords are remembered at once (the memory a flood can take)."""
_SCRYPT = {"n": 2**14, "r": 8, "p": 1}


class AuthError(PitbossError):
    """Not signed in, a wrong password, a missing CSRF token, a wrong table token.

    ``status`` is the HTTP status the server answers with (401, 403 or 429).
    """

    default_code = "not_allowed"

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        params: dict[str, Any] | None = None,
        status: int = 403,
    ) -> None:
        super().__init__(message, code=code, params=params)
        self.status = status


def hash_password(password: str, salt: bytes | None = None) -> str:
    """``scrypt$n$r$p$salt$hash`` for ``password`` (a fresh random salt unless given)."""
    salt = os.urandom(16) if salt is None else salt
    digest = hashlib.scrypt(password.encode(), salt=salt, **_SCRYPT)
    b64 = base64.urlsafe_b64encode
    return "scrypt${n}${r}${p}$".format(**_SCRYPT) + (
        f"{b64(salt).decode()}${b64(digest).decode()}"
    )


def verify_password(password: str, stored: str) -> bool:
    """True when ``password`` hashes to ``stored`` (compared in constant time)."""
    try:
        kind, n, r, p, salt, digest = stored.split("$")
        if kind != "scrypt":
            return False
        got = hashlib.scrypt(
            password.encode(),
            salt=base64.urlsafe_b64decode(salt),
            n=int(n),
            r=int(r),
            p=int(p),
        )
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(got, base64.urlsafe_b64decode(digest))


def check_new_password(password: object) -> str:
    """A password the director may choose: text of 8 to 200 characters.

    Raises:
        AuthError: ``bad_password`` (422), saying what is allowed.
    """
    if not isinstance(password, str) or not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise AuthError(
            f"choose a password of {MIN_PASSWORD} to {MAX_PASSWORD} characters",
            code="bad_password",
            params={"min": MIN_PASSWORD, "max": MAX_PASSWORD},
            status=422,
        )
    return password


@dataclass
class Credentials:
    """What the server keeps between runs: the password's hash and the signing secret."""

    password_hash: str | None = None
    secret: str = field(default_factory=lambda: secrets.token_urlsafe(32))


class CredentialFile:
    """`Credentials` kept in a JSON file (mode 0600), or only in memory when ``path`` is None."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.credentials = self._read() if path is not None else Credentials()
        if path is not None and not path.exists():
            self.save()

    def _read(self) -> Credentials:
        assert self.path is not None
        if not self.path.exists():
            return Credentials()
        try:
            data = json.loads(self.path.read_text())
            return Credentials(password_hash=data.get("password_hash"), secret=data["secret"])
        except (ValueError, KeyError, TypeError) as error:
            raise PitbossError(
                f"the credentials file {self.path} is damaged ({error}); move it away to "
                "choose a new password",
                code="bad_credentials_file",
                params={"path": str(self.path)},
            ) from error

    def save(self) -> None:
        """Write the file (atomically: a new file renamed over the old)."""
        if self.path is None:
            return
        tmp = self.path.with_suffix(self.path.suffix + ".tmp")
        data = {"password_hash": self.credentials.password_hash, "secret": self.credentials.secret}
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as out:
            json.dump(data, out)
        os.replace(tmp, self.path)


@dataclass(frozen=True, slots=True)
class Session:
    """A signed-in director: the CSRF token their page must echo."""

    csrf: str


class Auth:
    """The server's access rules, at ``clock`` (ms)."""

    def __init__(
        self,
        credentials: CredentialFile,
        clock: Callable[[], int],
        *,
        setup_code: str | None = None,
    ) -> None:
        self.file = credentials
        self.clock = clock
        self.setup_code = setup_code or secrets.token_urlsafe(9)
        self._failures: dict[str, deque[int]] = {}
        self._signed_out: dict[str, int] = {}  # a session's CSRF token -> when it signed out
        self._lock = threading.Lock()

    # --- the password ---------------------------------------------------------------------

    @property
    def has_password(self) -> bool:
        """True once the director has chosen a password."""
        return self.file.credentials.password_hash is not None

    def set_password(self, password: object, *, setup_code: object = None) -> Session:
        """Choose the password: at first start with the setup code; later only while signed in
        (the caller checks that) with the setup code left as None.

        Raises:
            AuthError: a wrong setup code (403, counted as a failure) or a bad password (422).
        """
        chosen = check_new_password(password)
        if not self.has_password and (
            not isinstance(setup_code, str)
            or not hmac.compare_digest(setup_code.encode(), self.setup_code.encode())
        ):
            raise AuthError(
                "the setup code is wrong: use the address the server printed when it started",
                code="bad_setup_code",
                params={"field": "setup_code"},
            )
        self.file.credentials.password_hash = hash_password(chosen)
        self.file.save()
        return self.new_session()

    def change_password(self, current: object, password: object, client: str) -> Session:
        """A new password for a signed-in director (the caller checks the session), given
        the current one; a new session (every other one ends).

        Raises:
            AuthError: ``too_many_attempts`` (429) while ``client`` is locked out;
                ``wrong_password`` (401, counted as a failure) when ``current`` is missing or
                wrong; ``bad_password`` (422) for a new one that is not allowed. Nothing is
                changed.
        """
        self.check_rate(client)
        stored = self.file.credentials.password_hash
        if stored is None or not isinstance(current, str) or not verify_password(current, stored):
            self.record_failure(client)
            raise AuthError(
                "the current password is wrong: type the password you signed in with to "
                "change it (nothing was changed)",
                code="wrong_password",
                params={"field": "current_password"},
                status=401,
            )
        return self.set_password(password)

    def sign_in(self, password: object, client: str) -> Session:
        """A session for the right password.

        Raises:
            AuthError: ``no_password`` (409) before one is chosen; ``too_many_attempts`` (429)
                after `MAX_FAILURES` wrong ones in `FAILURE_WINDOW_MS`; ``wrong_password`` (401).
        """
        self.check_rate(client)
        stored = self.file.credentials.password_hash
        if stored is None:
            raise AuthError(
                "no password has been chosen yet: open the setup address the server printed",
                code="no_password",
                params={"setup": "/setup"},
                status=409,
            )
        if not isinstance(password, str) or not verify_password(password, stored):
            self.record_failure(client)
            raise AuthError(
                "wrong password", code="wrong_password", params={"field": "password"}, status=401
            )
        self._failures.pop(client, None)
        return self.new_session()

    def check_rate(self, client: str) -> None:
        """Raises `AuthError` (429 ``too_many_attempts``) while ``client`` is locked out by
        wrong passwords or setup codes."""
        now = self.clock()
        with self._lock:
            recent = self._failures.get(client)
            if recent is None:
                return
            while recent and recent[0] <= now - FAILURE_WINDOW_MS:
                recent.popleft()
            if not recent:
                del self._failures[client]
                return
            if len(recent) >= MAX_FAILURES:
                wait_s = (recent[0] + FAILURE_WINDOW_MS - now + 999) // 1000
                raise AuthError(
                    f"too many wrong passwords: try again in {wait_s} s",
                    code="too_many_attempts",
                    params={"retry_after_s": wait_s},
                    status=429,
                )

    def record_failure(self, client: str) -> None:
        """Count a wrong password (or setup code) from ``client``; at most `MAX_CLIENTS`
        addresses are remembered (those whose window ended go first, then the oldest), so
        guesses from ever new addresses cannot grow the server's memory without end."""
        now = self.clock()
        with self._lock:
            self._failures.setdefault(client, deque()).append(now)
            if len(self._failures) <= MAX_CLIENTS:
                return
            for other, times in list(self._failures.items()):
                if times[-1] <= now - FAILURE_WINDOW_MS:
                    del self._failures[other]
            while len(self._failures) > MAX_CLIENTS:
                oldest = min(self._failures, key=lambda c: self._failures[c][-1])
                del self._failures[oldest]

    # --- sessions -------------------------------------------------------------------------

    def _serializer(self) -> URLSafeTimedSerializer:
        # The password's hash salts the signature: a new password ends every session.
        salt = "session:" + (self.file.credentials.password_hash or "")
        return URLSafeTimedSerializer(self.file.credentials.secret, salt=salt)

    def new_session(self) -> Session:
        """A fresh session with its own CSRF token."""
        return Session(csrf=secrets.token_urlsafe(24))

    def cookie_value(self, session: Session) -> str:
        """The signed cookie for ``session``."""
        return self._serializer().dumps({"csrf": session.csrf})

    def session(self, cookie: str | None) -> Session | None:
        """The session a cookie proves, or None (absent, forged, expired, or signed before
        the password changed)."""
        if not cookie or not self.has_password:
            return None
        try:
            data = self._serializer().loads(cookie, max_age=SESSION_MAX_AGE_S)
        except BadSignature:
            return None
        csrf = data.get("csrf") if isinstance(data, dict) else None
        if not isinstance(csrf, str):
            return None
        with self._lock:
            if csrf in self._signed_out:
                return None
        return Session(csrf=csrf)

    def sign_out(self, session: Session) -> None:
        """End ``session``: its cookie, even kept by someone, no longer signs in (until the
        server restarts, when the cookie's own 24-hour limit still holds)."""
        now = self.clock()
        with self._lock:
            self._signed_out[session.csrf] = now
            cutoff = now - SESSION_MAX_AGE_S * 1000
            for token in [t for t, at in self._signed_out.items() if at < cutoff]:
                del self._signed_out[token]

    @staticmethod
    def check_csrf(session: Session, token: str | None) -> None:
        """Raises `AuthError` (403 ``bad_csrf``) unless ``token`` is the session's."""
        if token is None or not hmac.compare_digest(token.encode(), session.csrf.encode()):
            raise AuthError(
                "this request lacks the page's CSRF token: reload the page and try again",
                code="bad_csrf",
                params={"header": CSRF_HEADER, "form_field": "csrf"},
            )

    # --- table tokens ---------------------------------------------------------------------

    def table_token(self, stream: str, table: int) -> str:
        """The token of ``table`` in tournament ``stream``."""
        key = self.file.credentials.secret.encode()
        mac = hmac.new(key, f"table:{stream}:{table}".encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(mac[:18]).decode()

    def check_table_token(self, stream: str, table: int, token: str | None) -> None:
        """Raises `AuthError` (403 ``bad_table_token``) unless ``token`` is that table's."""
        if token is None or not hmac.compare_digest(
            token.encode(), self.table_token(stream, table).encode()
        ):
            raise AuthError(
                f"this link is not Table {table}'s: ask the director for the table's link",
                code="bad_table_token",
                params={"table": table},
            )

    # --- players' personal links ----------------------------------------------------------

    def player_token(self, stream: str, player_id: str) -> str:
        """The secret of ``player_id``'s personal link in tournament ``stream`` (issue 14)."""
        key = self.file.credentials.secret.encode()
        mac = hmac.new(key, f"player:{stream}:{player_id}".encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(mac[:18]).decode()

    def check_player_token(self, stream: str, player_id: str, token: str | None) -> None:
        """Raises `AuthError` (403 ``bad_player_token``) unless ``token`` is that player's."""
        if token is None or not hmac.compare_digest(
            token.encode(), self.player_token(stream, player_id).encode()
        ):
            raise AuthError(
                "this link is not that player's: ask the director for your personal link",
                code="bad_player_token",
                params={"player_id": player_id[:40]},
            )
