"""Every JSON route declares its answer's model, and /openapi.json documents it (issue 27)."""

from __future__ import annotations

import inspect

from fastapi import FastAPI
from fastapi.responses import HTMLResponse, Response
from fastapi.routing import APIRoute, RouteContext, iter_route_contexts
from fastapi.testclient import TestClient


def json_routes(app: FastAPI) -> list[RouteContext]:
    """The HTTP routes that answer JSON: not a page (``HTMLResponse``), not a file or a text
    (a route typed to return a bare `Response` with no model: CSV, TOML, zip, SVG, images),
    not a WebSocket (not an `APIRoute`)."""
    out = []
    for route in iter_route_contexts(app.routes):
        if not isinstance(route.original_route, APIRoute):
            continue
        response_class = getattr(route.response_class, "value", route.response_class)
        if issubclass(response_class, HTMLResponse):
            continue
        returns = inspect.signature(route.endpoint).return_annotation
        if route.response_model is None and returns in (Response, "Response"):
            continue  # a file: its media type is its own
        out.append(route)
    return out


def test_every_json_route_declares_its_response_model(app: FastAPI) -> None:
    routes = json_routes(app)
    assert len(routes) >= 30
    missing = [f"{sorted(r.methods)} {r.path}" for r in routes if r.response_model is None]
    assert missing == []


def test_no_json_route_answers_any_or_a_bare_dict(app: FastAPI) -> None:
    loose = [
        r.path
        for r in json_routes(app)
        if "Any" in str(r.response_model) or "dict[" in str(r.response_model)
    ]
    assert loose == []


def test_openapi_documents_a_schema_for_every_json_route(app: FastAPI) -> None:
    spec = TestClient(app).get("/openapi.json").json()
    undocumented = []
    for route in json_routes(app):
        if not route.include_in_schema:
            undocumented.append(route.path)
            continue
        for method in route.methods:
            answers = spec["paths"][route.path][method.lower()]["responses"]
            ok = next(v for k, v in answers.items() if k.startswith("2"))
            schema = ok.get("content", {}).get("application/json", {}).get("schema")
            if not schema or schema == {}:
                undocumented.append(f"{method} {route.path}")
    assert undocumented == []
    assert "DirectorView" in spec["components"]["schemas"]
    director = spec["components"]["schemas"]["DirectorView"]
    assert director["additionalProperties"] is False
    assert {"players", "ledger", "counter", "clock"} <= set(director["properties"])


def test_docs_page_is_served(app: FastAPI) -> None:
    assert "swagger" in TestClient(app).get("/docs").text.lower()
