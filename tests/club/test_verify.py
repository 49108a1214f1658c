"""The verification a club makes of each record, in the process that makes it: what it
finds in a good record, the reasons it gives, and the CPU budget it keeps."""

from __future__ import annotations

from parlour.club.verify import examine
from parlour.club.verify import round_digest
from parlour.engine.rounds import course_code
from parlour.store.signing import new_key
from parlour.store.signing import public_key_text
from tests.club.helpers import last
from tests.club.helpers import round_record

COURSE = 987654


def test_a_good_record_gives_what_was_played() -> None:
    key = new_key("Nell")
    found = examine(round_record(COURSE, "Nell", key), 5.0)
    assert found["ok"] is True
    assert (found["player"], found["name_key"], found["course"]) == ("Nell", "nell", COURSE)
    assert found["public_key"] == public_key_text(key.public)
    assert found["total"] == sum(found["scores"]) and len(found["scores"]) == 9
    assert found["cpu"] > 0
    # another play of the same course is another round; the same play is the same digest
    other = examine(round_record(COURSE, "Nell", key, last), 5.0)
    again = examine(round_record(COURSE, "Nell", new_key("Nell")), 5.0)
    assert other["digest"] != found["digest"] == again["digest"]
    assert len(round_digest("golf", COURSE, frozenset(), [["1"]])) == 64


def test_the_budget_stops_work_that_outruns_it() -> None:
    # (a real record verifies in a few milliseconds, about the CPU timer's resolution, so
    # the budget is shown stopping plain work that would run for seconds)
    import time

    import pytest

    from parlour.club.verify import OverBudget
    from parlour.club.verify import cpu_budget

    def count(up_to: int) -> int:
        total = 0
        for number in range(up_to):
            total += number
        return total

    started = time.process_time()
    with pytest.raises(OverBudget), cpu_budget(0.05):
        count(10**9)
    assert time.process_time() - started < 1.0
    with cpu_budget(5.0):  # work within its budget is not stopped
        assert sum(range(1000)) == 499500


def test_what_is_not_a_round_record_is_refused_with_the_reason() -> None:
    assert examine("hello", 1.0)["reason"].startswith("not a Parlour round record")
    text = round_record(COURSE, "Nell", new_key("Nell"))
    cut = text[: text.index("[Hole 9]")]
    reason = examine(cut, 5.0)["reason"]
    assert "signature is not good" in reason  # cut after signing
    from parlour.store.signing import sign_record

    resigned = sign_record(cut, new_key("Nell"))
    assert examine(resigned, 5.0)["reason"] == "hole 9: the hole is missing from the record"
    assert course_code(COURSE) in text


def test_a_record_padded_far_beyond_what_parlour_writes_is_refused() -> None:
    # every record is kept and published as sent: padding (comments, blank lines, words
    # after the moves) would let each round take up to --max-bytes of the club's disk
    from parlour.club.verify import SPARE_BYTES
    from parlour.store.signing import sign_record

    key = new_key("Nell")
    plain = round_record(COURSE, "Nell", None)
    headers, holes = plain.split("\n\n", 1)

    def padded(size: int) -> str:
        comment = "# " + "x" * 98 + "\n"
        lines = comment * (size // len(comment))
        return sign_record(f"{headers}\n{lines}\n{holes}", key)

    # a player's few comments, and the Key and Signature lines, are taken
    assert examine(padded(SPARE_BYTES - 400), 5.0)["ok"] is True
    found = examine(padded(2 * SPARE_BYTES), 5.0)
    assert found["ok"] is False
    assert "bytes longer than Parlour writes its holes" in found["reason"]
    # so do a header of its own and comments inside a hole's moves
    found = examine(sign_record(f"{headers}\nNote: {'y' * 2 * SPARE_BYTES}\n\n{holes}", key), 5.0)
    assert found["ok"] is False and "bytes longer" in found["reason"]
    inside = holes.replace("[Hole 2]\n", "[Hole 2]\n" + "#\n" * 2 * SPARE_BYTES, 1)
    found = examine(sign_record(f"{headers}\n\n{inside}", key), 5.0)
    assert found["ok"] is False and "bytes longer" in found["reason"]
