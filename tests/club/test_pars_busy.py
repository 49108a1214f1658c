"""A course's pars, worked out for whoever looks at its board, never keep a record out of
the verifying pool: they are worked out only while no record is being examined, one
course at a time, and a look while the pool is busy is answered at once without them
(the board is shown without pars, and a later look asks again)."""

from __future__ import annotations

import asyncio

from parlour.club.verify import Verifier
from parlour.store.signing import new_key
from tests.club.helpers import round_record

COURSE = 987654


async def test_looks_at_many_boards_at_once_leave_room_for_a_record() -> None:
    # three records at once (one worker, two waiting): five looks at five courses' boards
    # used to hold every place, and a record sent then was told the club was busy
    verifier = Verifier(1, 2.0, waiting=2)
    try:
        await verifier.warm()
        looks = [
            asyncio.create_task(verifier.pars("golf", course, "free-stock"))
            for course in range(101, 106)
        ]
        await asyncio.sleep(0)  # every look has asked
        found = await verifier.examine(round_record(COURSE, "Nell", new_key("Nell")))
        answers = await asyncio.gather(*looks)
    finally:
        verifier.close()
    assert found is not None and found["ok"] is True
    # the first look's course had its pars worked out; the others were not kept waiting
    assert answers[0] is not None and len(answers[0]) > 0
    assert answers[1:] == [None] * 4


async def test_no_pars_are_worked_out_while_a_record_is_examined() -> None:
    verifier = Verifier(1, 2.0, waiting=2)
    try:
        await verifier.warm()
        sent = asyncio.create_task(verifier.examine(round_record(COURSE, "Nell", new_key("Nell"))))
        await asyncio.sleep(0)  # the record has its place
        assert await verifier.pars("golf", 101, "none") is None
        found = await sent
        # the pool free again, a look works them out
        pars = await verifier.pars("golf", 101, "none")
    finally:
        verifier.close()
    assert found is not None and found["ok"] is True
    assert pars is not None and len(pars) == 9
