"""The local session and the client's remote session both offer the whole port, with the same calls.

mypy checks every place a screen takes a `SessionPort`; this says it plainly, member by member, so a
method added to the port and forgotten on one side fails here with its name.
"""

from __future__ import annotations

import inspect

import pytest

from expedition.net.remote import RemoteSession
from expedition.session.port import SessionPort
from expedition.session.session import Session

MEMBERS = sorted(name for name in vars(SessionPort) if not name.startswith("_") and name not in {"register"})


def _parameters(function: object) -> list[str]:
    return [name for name in inspect.signature(function).parameters if name != "self"]  # type: ignore[arg-type]


def test_the_port_names_what_a_front_end_needs() -> None:
    assert {"submit", "answer", "subscribe", "view", "world", "name", "close"} <= set(MEMBERS)


@pytest.mark.parametrize("implementation", [Session, RemoteSession], ids=["local", "remote"])
@pytest.mark.parametrize("member", MEMBERS)
def test_each_session_offers_every_member_of_the_port(implementation: type, member: str) -> None:
    wanted = inspect.getattr_static(SessionPort, member)
    if isinstance(wanted, property):
        has = hasattr(implementation, member) or member in _instance_attributes(implementation)
        assert has, f"{implementation.__name__} lacks the port's {member}"
        return
    offered = inspect.getattr_static(implementation, member)
    assert callable(offered), f"{implementation.__name__}.{member} is not a method"
    assert _parameters(offered)[: len(_parameters(wanted))] == _parameters(wanted)


def _instance_attributes(implementation: type) -> set[str]:
    """Attributes set in `__init__` (a plain attribute satisfies a read-only property)."""
    source = inspect.getsource(implementation.__init__)
    return {
        line.split("self.", 1)[1].split(":")[0].split("=")[0].strip()
        for line in source.splitlines()
        if "self." in line and "=" in line
    }
