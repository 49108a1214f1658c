"""Who played a round: each player's Ed25519 key pair, made on first use and kept in the
data directory, and round records signed with it.

A signed round record carries two more headers among the round's own: ``Key:`` (the
player's public key) and ``Signature:`` (Ed25519 over the whole record but the
``Signature:`` line itself; see :func:`signed_message`). Changing anything a signature
covers, the ``Player:`` line included, makes it bad. The private key never leaves the
player's machine except by ``parlour club key export``; its file is the player's alone
(0600, in a 0700 folder).

The signing is done by PyCA's ``cryptography`` (Ed25519: small keys, fast checks,
deterministic signatures).

>>> pair = new_key("ann")
>>> text = "# Parlour round record\\nGame: golf\\nPlayer: ann\\n\\n[Hole 1]\\nMoves:\\n"
>>> signed = sign_record(text, pair)
>>> check_signature(signed).status
'good'
>>> check_signature(signed.replace("Player: ann", "Player: bob")).status
'bad'
>>> check_signature(text).status
'unsigned'
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from parlour.store import players
from parlour.store.files import AlreadyThere
from parlour.store.files import FileError
from parlour.store.files import read_text
from parlour.store.files import write_text

#: what the signature is made over comes after this line, so that a signature of a round
#: record can never be taken for one of anything else
DOMAIN: Final = "parlour round record signature 1"
KEY_HEADER: Final = "Key"
SIGNATURE_HEADER: Final = "Signature"
#: how a public key is written: its kind, then the 32 bytes in base64
KEY_KIND: Final = "ed25519"
KEYS_FOLDER: Final = "keys"
_KEY_FILE_FIRST: Final = "# Parlour club key"
_SECTION: Final = re.compile(r"\[\s*\w+\s+\S+\s*\]")


class KeyFileError(FileError):
    """A key file that cannot be read, written or used (a message a player can read)."""


@dataclass(frozen=True)
class KeyPair:
    """A player's key pair: the private key's 32 bytes and the public key's 32."""

    player: str
    private: bytes
    public: bytes

    @property
    def public_text(self) -> str:
        return public_key_text(self.public)

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.public)


@dataclass(frozen=True)
class SignatureCheck:
    """What a record's signature says: ``unsigned``, ``good`` (made by the key in the
    ``Key:`` line over exactly this record) or ``bad`` (``reason`` says why)."""

    status: str
    public: bytes | None = None
    reason: str = ""

    @property
    def good(self) -> bool:
        return self.status == "good"

    def words(self) -> str:
        """One sentence for a person."""
        if self.status == "unsigned":
            return "Not signed: the record proves its moves and total, not who played it."
        if self.status == "good" and self.public is not None:
            return f"Signed by key {fingerprint(self.public)}: the signature is good."
        return f"The signature is NOT good: {self.reason}."


def fingerprint(public: bytes) -> str:
    """A short name for a public key: 16 characters of its SHA-256 in base 32, in fours."""
    digest = base64.b32encode(hashlib.sha256(public).digest()).decode()[:16]
    return "-".join(digest[at : at + 4] for at in range(0, 16, 4))


def public_key_text(public: bytes) -> str:
    return f"{KEY_KIND} {base64.b64encode(public).decode()}"


def parse_public_key(text: str) -> bytes:
    """The 32 bytes of a ``Key:`` value (``ed25519 <base64>``); ValueError if it is not one."""
    kind, _, value = text.strip().partition(" ")
    if kind != KEY_KIND:
        raise ValueError(f"the key is not an {KEY_KIND} key")
    raw = _unbase64(value.strip(), "the key")
    if len(raw) != 32:
        raise ValueError("the key is not 32 bytes long")
    return raw


def _unbase64(text: str, what: str) -> bytes:
    try:
        return base64.b64decode(text.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError):
        raise ValueError(f"{what} is not base64") from None


# -- the signed text -----------------------------------------------------------------------


def _lines(text: str) -> list[str]:
    return text.removeprefix("\ufeff").splitlines()


def _header(line: str) -> tuple[str, str] | None:
    name, colon, value = line.strip().partition(":")
    if not colon or " " in name.strip() or not name.strip():
        return None
    return name.strip(), value.strip()


def round_headers(text: str) -> list[tuple[int, str, str]]:
    """The round's own headers (before its first hole): line index, name, value."""
    found = []
    for index, line in enumerate(_lines(text)):
        if _SECTION.fullmatch(line.strip()):
            break
        if line.strip().startswith("#") or not line.strip():
            continue
        header = _header(line)
        if header is not None:
            found.append((index, *header))
    return found


def signed_message(text: str) -> bytes:
    """What a record's signature is made over: :data:`DOMAIN`, then every line of the
    record but its ``Signature:`` header, each without the spaces at its end, joined by
    newlines (so a byte-order mark, Windows line ends or trailing blank lines change
    nothing), in UTF-8."""
    skipped = {index for index, name, _ in round_headers(text) if name == SIGNATURE_HEADER}
    kept = [line.rstrip() for index, line in enumerate(_lines(text)) if index not in skipped]
    while kept and not kept[-1]:
        kept.pop()
    return "\n".join([DOMAIN, *kept]).encode("utf-8")


def sign_record(text: str, pair: KeyPair) -> str:
    """The round record signed by ``pair``: its ``Key:`` and ``Signature:`` headers put
    after the round's last header (any there before are replaced)."""
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    lines = _lines(text)
    headers = round_headers(text)
    if not headers:
        raise ValueError("not a round record: it has no headers to sign")
    old = {index for index, name, _ in headers if name in (KEY_HEADER, SIGNATURE_HEADER)}
    last = max(index for index, _, _ in headers)
    before = [line for index, line in enumerate(lines[: last + 1]) if index not in old]
    after = lines[last + 1 :]
    unsigned = [*before, f"{KEY_HEADER}: {pair.public_text}", *after]
    body = "\n".join(unsigned) + "\n"
    signature = Ed25519PrivateKey.from_private_bytes(pair.private).sign(signed_message(body))
    line = f"{SIGNATURE_HEADER}: {base64.b64encode(signature).decode()}"
    return "\n".join([*before, f"{KEY_HEADER}: {pair.public_text}", line, *after]) + "\n"


def check_signature(text: str) -> SignatureCheck:
    """Whether a round record is signed, and if so whether the signature is good."""
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    headers = {name: value for _, name, value in round_headers(text)}
    if SIGNATURE_HEADER not in headers and KEY_HEADER not in headers:
        return SignatureCheck("unsigned")
    if SIGNATURE_HEADER not in headers:
        return SignatureCheck("bad", reason="the record has a Key line but no Signature line")
    if KEY_HEADER not in headers:
        return SignatureCheck("bad", reason="the record has a Signature line but no Key line")
    try:
        public = parse_public_key(headers[KEY_HEADER])
        signature = _unbase64(headers[SIGNATURE_HEADER], "the signature")
    except ValueError as error:
        return SignatureCheck("bad", reason=str(error))
    try:
        Ed25519PublicKey.from_public_bytes(public).verify(signature, signed_message(text))
    except InvalidSignature:
        return SignatureCheck(
            "bad",
            public,
            "it does not match the record (changed after it was signed, or signed by another key)",
        )
    return SignatureCheck("good", public)


# -- key files ------------------------------------------------------------------------------


def new_key(player: str) -> KeyPair:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    private = Ed25519PrivateKey.generate()
    return KeyPair(player, private.private_bytes_raw(), private.public_key().public_bytes_raw())


def folded(name: str) -> str:
    """A name as two names that look alike compare: the store's own key for a player
    (:func:`parlour.store.players.player_key`: tidied, NFKC, without case), or for text
    that is no player's name (a page asked for by hand) the same folding without the
    tidying."""
    try:
        return players.player_key(name)
    except ValueError:
        return unicodedata.normalize("NFKC", name.casefold())


def key_path(directory: Path, player: str) -> Path:
    """Where ``player``'s key is kept: a file named by the folded name (its letters and
    digits, then a hash, so any name makes a safe, distinct file name)."""
    name = folded(player)
    stem = "".join(c if c.isascii() and c.isalnum() else "_" for c in name)[:24]
    digest = hashlib.sha256(name.encode("utf-8")).hexdigest()[:12]
    return directory / KEYS_FOLDER / f"{stem}-{digest}.key"


def key_text(pair: KeyPair) -> str:
    """A key file's text (what ``parlour club key export`` writes)."""
    return (
        f"{_KEY_FILE_FIRST} of {pair.player}: the private key signs your rounds; keep it "
        "secret\n"
        f"Player: {pair.player}\n"
        f"Public: {base64.b64encode(pair.public).decode()}\n"
        f"Private: {base64.b64encode(pair.private).decode()}\n"
    )


def parse_key_text(text: str) -> KeyPair:
    """A key pair from a key file's text; ValueError saying what is wrong."""
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    lines = [line.strip() for line in text.removeprefix("\ufeff").splitlines() if line.strip()]
    if not lines or not lines[0].startswith(_KEY_FILE_FIRST):
        raise ValueError(f"not a Parlour club key (it does not begin {_KEY_FILE_FIRST!r})")
    fields = dict(header for header in map(_header, lines[1:]) if header is not None)
    for needed in ("Player", "Public", "Private"):
        if needed not in fields:
            raise ValueError(f"the key file has no {needed} line")
    private = _unbase64(fields["Private"], "the private key")
    public = _unbase64(fields["Public"], "the public key")
    if len(private) != 32:
        raise ValueError("the private key is not 32 bytes long")
    derived = Ed25519PrivateKey.from_private_bytes(private).public_key().public_bytes_raw()
    if derived != public:
        raise ValueError("the public key is not the private key's (a damaged key file?)")
    return KeyPair(fields["Player"], private, public)


def load_key(directory: Path, player: str) -> KeyPair | None:
    """``player``'s key pair kept in ``directory``, or None if they have none yet."""
    path = key_path(directory, player)
    if not path.exists():
        return None
    try:
        pair = parse_key_text(read_text(path, limit=4096))
    except ValueError as error:
        raise KeyFileError(f"{path}: {error}") from None
    return KeyPair(player, pair.private, pair.public)


def save_key(directory: Path, pair: KeyPair, *, replace: bool = False) -> Path:
    """Keep a key pair as its player's (0600, in a 0700 folder); ``replace``: in place of
    the key they have (else a key already kept is never written over)."""
    return write_text(
        key_path(directory, pair.player), key_text(pair), private=True, replace=replace
    )


def player_key(directory: Path, player: str) -> KeyPair:
    """``player``'s key pair, made and kept on first use. Two first uses at once (two
    exports, an export and a submission, two Parlours) make two keys; the first kept is
    the player's, and the other use takes it (it was a failed export), since a key is put
    in place whole or not at all."""
    pair = load_key(directory, player)
    if pair is None:
        pair = new_key(player)
        try:
            save_key(directory, pair)
        except AlreadyThere:
            kept = load_key(directory, player)
            if kept is None:
                raise
            return kept
    return pair
