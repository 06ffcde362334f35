#!/usr/bin/env python3
"""Writes testdata/majsoul/layouts/: the game of ../one_ron.json (and its
wire form ../one_ron.pb, a ResGameRecord) in every other layout tools save
a Mahjong Soul record in, so that a test can hold each to the JSON
record's events (tests/majsoul_layouts.rs). Standard library only; run
from the repository root: python3 testdata/majsoul/layouts/make.py

* typed_list.json: a bare list of round records, each a flat object
  tagged with its message name (`"__type": "RecordNewRound"`, the fields
  beside the tag), as tournament tools store them; no head.
* typed_records.json, typed_data.json: the same list beside the head, as
  `records` and as `data`.
* buffer.json: the head, and the records' wrapper (the bytes of
  `.lq.GameDetailRecords`) as JSON.stringify writes a Node Buffer:
  `"data": {"type": "Buffer", "data": [bytes...]}`.
* base64.json, hex.json: the same bytes as a base64 and a hex string.
* actions.txt: the records in the protobuf text format, as a Python tool
  prints its list of (name, message) pairs (`actions: [('RecordNewRound',
  chang: 0 ...), ...]`); no head.
* no_han_fu.json: ../one_ron.json whose win has no `count` (han) and no
  `fu`, as a writer that drops a protobuf field's zero or unset value
  leaves it: the audit must say they are not recorded, and judge the rest.
"""

import base64
import copy
import json
import pathlib

HERE = pathlib.Path(__file__).resolve().parent
SOURCE = HERE.parent / "one_ron.json"
WIRE = HERE.parent / "one_ron.pb"


def varint(data, at):
    """The varint at `at` and the offset after it."""
    value, shift = 0, 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, at
        shift += 7


def fields(data):
    """(number, bytes) of each length-delimited field of a message."""
    at = 0
    while at < len(data):
        key, at = varint(data, at)
        number, wire = key >> 3, key & 7
        if wire == 2:
            length, at = varint(data, at)
            yield number, data[at : at + length]
            at += length
        elif wire == 0:
            _, at = varint(data, at)
        else:
            raise ValueError(f"wire type {wire} in a ResGameRecord")


def records(game):
    """The round records of the JSON record's actions: (name, data)."""
    out = []
    for action in game["data"]["data"]["actions"]:
        result = action.get("result")
        if result:
            out.append((result["name"].removeprefix(".lq."), result["data"]))
    return out


def typed(game):
    """The records as flat objects tagged with their type."""
    return [{"__type": name, **copy.deepcopy(data)} for name, data in records(game)]


def text_format(value, indent):
    """A message's fields in the protobuf text format (proto3: a singular
    field holding its default is not written; every element of a repeated
    field is, zeros included)."""
    pad = " " * indent
    lines = []
    for key, v in value.items():
        repeated = isinstance(v, list)
        for item in v if repeated else [v]:
            if isinstance(item, dict):
                lines.append(f"{pad}{key} {{")
                lines.extend(text_format(item, indent + 2))
                lines.append(f"{pad}}}")
            elif not item and not repeated:
                continue
            elif isinstance(item, bool):
                lines.append(f"{pad}{key}: {'true' if item else 'false'}")
            elif isinstance(item, int):
                lines.append(f"{pad}{key}: {item}")
            elif isinstance(item, str):
                lines.append(f'{pad}{key}: "{item}"')
    return lines


def write(name, value):
    (HERE / name).write_text(json.dumps(value, ensure_ascii=False, indent=1) + "\n")


def main():
    game = json.loads(SOURCE.read_text())
    head = game["head"]
    wrapper = dict(fields(WIRE.read_bytes()))[4]

    write("typed_list.json", typed(game))
    write("typed_records.json", {"head": head, "records": typed(game)})
    write("typed_data.json", {"head": head, "data": typed(game)})
    write("buffer.json", {"head": head, "data": {"type": "Buffer", "data": list(wrapper)}})
    write("base64.json", {"head": head, "data": base64.b64encode(wrapper).decode()})
    write("hex.json", {"head": head, "data": wrapper.hex()})

    pairs = []
    for name, data in records(game):
        pairs.append(f"('{name}', " + "\n".join(text_format(data, 0)) + "\n)")
    (HERE / "actions.txt").write_text("actions: [" + ", ".join(pairs) + "]\n")

    stripped = copy.deepcopy(game)
    for action in stripped["data"]["data"]["actions"]:
        result = action.get("result") or {}
        for win in result.get("data", {}).get("hules", []):
            del win["count"]
            del win["fu"]
    write("no_han_fu.json", stripped)


if __name__ == "__main__":
    main()
