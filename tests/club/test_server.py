"""The club's server against both databases: rounds verified, signed, ranked, sent twice
as one; tampered, impossible, unsigned, oversized records and a taken name refused with
their reasons."""

from __future__ import annotations

import json
import re
import secrets
import urllib.error
import urllib.parse
import urllib.request

import pytest

from parlour.clubclient.http import Refused
from parlour.clubclient.http import board
from parlour.clubclient.http import call
from parlour.clubclient.http import submit
from parlour.engine.rounds import course_code
from parlour.store.signing import new_key
from parlour.store.signing import sign_record
from tests.club.helpers import last
from tests.club.helpers import round_record
from tests.club.helpers import status_of

pytestmark = pytest.mark.xdist_group("club")


def a_course() -> int:
    return secrets.randbits(40)


def test_a_round_is_verified_kept_and_ranked(club: str) -> None:
    course = a_course()
    ann, bob = new_key("ann"), new_key("Bob Smith")
    first = submit(club, round_record(course, "ann", ann))
    assert first["new"] is True
    assert first["player"] == "ann"
    assert first["course"] == course_code(course)
    assert (first["place"], first["players"]) == (1, 1)
    second = submit(club, round_record(course, "Bob Smith", bob, last))
    assert second["players"] == 2
    answer = board(club, course_code(course))
    assert answer["course"] == course_code(course) and answer["daily"] is False
    (only,) = answer["boards"]
    assert only["options"] == "none"
    totals = {s["player"]: s["total"] for s in only["standings"]}
    assert totals == {"ann": first["total"], "Bob Smith": second["total"]}
    assert [s["total"] for s in only["standings"]] == sorted(totals.values())
    assert len(only["pars"]) == 9  # worked out by the club, once
    for standing in only["standings"]:
        assert standing["versus_par"] == standing["total"] - sum(only["pars"])
        assert len(standing["holes"]) == 9


def test_the_same_round_sent_twice_is_one_round(club: str) -> None:
    course, key = a_course(), new_key("cy")
    text = round_record(course, "cy", key)
    made = submit(club, text)
    # the same file with Windows line ends (the signature holds)
    again = submit(club, text.replace("\n", "\r\n"))
    # the same play written out again (a comment added), signed anew
    from parlour.store.signing import sign_record

    rewritten = submit(club, sign_record(text.replace("\n", "\n# sent again\n", 1), key))
    assert (made["new"], again["new"], rewritten["new"]) == (True, False, False)
    assert again["round"] == rewritten["round"] == made["round"]
    assert len(board(club, course_code(course))["boards"][0]["standings"]) == 1


def test_a_tampered_round_is_refused_with_the_reason(club: str) -> None:
    course, key = a_course(), new_key("dee")
    text = round_record(course, "dee", key)
    total = next(line for line in text.splitlines() if line.startswith("Total: "))
    # a lower total, signed again by its own key: the signature is good, the play is not
    from parlour.store.signing import sign_record

    lowered = sign_record(text.replace(total, "Total: 1"), key)
    with pytest.raises(Refused) as refused:
        submit(club, lowered)
    assert refused.value.status == 422
    assert "the total is 1, but the holes' scores add up to" in refused.value.reason
    # a move changed after signing: the signature says so first
    with pytest.raises(Refused) as refused:
        submit(club, text.replace("Total: ", "Total: 0"))
    assert "the signature is not good" in refused.value.reason


def test_an_impossible_deal_is_refused(club: str) -> None:
    key = new_key("eve")
    text = round_record(a_course(), "eve", key)
    course_line = next(line for line in text.splitlines() if line.startswith("Course: "))
    from parlour.store.signing import sign_record

    moved = sign_record(text.replace(course_line, f"Course: {course_code(a_course())}", 1), key)
    with pytest.raises(Refused) as refused:
        submit(club, moved)
    assert "hole 1" in refused.value.reason and "the deal is not hole 1" in refused.value.reason


def test_unsigned_and_badly_named_rounds_are_refused(club: str) -> None:
    course = a_course()
    with pytest.raises(Refused) as refused:
        submit(club, round_record(course, "fay", None))
    assert "not signed" in refused.value.reason
    with pytest.raises(Refused) as refused:
        submit(club, round_record(course, "fay<script>", new_key("x")))
    assert "the Player line" in refused.value.reason


def test_a_name_is_bound_to_its_first_key(club: str) -> None:
    course = a_course()
    submit(club, round_record(course, "Gus", new_key("Gus")))
    # another key under the same name, however it is written
    for name in ("Gus", "GUS", "ｇｕｓ"):
        with pytest.raises(Refused) as refused:
            submit(club, round_record(a_course(), name, new_key(name)))
        assert refused.value.status == 403
        assert "belongs to another player" in refused.value.reason


def test_a_name_that_looks_like_another_keys_is_refused(club: str) -> None:
    submit(club, round_record(a_course(), "Sasha", new_key("Sasha")))
    cyrillic = "\u0405\u0430\u0455\u04bb\u0430"  # Ѕаѕһа, every letter Cyrillic
    with pytest.raises(Refused) as refused:
        submit(club, round_record(a_course(), cyrillic, new_key(cyrillic)))
    assert refused.value.status == 403
    assert f"the name {cyrillic} looks like Sasha, the name of another player" in (
        refused.value.reason
    )


def test_an_oversized_request_is_refused(club: str) -> None:
    with pytest.raises(Refused) as refused:
        call(club, "/api/rounds", body=b"# Parlour round record\n" + b"#" * (200 * 1024))
    assert refused.value.status == 413
    assert "larger than 128 KiB" in refused.value.reason


def test_health_and_a_players_rounds(club: str) -> None:
    with urllib.request.urlopen(f"{club}/healthz", timeout=10) as response:
        health = json.loads(response.read())
    assert health["status"] == "ok"
    assert health["database"] in ("sqlite", "postgresql")
    course, key = a_course(), new_key("Hal")
    submit(club, round_record(course, "Hal", key))
    _, rounds = call(club, "/api/players/hal")
    assert rounds["player"] == "Hal"
    assert [r["course"] for r in rounds["rounds"]] == [course_code(course)]
    with pytest.raises(Refused) as refused:
        call(club, "/api/players/nobody-here")
    assert refused.value.status == 404
    with pytest.raises(Refused) as refused:
        board(club, "UUUU")
    assert refused.value.status == 400


def best_rows(html: str) -> list[str]:
    """The Best rows of the golf cards on a page, in order."""
    return re.findall(r'<tr class="best">.*?</tr>', html)


def test_a_players_page_shows_each_rounds_best_as_its_own_page_does(club: str) -> None:
    """The page asks for the pars of all its rounds at once (it asked once a round)."""
    name = f"Pam {secrets.token_hex(3)}"
    key = new_key(name)
    first, second = a_course(), a_course()
    sent = [submit(club, round_record(course, name, key)) for course in (first, second)]
    for course in (first, second):  # a course's page works out its pars
        urllib.request.urlopen(f"{club}/course/{course_code(course)}", timeout=30).read()
    own = []
    for answer in reversed(sent):  # the player's page shows the latest first
        with urllib.request.urlopen(f"{club}/round/{answer['round']}", timeout=10) as response:
            own += best_rows(response.read().decode())
    assert len(own) == 2 and all("–" not in row for row in own)  # every par known
    path = f"{club}/player/{urllib.parse.quote(name)}"
    with urllib.request.urlopen(path, timeout=10) as response:
        assert best_rows(response.read().decode()) == own


def test_the_page_escapes_names_and_has_security_headers(club: str) -> None:
    course = a_course()
    submit(club, round_record(course, "Ma'ry-Ann", new_key("Ma'ry-Ann")))
    with urllib.request.urlopen(f"{club}/course/{course_code(course)}", timeout=10) as response:
        html = response.read().decode()
        headers = response.headers
    assert "Ma&#39;ry-Ann" in html and "Ma'ry-Ann" not in html
    assert "/player/Ma%27ry-Ann" in html
    assert headers["Content-Type"] == "text/html; charset=utf-8"
    assert "default-src 'none'" in headers["Content-Security-Policy"]
    assert headers["X-Content-Type-Options"] == "nosniff"
    with urllib.request.urlopen(f"{club}/player/Ma%27ry-Ann", timeout=10) as response:
        assert "<h1>Ma&#39;ry-Ann</h1>" in response.read().decode()


@pytest.mark.parametrize("character", ["\x9b", "\x9d", "\u202e", "\u2066"])
def test_a_record_holding_a_c1_control_or_a_bidi_control_is_refused(
    club: str, character: str
) -> None:
    """C1 controls (a terminal obeys CSI and OSC as it does ESC [ and ESC ]) and the
    bidirectional overrides were kept and served back in the record's text."""
    course, name = a_course(), f"Cee {secrets.token_hex(3)}"
    first_line, rest = round_record(course, name, None).split("\n", 1)
    record = sign_record(f"{first_line}\n# a comment {character}2J\n{rest}", new_key(name))
    with pytest.raises(Refused) as refused:
        submit(club, record)
    assert refused.value.status == 422
    assert f"control character (U+{ord(character):04X})" in refused.value.reason


def test_what_no_round_or_player_can_be_is_not_found(club: str) -> None:
    """Round numbers past the id column's 32 bits and names holding a NUL were passed to
    the database, which on PostgreSQL refused them: an error (500) and a traceback."""
    for path in ("/round/2147483648", "/round/99999999999", "/round/99999999999.txt",
                 "/round/0", "/player/%00", "/player/a%00b", "/api/players/%00"):  # fmt: skip
        assert status_of(club + path) == 404, path


def test_a_method_a_path_does_not_take_is_answered_405_with_the_methods_it_takes(
    club: str,
) -> None:
    with pytest.raises(urllib.error.HTTPError) as raised:
        urllib.request.urlopen(f"{club}/api/rounds", timeout=30)
    error = raised.value
    assert error.code == 405
    assert error.headers["Allow"] == "POST"
    assert "error" in json.loads(error.read())


def test_a_signed_record_holding_a_control_character_is_refused_before_its_name_is_taken(
    club: str,
) -> None:
    course, name = a_course(), f"Nul {secrets.token_hex(3)}"
    unsigned = round_record(course, name, None)
    first_line, rest = unsigned.split("\n", 1)
    nul = sign_record(f"{first_line}\n# a comment \x00 with a NUL\n{rest}", new_key(name))
    with pytest.raises(Refused) as refused:
        submit(club, nul)
    assert refused.value.status == 422
    assert "control character (U+0000)" in refused.value.reason
    # the name was not bound to the refused record's key: another key may have it
    assert submit(club, round_record(course, name, new_key(name)))["new"] is True
