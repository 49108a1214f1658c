"""Who played a round: keys made on first use and kept private, records signed, every
change after signing found; ``parlour check`` and ``match`` say whether a signature is
good; a key moves to another machine by export and import."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from parlour.cli import main
from parlour.store.signing import check_signature
from parlour.store.signing import key_path
from parlour.store.signing import load_key
from parlour.store.signing import new_key
from parlour.store.signing import parse_key_text
from parlour.store.signing import player_key
from parlour.store.signing import sign_record
from tests.club.helpers import last
from tests.club.helpers import round_record

COURSE = 1234567


def test_a_key_is_made_on_first_use_and_kept_private(tmp_path: Path) -> None:
    pair = player_key(tmp_path, "Zoë Ann")
    path = key_path(tmp_path, "Zoë Ann")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert player_key(tmp_path, "Zoë Ann") == pair  # the same key every time after
    assert load_key(tmp_path, "ZOË ANN") == pair.__class__("ZOË ANN", pair.private, pair.public)
    assert player_key(tmp_path, "bob").public != pair.public


def test_every_change_after_signing_is_found() -> None:
    pair = new_key("ann")
    signed = sign_record(round_record(COURSE, "ann", None), pair)
    assert check_signature(signed).good
    assert check_signature(signed.replace("\n", "\r\n")).good  # line ends are not content
    for before, after in (("Player: ann", "Player: bob"), ("Total: ", "Total: 1"),
                          ("[Hole 9]", "[Hole 9]\n# a comment")):  # fmt: skip
        changed = check_signature(signed.replace(before, after, 1))
        assert changed.status == "bad" and "does not match" in changed.reason
    # another key put in the Key line: the signature is not that key's
    other = new_key("ann").public_text
    swapped = check_signature(signed.replace(pair.public_text, other))
    assert swapped.status == "bad"
    # signing again replaces the old signature
    assert check_signature(sign_record(signed, new_key("ann"))).good
    assert sign_record(signed, pair).count("Signature:") == 1


def test_a_damaged_key_file_is_refused() -> None:
    pair = new_key("ann")
    from parlour.store.signing import key_text

    text = key_text(pair)
    other = new_key("ann")
    import base64

    mixed = text.replace(
        base64.b64encode(pair.public).decode(), base64.b64encode(other.public).decode()
    )
    with pytest.raises(ValueError, match="not the private key's"):
        parse_key_text(mixed)
    with pytest.raises(ValueError, match="not a Parlour club key"):
        parse_key_text("Player: ann\n")


def test_check_and_match_say_whether_the_signature_is_good(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "400")  # (a long path is not wrapped)
    ann = tmp_path / "ann.txt"
    ann.write_text(round_record(COURSE, "ann", new_key("ann")))
    bob = tmp_path / "bob.txt"
    bob.write_text(round_record(COURSE, "bob", None, last))
    assert main(["check", str(ann)]) == 0
    out = capsys.readouterr().out
    assert "Signed by key " in out and "the signature is good" in out
    assert main(["check", str(bob)]) == 0
    assert "Not signed" in capsys.readouterr().out
    assert main(["match", str(ann), str(bob)]) == 0
    out = capsys.readouterr().out
    assert f"{ann}: Signed by key" in out and f"{bob}: Not signed" in out
    assert main(["match", "--json", str(ann), str(bob)]) == 0
    board = json.loads(capsys.readouterr().out)
    signatures = {s["player"]: s["signature"] for s in board["standings"]}
    assert signatures["ann"].startswith("Signed by key") and signatures["bob"].startswith("Not")
    # a name changed after signing: check still replays the moves, and says the truth
    forged = tmp_path / "forged.txt"
    forged.write_text(ann.read_text().replace("Player: ann", "Player: eve"))
    assert main(["check", str(forged)]) == 0
    assert "The signature is NOT good" in capsys.readouterr().out


def test_a_key_made_at_once_elsewhere_is_the_one_taken(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two first uses of a player's key at once (two exports pressed quickly, an export
    beside a submission, two Parlours): the other kept its key while this one made its
    own, and this one failed ("already exists"), losing an export. Now it takes the key
    kept: every record of the player is signed with one key."""
    import parlour.store.signing as signing

    other = new_key("ann")
    real = signing.new_key

    def made_while_another_kept_one(player: str) -> signing.KeyPair:
        signing.save_key(tmp_path, other)  # (the other use, a moment sooner)
        return real(player)

    monkeypatch.setattr(signing, "new_key", made_while_another_kept_one)
    assert player_key(tmp_path, "ann") == other
    assert load_key(tmp_path, "ann") == other
