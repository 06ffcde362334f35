"""`convert`, `rules`, `profile`, `score` and `review` against the CLI."""

from __future__ import annotations

import json

import pytest

import paifu
from conftest import TESTDATA, Cli

SOME = [
    "tenhou_xml/double_ron.mjlog",
    "tenhou_xml/pao_tsumo.mjlog",
    "tenhou_xml/sanma_nukidora_rinshan.xml",
    "tenhou_xml/review_routes_and_step_back.xml",
]


@pytest.mark.parametrize("name", SOME)
@pytest.mark.parametrize("to", ["mjai", "tenhou6"])
def test_convert_equals_the_cli(cli: Cli, name: str, to: str):
    path = TESTDATA / name
    expected = cli.run("convert", "--to", to, str(path), check=True).stdout.decode()
    assert paifu.convert(paifu.load(path), to=to) == expected


def test_rules_and_profiles_equal_the_cli(cli: Cli):
    names = cli.run("rules", check=True).stdout.decode().split()
    assert paifu.rules() == names
    for name in names:
        expected = json.loads(cli.run("rules", name, check=True).stdout)
        assert paifu.profile(name) == expected


def test_score_cases_equal_the_cli(cli: Cli):
    cases = TESTDATA / "oracle" / "cases.jsonl"
    expected = cli.lines("score", "--json", str(cases))
    got = [paifu.score(json.loads(l)) for l in cases.read_text().splitlines() if l.strip()]
    assert len(got) == len(expected) > 10
    assert got == expected


def test_score_notation():
    # A non-dealer's ron in the East round (the CLI's defaults): riichi,
    # haku, one dora; 3 han 40 fu as `paifu score` says.
    r = paifu.score("234m567p33345s555z", win="3s", riichi=True, dora="4s", rules="ema2016")
    assert r["id"] == "234m567p33345s555z"
    assert "error" not in r
    assert (r["han"], r["fu"]) == (3, 40)
    assert ["riichi", 1] in [list(y) for y in r["yaku"]]
    assert r["payment"] == {"ron": {"discarder": 5200}}
    # An open hand cannot be in riichi: the --json result's error.
    e = paifu.score("234m567p33345s+555z", win="3s", riichi=True)
    assert e["error_category"] == "invalid_situation"
    # Kokushi on the dealer's tsumo.
    k = paifu.score("19m19p19s1234567z1m", win="1m", tsumo=True, seat="E")
    assert k["limit"] == "yakuman" and k["yakuman"]
    # No yaku: a result with the error, as `paifu score --json` writes it.
    n = paifu.score("234m567p33345s+123m", win="3s")
    assert n["error_category"] == "no_yaku"


@pytest.mark.parametrize("name", SOME)
def test_review_equals_the_cli(cli: Cli, name: str):
    path = TESTDATA / name
    lines = cli.lines("review", "--format", "json", "--decisions", str(path))
    r = paifu.review(path, decisions=True)
    assert r["lines"] == lines
    assert r["items"] == [l for l in lines if l.get("type") == "item"]
    assert r["decisions"] == [l for l in lines if l.get("type") == "decision"]
    assert r["chances"] == [l for l in lines if l.get("type") == "chance"]
    assert r["summary"] == lines[-1]["summary"]
    assert r["game"]["type"] == "game"


def test_review_of_one_seat(cli: Cli):
    path = TESTDATA / "tenhou_xml" / "review_routes_and_step_back.xml"
    for seat in (0, 2):
        lines = cli.lines("review", "--format", "json", "--seat", str(seat), str(path))
        r = paifu.review(paifu.load(path), seat=seat)
        assert r["lines"] == lines
        assert all(i["seat"] == seat for i in r["items"])
        assert r["decisions"] == []
