#!/usr/bin/env bash
# Scores the same oracle cases with paifu and with the Python library
# `mahjong` 2.1.0 (installed from PyPI if missing), one after the other in
# one run, and prints both rates and their ratio.
#
#   bench/compare.sh [CASES.jsonl]
set -euo pipefail
cd "$(dirname "$0")/.."
cases="${1:-../shared/oracle/cases-dev.jsonl}"
[ -f "$cases" ] || cases=testdata/oracle/cases.jsonl

python3 -c 'import importlib.metadata as m, sys; sys.exit(0 if m.version("mahjong") == "2.1.0" else 1)' 2>/dev/null \
  || python3 -m pip install --quiet 'mahjong==2.1.0'

rust_line=$(cargo bench --quiet --bench score -- "$cases" 2>/dev/null | grep '^paifu:')
py_line=$(python3 bench/python_mahjong.py "$cases" --rounds 5)
echo "$rust_line"
echo "$py_line"
rust=$(sed -E 's/.*: ([0-9]+) hands\/s.*/\1/' <<<"$rust_line")
py=$(sed -E 's/.*: ([0-9]+) hands\/s.*/\1/' <<<"$py_line")
python3 -c "print(f'ratio: paifu is {$rust / $py:.0f} times the python library on {\"$cases\"}')"
