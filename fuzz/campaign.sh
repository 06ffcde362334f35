#!/usr/bin/env bash
# The fuzz campaign: one target at a time, one worker, each from an empty
# working corpus in fuzz/work/<target>/ seeded with fuzz/seeds/<target>/.
#
#   cargo fuzz build --sanitizer none --no-trace-compares   # in fuzz/
#   python3 fuzz/seeds.py                                   # at the root
#   fuzz/campaign.sh import audit roundtrip score           # or TARGET:MAX_LEN
#
# RUNS (default 10000000) and BIN (default the cargo fuzz build output)
# can be set in the environment. Each target writes fuzz.log (libFuzzer's
# output, its final stats included) and done.txt (the command, the exit
# status and the seconds it took) in fuzz/work/<target>/. Afterwards,
# fuzz/merge.sh minimises the working corpora into fuzz/corpus/.
set -eu
cd "$(dirname "$0")"
fuzz=$(pwd)
bin=${BIN:-$fuzz/target/x86_64-unknown-linux-gnu/release}
runs=${RUNS:-10000000}
for arg in "$@"; do
  t=${arg%%:*}
  case $t in
    score) dict=score.dict len=512 ;;
    import) dict=logs.dict len=2048 ;;
    audit) dict=logs.dict len=1536 ;;
    roundtrip) dict=logs.dict len=1024 ;;
    majsoul) dict=records.dict len=2400 ;;
    riichicity) dict=records.dict len=6500 ;;
    *) echo "unknown target: $t" >&2; exit 2 ;;
  esac
  [ "$arg" != "$t" ] && len=${arg#*:}
  work=work/$t
  mkdir -p "$work/corpus" "$work/artifacts"
  cmd=("$bin/$t" corpus "$fuzz/seeds/$t" "-dict=$fuzz/dict/$dict"
    "-max_len=$len" "-runs=$runs" -rss_limit_mb=2048 -timeout=10
    -print_final_stats=1 -artifact_prefix=artifacts/)
  start=$(date +%s)
  set +e
  (cd "$work" && "${cmd[@]}" > fuzz.log 2>&1)
  rc=$?
  set -e
  {
    echo "command: ${cmd[*]}"
    echo "rc=$rc seconds=$(($(date +%s) - start))"
    grep '^stat::' "$work/fuzz.log" || true
  } > "$work/done.txt"
  cat "$work/done.txt"
done
