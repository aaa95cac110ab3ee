"""The settings ``turnbuckle serve`` passes to its worker processes, and the app factory they call."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from turnbuckle.engine.errors import ParamError
from turnbuckle.web.app import from_environment
from turnbuckle.web.limits import Limits
from turnbuckle.web.settings import ENV_VAR, ServeSettings


def test_settings_travel_as_json_unchanged() -> None:
    settings = ServeSettings(db="postgresql://u@h/db", think=2.5, thinkers=3, allowed_hosts=("play.example.org",),
                             limits=Limits(body_bytes=2048, actions_per_minute=150.0), lease_seconds=4.0,
                             access_log=True)
    assert ServeSettings.from_json(settings.to_json()) == settings
    assert ServeSettings.from_environment({}) == ServeSettings()
    assert ServeSettings.from_json('{"think": 3}').think == 3.0


@pytest.mark.parametrize(("text", "says"), [
    ("{", "is not JSON"),
    ("[1]", "must be a JSON object"),
    ('{"thinkers": 0}', "--thinkers must be from 1 to 64"),
    ('{"thinkers": "2"}', "thinkers must be int"),
    ('{"think": true}', "think must be float"),
    ('{"workers": 2}', "unknown setting 'workers'"),
    ('{"limits": {"burst": 1}}', "limits takes"),
    ('{"allowed_hosts": ["http://x/"]}', "allowed_hosts must be a list of host names"),
    ('{"lease_seconds": 0.1}', "--lease-seconds must be from 1 to 3600"),
])
def test_bad_settings_are_one_line(text: str, says: str) -> None:
    with pytest.raises(ParamError) as caught:
        ServeSettings.from_json(text)
    assert says in str(caught.value) and "\n" not in str(caught.value)


def test_the_factory_builds_the_app_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, json.dumps({"db": "memory", "think": 1.5, "allowed_hosts": ["play.example.org"],
                                            "limits": {"creates_per_minute": 1}}))
    app = from_environment()
    assert app.state.service.think_cap == 1.5
    with TestClient(app, base_url="http://play.example.org") as client:
        assert client.get("/api/games").status_code == 200
        assert client.post("/api/matches", json={"game": "powerhouses"}).status_code == 201
        assert client.post("/api/matches", json={"game": "powerhouses"}).status_code == 429  # 1 a minute
    with TestClient(app, base_url="http://elsewhere.example") as client:
        assert client.get("/api/games").status_code == 400  # not an allowed host
