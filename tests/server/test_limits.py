"""Every request body is capped before it is read (issue 25: one 150 MB body to /api/session
took the server to 680 MB): a Content-Length over the cap is refused with 413 before a byte is
read, a chunked body is read only up to the cap, and the refusal is the API's one error shape.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import threading
from typing import Any

import pytest
from fastapi import FastAPI
from tests.server.conftest import Director, LiveServer

from pitboss.server.limits import MAX_BODY_BYTES

CHUNK = 64 * 1024
HUGE = 150 * 1024 * 1024
TIMEOUT_S = 10.0


def http_scope(path: str, headers: list[tuple[bytes, bytes]]) -> dict[str, Any]:
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"testserver"), (b"content-type", b"application/json"), *headers],
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
    }


def post_endless(app: FastAPI, path: str) -> tuple[int, dict[str, Any], int]:
    """POST a chunked body of four times the cap to ``path`` at the ASGI level: the status,
    the JSON answer, and how many bytes the app pulled."""
    pulled = 0
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        nonlocal pulled
        pulled += CHUNK
        more = pulled < 4 * MAX_BODY_BYTES
        return {"type": "http.request", "body": b" " * CHUNK, "more_body": more}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    # in a thread of its own: a loop another test left running here would refuse asyncio.run
    call = threading.Thread(
        target=asyncio.run,
        args=(app(http_scope(path, []), receive, send),),  # type: ignore[arg-type]
    )
    call.start()
    call.join(timeout=TIMEOUT_S * 3)
    status = next(m["status"] for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return status, json.loads(body), pulled


@pytest.mark.parametrize("path", ["/api/session", "/api/setup"])
def test_an_endless_chunked_body_is_read_only_up_to_the_cap_and_refused_with_413(
    app: FastAPI, path: str
) -> None:
    status, error, pulled = post_endless(app, path)
    assert status == 413
    assert error["code"] == "body_too_large"
    assert error["params"] == {"max_bytes": MAX_BODY_BYTES}
    assert set(error) == {"code", "params", "message"}
    assert pulled <= MAX_BODY_BYTES + CHUNK


def test_a_body_to_a_directors_route_is_read_only_up_to_the_cap_too(app: FastAPI) -> None:
    # FastAPI reads a route's body model before its session check: capped all the same
    status, error, pulled = post_endless(app, "/api/tournaments")
    assert (status, error["code"]) == (413, "body_too_large")
    assert pulled <= MAX_BODY_BYTES + CHUNK
    # a route that reads its body itself checks the session first: nothing read
    status, error, pulled = post_endless(app, "/api/tournaments/x/commands")
    assert (status, error["code"]) == (401, "not_signed_in")
    assert pulled <= CHUNK


def test_a_house_toml_of_the_largest_size_allowed_still_fits_under_the_cap(
    director: Director,
) -> None:
    # 200,000 characters (the most `NewTournament` takes), 4 bytes each in UTF-8, as a
    # browser's JSON.stringify sends them
    toml = "[hand]\n#" + "\U0001f0a1" * (200_000 - 8)
    body = json.dumps({"name": "Huge comment", "rules_toml": toml}, ensure_ascii=False).encode()
    answer = director.post(
        "/api/tournaments", content=body, headers={"Content-Type": "application/json"}
    )
    assert answer.status_code != 413, answer.text
    assert answer.json().get("code") != "body_too_large"


def raw_request(server: LiveServer, head: str) -> socket.socket:
    host, port = server.url.removeprefix("http://").split(":")
    conn = socket.create_connection((host, int(port)), timeout=TIMEOUT_S)
    conn.sendall(head.encode())
    return conn


def read_answer(conn: socket.socket) -> tuple[int, dict[str, Any]]:
    data = b""
    while b"\r\n\r\n" not in data or not data.rstrip().endswith(b"}"):
        part = conn.recv(65536)
        if not part:
            break
        data += part
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split()[1]), json.loads(body)


def test_a_150_mb_content_length_is_refused_before_any_of_the_body_is_sent(
    live_server: LiveServer,
) -> None:
    head = (
        "POST /api/session HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        f"Content-Length: {HUGE}\r\n\r\n"
    )
    with raw_request(live_server, head) as conn:
        status, error = read_answer(conn)  # nothing of the body was sent
    assert status == 413
    assert error["code"] == "body_too_large"


def test_a_150_mb_chunked_body_is_refused_and_the_server_stops_reading_it(
    live_server: LiveServer,
) -> None:
    head = (
        "POST /api/setup HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        "Transfer-Encoding: chunked\r\n\r\n"
    )
    chunk = f"{CHUNK:x}\r\n".encode() + b" " * CHUNK + b"\r\n"
    sent = 0
    with raw_request(live_server, head) as conn:

        def upload() -> None:
            nonlocal sent
            try:
                while sent < HUGE:
                    conn.sendall(chunk)
                    sent += CHUNK
            except OSError:  # the server closed the connection: it reads no more
                pass

        writer = threading.Thread(target=upload, daemon=True)
        writer.start()
        status, error = read_answer(conn)
        with contextlib.suppress(OSError):  # the server may have closed it first (ENOTCONN)
            conn.shutdown(socket.SHUT_RDWR)
        writer.join(timeout=TIMEOUT_S)
    assert status == 413
    assert error["code"] == "body_too_large"
    assert sent < HUGE // 4  # the rest was never taken in
