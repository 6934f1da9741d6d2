"""``GET /api/commands``: every command the director may give, with its fields, so the
console's "any command" form reaches the commands its tabs have no button for."""

from __future__ import annotations

from tests.server.conftest import Director

from pitboss.tournament.registry import COMMAND_CLASSES


def test_every_command_is_listed_with_its_required_fields_and_defaults(
    director: Director,
) -> None:
    forms = {f["type"]: f for f in director.client.get("/api/commands").json()}
    assert set(forms) == set(COMMAND_CLASSES)
    move = {f["name"]: f for f in forms["move_player"]["fields"]}
    assert move["player_id"]["required"] is True
    register = {f["name"]: f for f in forms["register_player"]["fields"]}
    assert register["alternate"] == {"name": "alternate", "required": False, "default": False}
    assert register["details"]["default"]["email"] is None
    assert forms["record_bust"]["summary"].startswith("Players went out on one hand")


def test_a_skeleton_filled_in_is_a_command_the_server_takes(director: Director) -> None:
    stream = director.create()
    forms = {f["type"]: f for f in director.client.get("/api/commands").json()}
    command: dict[str, object] = {"type": "register_player"}
    for field in forms["register_player"]["fields"]:
        command[field["name"]] = "" if field["required"] else field["default"]
    command.update(player_id="p001", name="Ann Lee")
    answer = director.command(stream, command)
    assert answer["events"][0]["type"] == "player_registered"
