"""Club players' passkeys (issue 31): added by a signed-in player, then signing in with no
password; a ceremony used once; a stranger's passkey refused and counted like a wrong
password; a new password from the director's link removes them. A software authenticator (an
EC P-256 key, "none" attestation) stands in for the phone."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import struct
from typing import Any

import cbor2
import pytest
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.server.conftest import SETUP_CODE, Director, TestClock
from tests.server.test_player_signin import claim, club_player, link_secret

from pitboss.server.app import create_app
from pitboss.server.auth import MAX_FAILURES
from pitboss.service import seeded_random
from pitboss.store import EventStore

ORIGIN = "http://testserver"


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def sha256(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


class SoftAuthenticator:
    """One passkey on a pretend phone: makes it and signs with it as WebAuthn asks."""

    def __init__(self) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.id = os.urandom(16)
        self.count = 0
        self.user = b""

    def _client(self, kind: str, challenge: str) -> bytes:
        data = {"type": kind, "challenge": challenge, "origin": ORIGIN, "crossOrigin": False}
        return json.dumps(data).encode()

    def create(self, options: dict[str, Any]) -> dict[str, Any]:
        numbers = self.key.public_key().public_numbers()
        cose = cbor2.dumps(
            {
                1: 2,
                3: -7,
                -1: 1,
                -2: numbers.x.to_bytes(32, "big"),
                -3: numbers.y.to_bytes(32, "big"),
            }
        )
        self.user = base64.urlsafe_b64decode(options["user"]["id"] + "==")
        auth = (
            sha256(options["rp"]["id"].encode())
            + bytes([0x45])  # user present, verified, credential data attached
            + struct.pack(">I", 0)
            + bytes(16)
            + struct.pack(">H", len(self.id))
            + self.id
            + cose
        )
        made = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth})
        client = self._client("webauthn.create", options["challenge"])
        return {
            "id": b64(self.id),
            "rawId": b64(self.id),
            "type": "public-key",
            "response": {"clientDataJSON": b64(client), "attestationObject": b64(made)},
        }

    def get(self, options: dict[str, Any]) -> dict[str, Any]:
        self.count += 1
        auth = sha256(options["rpId"].encode()) + bytes([0x05]) + struct.pack(">I", self.count)
        client = self._client("webauthn.get", options["challenge"])
        signature = self.key.sign(auth + sha256(client), ec.ECDSA(hashes.SHA256()))
        return {
            "id": b64(self.id),
            "rawId": b64(self.id),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64(client),
                "authenticatorData": b64(auth),
                "signature": b64(signature),
                "userHandle": b64(self.user),
            },
        }


@pytest.fixture
def app(store: EventStore, clock: TestClock) -> FastAPI:
    return create_app(
        store, clock, seeded_random("tests"), setup_code=SETUP_CODE, tick_every=None, listen=False
    )


def add_passkey(app: FastAPI, director: Director, phone: SoftAuthenticator) -> str:
    """A club player signs in by the director's link and adds ``phone``'s passkey; their id."""
    cp = club_player(director)
    with TestClient(app) as client:
        csrf = claim(client, link_secret(director, cp)).json()["csrf"]
        headers = {"X-CSRF-Token": csrf}
        started = client.post("/api/player/passkeys/options", headers=headers).json()
        credential = phone.create(json.loads(started["options_json"]))
        kept = client.post(
            "/api/player/passkeys",
            json={"flow": started["flow"], "credential": credential},
            headers=headers,
        )
        assert kept.status_code == 200, kept.text
        assert kept.json() == {"passkeys": 1}
    return cp


def passkey_sign_in(client: TestClient, phone: SoftAuthenticator) -> Any:
    started = client.post("/api/player/passkey/options").json()
    credential = phone.get(json.loads(started["options_json"]))
    return client.post(
        "/api/player/passkey/session", json={"flow": started["flow"], "credential": credential}
    )


def test_a_player_adds_a_passkey_and_signs_in_with_it_without_a_password(
    app: FastAPI, director: Director
) -> None:
    phone = SoftAuthenticator()
    add_passkey(app, director, phone)
    with TestClient(app) as client:
        answer = passkey_sign_in(client, phone)
        assert answer.status_code == 200, answer.text
        assert answer.json()["name"] == "Ann Lee"
        assert client.get("/api/player/session").json()["signed_in"] is True
        again = passkey_sign_in(client, phone)  # the signature counter moved on: still good
        assert again.status_code == 200, again.text


def test_a_ceremony_is_used_once(app: FastAPI, director: Director) -> None:
    phone = SoftAuthenticator()
    add_passkey(app, director, phone)
    with TestClient(app) as client:
        started = client.post("/api/player/passkey/options").json()
        credential = phone.get(json.loads(started["options_json"]))
        body = {"flow": started["flow"], "credential": credential}
        assert client.post("/api/player/passkey/session", json=body).status_code == 200
        replayed = client.post("/api/player/passkey/session", json=body)
        assert replayed.status_code == 403
        assert replayed.json()["code"] == "passkey_expired"


def test_a_strangers_passkey_is_refused_and_counted_like_a_wrong_password(
    app: FastAPI, director: Director
) -> None:
    add_passkey(app, director, SoftAuthenticator())
    stranger = SoftAuthenticator()
    with TestClient(app) as client:
        for _ in range(MAX_FAILURES):
            refused = passkey_sign_in(client, stranger)
            assert refused.status_code == 401
            assert refused.json()["code"] == "bad_passkey"
        assert passkey_sign_in(client, stranger).status_code == 429


def test_a_new_password_from_the_directors_link_removes_the_passkeys(
    app: FastAPI, director: Director
) -> None:
    phone = SoftAuthenticator()
    cp = add_passkey(app, director, phone)
    with TestClient(app) as client:
        assert (
            claim(client, link_secret(director, cp), password="a-new-password").status_code == 200
        )
    with TestClient(app) as client:
        assert passkey_sign_in(client, phone).status_code == 401
