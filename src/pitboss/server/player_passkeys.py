"""Passkeys for club players (issue 31): a signed-in player adds one on their phone, then signs
in with it instead of typing a password. WebAuthn, checked by the ``webauthn`` library.

- A passkey is kept with the person's sign-in (`pitboss.server.player_accounts`): its id, public
  key and signature counter, never a secret. Choosing a new password through a new link of the
  director's removes them (a lost phone's passkey stops working); they can be added again.
- Each ceremony's challenge lives in memory for `CEREMONY_MS` under a random ``flow`` id the
  page sends back, at most `MAX_CEREMONIES` at once (unsigned visitors may start one), and is
  used once.
- The relying party is the server's own host name and origin, as the phone reached it:
  passkeys need a secure context (https, or ``localhost``); on a plain http LAN address the
  page does not offer them.
- A failed passkey sign-in is counted by the director's limiter like a wrong password.
"""

from __future__ import annotations

import base64
import secrets
import threading
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, Field
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers.exceptions import InvalidAuthenticationResponse, InvalidRegistrationResponse
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from pitboss.ids import ClubPlayerId
from pitboss.server.auth import AuthError
from pitboss.server.club_services import club_of
from pitboss.server.deps import client_of
from pitboss.server.models import Payload
from pitboss.server.player_accounts import PlayerAccounts, PlayerSession
from pitboss.server.player_signin import PlayerDep, PlayerSignedIn, accounts_of, set_cookie

router = APIRouter(tags=["players"])

CEREMONY_MS = 5 * 60_000
MAX_CEREMONIES = 10_000
MAX_PASSKEYS = 10
"""Passkeys one person may keep (their phones and laptops)."""


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Passkeys:
    """The passkey ceremonies over the players' sign-in file."""

    def __init__(self, accounts: PlayerAccounts) -> None:
        self.accounts = accounts
        self._pending: dict[str, tuple[bytes, int, str | None]] = {}
        self._lock = threading.Lock()

    def _start(self, challenge: bytes, who: str | None) -> str:
        now = self.accounts.auth.clock()
        flow = secrets.token_urlsafe(18)
        with self._lock:
            for key in [k for k, v in self._pending.items() if v[1] <= now]:
                del self._pending[key]
            while len(self._pending) >= MAX_CEREMONIES:
                del self._pending[next(iter(self._pending))]
            self._pending[flow] = (challenge, now + CEREMONY_MS, who)
        return flow

    def _finish(self, flow: object, who: str | None) -> bytes:
        with self._lock:
            found = self._pending.pop(flow, None) if isinstance(flow, str) else None
        if found is None or found[1] <= self.accounts.auth.clock() or found[2] != who:
            raise AuthError(
                "the passkey request has expired: try again",
                code="passkey_expired",
                params={"minutes": CEREMONY_MS // 60_000},
            )
        return found[0]

    # --- adding one -------------------------------------------------------------------------

    def registration_options(
        self, session: PlayerSession, name: str, rp_id: str
    ) -> tuple[str, str]:
        """The options a phone makes a passkey from, and the ceremony's flow id."""
        account = self.accounts.file.accounts[session.club_player_id]
        options = generate_registration_options(
            rp_id=rp_id,
            rp_name="pitboss",
            user_name=str(account["login"]),
            user_id=session.club_player_id.encode(),
            user_display_name=name,
            authenticator_selection=AuthenticatorSelectionCriteria(
                resident_key=ResidentKeyRequirement.REQUIRED,
                user_verification=UserVerificationRequirement.PREFERRED,
            ),
            exclude_credentials=[
                PublicKeyCredentialDescriptor(id=_unb64(k["id"]))
                for k in account.get("passkeys", [])
            ],
        )
        return self._start(options.challenge, session.club_player_id), options_to_json(options)

    def register(
        self, session: PlayerSession, flow: object, credential: Any, rp_id: str, origin: str
    ) -> int:
        """Keep the passkey the phone made; how many the person has now.

        Raises:
            AuthError: ``passkey_expired``; ``bad_passkey`` (not made for this server, or
                more than `MAX_PASSKEYS`).
        """
        challenge = self._finish(flow, session.club_player_id)
        try:
            made = verify_registration_response(
                credential=credential,
                expected_challenge=challenge,
                expected_rp_id=rp_id,
                expected_origin=origin,
            )
        except (InvalidRegistrationResponse, ValueError, TypeError, KeyError) as error:
            raise AuthError(
                f"this passkey was not accepted ({str(error)[:120]}): try again",
                code="bad_passkey",
                params={},
            ) from None
        with self.accounts.lock:
            account = self.accounts.file.accounts[session.club_player_id]
            keys: list[dict[str, Any]] = list(account.get("passkeys", []))
            if len(keys) >= MAX_PASSKEYS:
                raise AuthError(
                    f"a player keeps at most {MAX_PASSKEYS} passkeys",
                    code="bad_passkey",
                    params={"max": MAX_PASSKEYS},
                )
            keys.append(
                {
                    "id": _b64(made.credential_id),
                    "public_key": _b64(made.credential_public_key),
                    "sign_count": made.sign_count,
                    "added_at": self.accounts.auth.clock(),
                }
            )
            account["passkeys"] = keys
            self.accounts.file.save()
        return len(keys)

    # --- signing in with one ----------------------------------------------------------------

    def authentication_options(self, rp_id: str) -> tuple[str, str]:
        """The options a phone signs in with (any passkey it holds for this server)."""
        options = generate_authentication_options(
            rp_id=rp_id, user_verification=UserVerificationRequirement.PREFERRED
        )
        return self._start(options.challenge, None), options_to_json(options)

    def sign_in(
        self, flow: object, credential: Any, rp_id: str, origin: str, client: str
    ) -> PlayerSession:
        """A session for a passkey one of the players added.

        Raises:
            AuthError: ``too_many_attempts`` (429); ``passkey_expired``; ``bad_passkey`` (401,
                counted: not a passkey of this server's players, or its signature wrong).
        """
        key = f"player-passkey:{client}"
        self.accounts.auth.check_rate(key)
        challenge = self._finish(flow, None)
        wanted = credential.get("id") if isinstance(credential, dict) else None
        found = next(
            (
                (owner, k)
                for owner, account in self.accounts.file.accounts.items()
                for k in account.get("passkeys", [])
                if k["id"] == wanted
            ),
            None,
        )
        try:
            if found is None:
                raise InvalidAuthenticationResponse("not a passkey of this server's players")
            owner, passkey = found
            checked = verify_authentication_response(
                credential=credential,
                expected_challenge=challenge,
                expected_rp_id=rp_id,
                expected_origin=origin,
                credential_public_key=_unb64(passkey["public_key"]),
                credential_current_sign_count=int(passkey["sign_count"]),
            )
        except (InvalidAuthenticationResponse, ValueError, TypeError, KeyError):
            self.accounts.auth.record_failure(key)
            raise AuthError(
                "this passkey does not sign in here: sign in with your name and password",
                code="bad_passkey",
                params={},
                status=401,
            ) from None
        with self.accounts.lock:
            passkey["sign_count"] = checked.new_sign_count
            self.accounts.file.save()
        return self.accounts.new_session(ClubPlayerId(owner))


def passkeys_of(request: Request) -> Passkeys:
    """The app's `Passkeys` (made on first use)."""
    state = request.app.state
    found: Passkeys | None = getattr(state, "player_passkeys", None)
    if found is None:
        found = Passkeys(accounts_of(request))
        state.player_passkeys = found
    return found


def relying_party(request: Request) -> tuple[str, str]:
    """The host name passkeys are made for and the origin the page runs at."""
    url = request.base_url
    return url.hostname or "localhost", f"{url.scheme}://{url.netloc}"


class PasskeyOptions(Payload):
    """The ceremony's id and WebAuthn options (JSON text, for the page to read)."""

    flow: str
    options_json: str


class PasskeyAnswer(BaseModel):
    """What the phone answered: the ceremony's id and its credential (WebAuthn JSON)."""

    flow: str = Field(max_length=100)
    credential: dict[str, Any]


class PasskeysKept(Payload):
    """How many passkeys the person keeps now."""

    passkeys: int


@router.post("/api/player/passkeys/options")
async def passkey_registration_options(request: Request, player: PlayerDep) -> PasskeyOptions:
    """Options to make a passkey on this phone (the player signed in)."""
    record = await run_in_threadpool(club_of(request).player, player.club_player_id)
    flow, options = passkeys_of(request).registration_options(
        player, record.shown_name, relying_party(request)[0]
    )
    return PasskeyOptions(flow=flow, options_json=options)


@router.post("/api/player/passkeys")
def add_passkey(body: PasskeyAnswer, request: Request, player: PlayerDep) -> PasskeysKept:
    """Keep the passkey this phone made."""
    rp_id, origin = relying_party(request)
    count = passkeys_of(request).register(player, body.flow, body.credential, rp_id, origin)
    return PasskeysKept(passkeys=count)


@router.post("/api/player/passkey/options")
def passkey_sign_in_options(request: Request) -> PasskeyOptions:
    """Options to sign in with a passkey."""
    flow, options = passkeys_of(request).authentication_options(relying_party(request)[0])
    return PasskeyOptions(flow=flow, options_json=options)


@router.post("/api/player/passkey/session")
async def passkey_sign_in(
    body: PasskeyAnswer, request: Request, response: Response
) -> PlayerSignedIn:
    """Sign in with a passkey this phone holds."""
    rp_id, origin = relying_party(request)
    passkeys = passkeys_of(request)
    session = await run_in_threadpool(
        passkeys.sign_in, body.flow, body.credential, rp_id, origin, client_of(request)
    )
    set_cookie(response, passkeys.accounts, session)
    record = await run_in_threadpool(club_of(request).player, session.club_player_id)
    return PlayerSignedIn(signed_in=True, name=record.shown_name, csrf=session.csrf)


__all__ = ["MAX_PASSKEYS", "Passkeys", "passkeys_of", "router"]
