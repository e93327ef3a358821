from __future__ import annotations

from expedition.rules.core.attributes import Attr


def test_the_four_attributes_in_sheet_order() -> None:
    # Sheet order breaks ties wherever a rule picks "the first" attribute (defaults, §16 #23).
    assert list(Attr) == [Attr.STR, Attr.DEX, Attr.INT, Attr.PRE]


def test_an_attribute_is_read_from_its_written_name() -> None:
    assert Attr("PRE") is Attr.PRE
    assert str(Attr.DEX) == "DEX"
