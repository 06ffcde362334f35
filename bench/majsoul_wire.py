#!/usr/bin/env python3
"""Writes a Mahjong Soul JSON record in the protobuf wire form with an
independent encoder: the `lq` message descriptors compiled into the PyPI
package `ms_api` (`ms.protocol_pb2`) and Google's `protobuf`.

    python3 bench/majsoul_wire.py RECORD.json OUT_PREFIX

writes OUT_PREFIX.response.pb (a whole `ResGameRecord`: the head and the
download's wrapper, records in the `actions` layout, version 210715) and
OUT_PREFIX.download.pb (the wrapper alone, as `data_url` serves it, records
in the older `records` layout, version 0). tests/majsoul_wire_cross.rs reads
both with paifu and compares them with the JSON: a field number or type
paifu got wrong would show there. Fields the package's message definitions
do not have are left out (the comparison then names them).
"""

import json
import sys

from google.protobuf import json_format
import ms.protocol_pb2 as pb


def record_bytes(named):
    """A `.lq.Record*` as a serialised `Wrapper`."""
    name = named["name"]
    message = getattr(pb, name.split(".")[-1])()
    json_format.ParseDict(named["data"], message, ignore_unknown_fields=True)
    return pb.Wrapper(name=name, data=message.SerializeToString()).SerializeToString()


def main():
    path, prefix = sys.argv[1], sys.argv[2]
    with open(path, encoding="utf-8") as f:
        record = json.load(f)
    body = record["data"]
    if "data" in body:
        body = body["data"]
    named = [a["result"] for a in body.get("actions", []) if a.get("result")]
    named += body.get("records", [])

    actions = pb.GameDetailRecords(version=210715)
    for a in body.get("actions", []):
        action = actions.actions.add()
        action.type = a.get("type", 0)
        if a.get("result"):
            action.result = record_bytes(a["result"])
    for r in body.get("records", []):
        action = actions.actions.add()
        action.type = 1
        action.result = record_bytes(r)
    wrapper = pb.Wrapper(name=".lq.GameDetailRecords", data=actions.SerializeToString())
    response = pb.ResGameRecord()
    json_format.ParseDict(record.get("head", {}), response.head, ignore_unknown_fields=True)
    response.data = wrapper.SerializeToString()
    with open(prefix + ".response.pb", "wb") as f:
        f.write(response.SerializeToString())

    records = pb.GameDetailRecords(version=0)
    records.records.extend(record_bytes(n) for n in named)
    download = pb.Wrapper(name=".lq.GameDetailRecords", data=records.SerializeToString())
    with open(prefix + ".download.pb", "wb") as f:
        f.write(download.SerializeToString())


if __name__ == "__main__":
    main()
