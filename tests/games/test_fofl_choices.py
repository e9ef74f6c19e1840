"""FOFL on the engine's pending-choice stack (issue 13.3): a move is planned as stacked
entries with Back, Back shows the step below as it was, and the rules keep no caches of
their own (no id()-keyed tables, no method-name dispatch)."""

from __future__ import annotations

import ast
from pathlib import Path

import cardtable.games.fofl as fofl_package
from fofl_table import ANN, BOB, give, labels, pick, table


def test_planning_a_move_stacks_entries_and_back_returns_to_the_kept_decision():
    game = table()
    give(game, ANN, "mafiaboy")
    give(game, BOB, "mafia")
    give(game, ANN, "drone", "hand")
    game.invalidate()
    turn = game.decision()
    assert [e.kind for e in game.choices] == ["turn"]
    pick(game, "Attack")
    menu = game.decision()
    pick(game, "Mafiaboy")
    assert [e.kind for e in game.choices] == ["turn", "menu", "attack_with"]
    assert labels(game) == ["Mafia P2 T3/3 (Bob)", "← Back"], "an unblocked Website only when no Person can block"
    pick(game, "Back")
    assert game.decision() is menu, "Back shows the menu it came from, not a rebuilt one"
    pick(game, "Back")
    assert game.decision() is turn and [e.kind for e in game.choices] == ["turn"]


def test_committing_a_move_drops_its_planning_entries_and_the_kept_decisions():
    game = table()
    give(game, ANN, "mafiaboy")
    give(game, BOB, "mafia")
    game.invalidate()
    turn = game.decision()
    pick(game, "Attack", "Mafiaboy", "Mafia")
    assert [e.kind for e in game.choices] == ["turn"]
    assert game.decision() is not turn and game.decision().kind == "turn"
    assert "Attack" not in " ".join(labels(game)), "Mafiaboy has attacked: the new menu says so"


def test_a_state_edited_outside_act_is_decided_afresh():
    game = table()
    before = game.decision()
    give(game, ANN, "mafiaboy")  # give() ends with invalidate()
    assert game.decision() is not before


def _calls(tree: ast.AST) -> list[ast.Call]:
    return [node for node in ast.walk(tree) if isinstance(node, ast.Call)]


def test_the_rules_files_keep_no_identity_caches_and_dispatch_by_no_method_names():
    for path in sorted(Path(fofl_package.__file__).parent.glob("*.py")):
        tree = ast.parse(path.read_text())
        for call in _calls(tree):
            name = call.func.id if isinstance(call.func, ast.Name) else None
            assert name != "id", f"{path.name}:{call.lineno}: id() in a rules file"
            if name == "getattr":
                assert not any(isinstance(a, ast.JoinedStr) for a in call.args), f"{path.name}:{call.lineno}: getattr by a built name"
        text = path.read_text()
        for gone in ("_SELECTORS", "_STEPS", "_FACTS", "remembered(", "def reading", "def cards_in", "OTHER ="):
            assert gone not in text, f"{path.name}: {gone}"
