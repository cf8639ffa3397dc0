"""The lobby in words: the table when it arrives, then each change."""

from __future__ import annotations

from dataclasses import replace

from ttr.engine import RulesConfig
from ttr.maps.mapfile import find_map
from ttr.net.messages import Reason, SeatInfo, TableInfo
from ttr.ui.scenes.lobby_words import spelled_code, table_changes, table_summary

SEAT_2_OPEN = Reason("seat_open", 1)


def _table(*seats: SeatInfo, can_start: Reason | None = SEAT_2_OPEN,
           hints: bool = True) -> TableInfo:
    config: RulesConfig = find_map("usa").game_map.rules("base")
    return TableInfo("t1", "ABCDEFGH", "lobby", "usa", "h", "base", config, 0, can_start,
                     seats, None, hints)


HOST = SeatInfo(0, "Ann", "red", "human", None, True, True, True, None)
OPEN = SeatInfo(1, "Player 2", "blue", "human", None, False, False, False, None)
GUS = SeatInfo(1, "Gus", "blue", "human", None, True, False, True, None)
AI = SeatInfo(2, "Boris", "green", "ai", "medium", True, True, False, None)


def test_the_code_is_spelled_for_speech() -> None:
    assert spelled_code("ABCDEFGH") == "A B C D, E F G H"
    assert spelled_code("XY2") == "X Y 2"


def test_the_host_hears_the_invite_every_seat_and_what_to_do() -> None:
    text = table_summary(_table(HOST, OPEN, AI, hints=False), (0,), True, "10.0.0.5:8765")
    assert text.startswith("Your table: USA, hints off.")
    assert "Invite code A B C D, E F G H at 10.0.0.5:8765." in text
    assert "Seat 1, Ann (you), ready." in text and "Seat 2, open: waiting for a friend." in text
    assert "Seat 3, Boris, AI Medium." in text
    assert text.endswith("Seat 2 is still open: invite someone or give it to an AI. Enter "
                         "starts the game once everyone is ready.")
    guest = table_summary(_table(HOST, GUS, AI), (1,), False)
    assert "Invite" not in guest and "Seat 1, Ann, online, ready" in guest
    assert "Seat 2, Gus (you), not ready" in guest and guest.endswith("starts the game.")


def test_each_change_is_one_sentence() -> None:
    start = _table(HOST, OPEN, AI)
    joined = _table(HOST, GUS, AI)
    assert table_changes(start, joined, (0,), True) == ["Gus joined, seat 2"]
    ready = _table(HOST, replace(GUS, ready=True), AI, can_start=None)
    assert table_changes(joined, ready, (0,), True) == [
        "Gus is ready", "Everyone is ready: Enter starts the game"]
    assert table_changes(joined, ready, (1,), False) == ["Gus is ready"]
    away = _table(HOST, replace(GUS, ready=True, connected=False), AI)
    assert table_changes(ready, away, (0,), True) == ["Gus is away"]
    assert table_changes(away, ready, (0,), True)[0] == "Gus is back"
    assert table_changes(joined, start, (0,), True) == ["Gus left: seat 2 is open"]
    easy = _table(HOST, OPEN, replace(AI, level="easy"))
    assert table_changes(start, easy, (0,), True) == ["Seat 3, Boris, AI Easy"]
    assert table_changes(start, start, (0,), True) == []
    standin = _table(HOST, replace(GUS, ready=True, connected=False, standin="easy"), AI)
    assert table_changes(away, standin, (0,), False) == ["An AI plays for Gus now"]
    assert table_changes(standin, ready, (0,), False) == ["Gus plays again"]


def test_a_table_is_named_by_its_map_and_rules_not_their_ids() -> None:
    from ttr.ui.scenes.lobby_words import table_title

    assert table_title("usa", "base") == "USA"
    assert table_title("usa", "1910") == "USA, 1910 rules"
    assert table_title("nowhere", "base") == "nowhere"
