"""Share codes: every deal and course round-trips through its code, and anything else is
refused in one line that shows the text only as visible characters."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.engine.deals import MAX_SEED
from parlour.engine.errors import DealError
from parlour.engine.registry import specs
from parlour.engine.share import MAX_CODE
from parlour.engine.share import Shared
from parlour.engine.share import read_share_code
from parlour.engine.share import share_code


@st.composite
def shareds(draw: st.DrawFn) -> Shared:
    spec = draw(st.sampled_from(specs()))
    options = draw(st.frozensets(st.sampled_from([o.name for o in spec.options] or [""])))
    options = frozenset(option for option in options if option)
    number = draw(st.integers(0, MAX_SEED))
    if spec.rounds is not None and draw(st.booleans()):
        return Shared(spec.id, options, course=number)
    return Shared(spec.id, options, seed=number)


@given(shareds())
def test_every_deal_and_course_round_trips_in_a_short_code(shared: Shared) -> None:
    code = share_code(shared)
    assert read_share_code(code) == shared
    assert len(code) <= 40 and code.isascii() and code == code.strip()
    # read the way a player might type it back: spaces around, the digits in lower case
    head, _, number = code.rpartition("/")
    assert read_share_code(f"  {head}/{number.lower()} ") == shared


def test_a_deal_given_card_by_card_has_no_code() -> None:
    with pytest.raises(DealError, match="no share code"):
        share_code(Shared(specs()[0].id, frozenset()))


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("", "cannot be empty"),
        ("x" * (MAX_CODE + 1), "too long"),
        ("nogame/1A", "no game"),
        (f"{specs()[0].id}/1A/2B", "not a share code"),
        (f"{specs()[0].id}", "not a share code"),
        (f"{specs()[0].id}+nosuch/1A", "has no rule option"),
        (f"{specs()[0].id}/U", "not a seed"),
        (f"{specs()[0].id}/{'Z' * 13}", "larger than any seed"),  # (base 32, too large)
        ("+/1", "with no name"),
        (f"{specs()[0].id}+/1", "with no name"),
        (f"{specs()[0].id}/\x1b]52;c;aGk=\x07", "only letters, digits"),
        (f"{specs()[0].id}/\u202e1A", "only letters, digits"),
    ],
)
def test_a_bad_code_is_one_line_with_nothing_a_terminal_would_act_on(code: str, said: str) -> None:
    with pytest.raises(DealError, match=said) as caught:
        read_share_code(code)
    message = str(caught.value)
    assert "\n" not in message and "\x1b" not in message and "\u202e" not in message
    assert len(message) < 200


def test_a_course_code_is_refused_for_a_game_not_played_in_rounds() -> None:
    flat = next(spec for spec in specs() if spec.rounds is None)
    with pytest.raises(DealError, match="not played in rounds"):
        read_share_code(f"{flat.id}/round/1A")


def test_an_option_named_twice_is_refused() -> None:
    spec = next(spec for spec in specs() if spec.options)
    name = spec.options[0].name
    with pytest.raises(DealError, match="named twice"):
        read_share_code(f"{spec.id}+{name}+{name}/1A")
