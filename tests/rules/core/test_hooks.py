"""Tests for core/hooks.py: hook points that higher rules register into (DESIGN "hook points")."""

from __future__ import annotations

from collections.abc import Callable

from expedition.rules.core.hooks import Hook


def test_a_hook_calls_what_registered_in_registration_order() -> None:
    hook: Hook[Callable[[list[str]], None]] = Hook("a notice")
    hook.register(lambda seen: seen.append("first"))
    hook.register(lambda seen: seen.append("second"))
    seen: list[str] = []
    hook.each(seen)
    assert seen == ["first", "second"]


def test_registering_the_same_function_twice_counts_once() -> None:
    hook: Hook[Callable[[], int]] = Hook("a modifier")

    def plus_two() -> int:
        return 2

    hook.register(plus_two)
    hook.register(plus_two)
    assert len(hook) == 1 and hook.total() == 2


def test_any_total_and_first_combine_the_answers() -> None:
    yes_no: Hook[Callable[[int], bool]] = Hook("a question")
    assert yes_no.any(3) is False  # nobody registered: the rule's own answer stands
    yes_no.register(lambda n: n > 5)
    yes_no.register(lambda n: n == 3)
    assert yes_no.any(3) and not yes_no.any(4)
    modifiers: Hook[Callable[[], int]] = Hook("modifiers")
    modifiers.register(lambda: 1)
    modifiers.register(lambda: -3)
    assert modifiers.total() == -2
    answers: Hook[Callable[[], str | None]] = Hook("an answer")
    answers.register(lambda: None)
    answers.register(lambda: "second")
    assert answers.first() == "second"
