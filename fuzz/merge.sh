#!/usr/bin/env bash
# Minimises the campaign's corpora into the committed fuzz/corpus/<target>/:
# libFuzzer's -merge=1 keeps, smallest first, the inputs that add coverage,
# from what is already committed, the working corpus of fuzz/campaign.sh and
# the seeds. Inputs longer than MAX_LEN (the defaults below: at most the
# campaign's length) are cut, which keeps each target's corpus under
# about 1.5 MB.
#
#   fuzz/merge.sh import audit roundtrip score
set -eu
cd "$(dirname "$0")"
fuzz=$(pwd)
bin=${BIN:-$fuzz/target/x86_64-unknown-linux-gnu/release}
for t in "$@"; do
  case $t in
    score) len=512 ;;
    import) len=1450 ;;
    audit) len=1200 ;;
    roundtrip) len=1024 ;;
    majsoul) len=2400 ;;
    riichicity) len=4096 ;;
    *) echo "unknown target: $t" >&2; exit 2 ;;
  esac
  len=${MAX_LEN:-$len}
  mkdir -p "corpus/$t"
  dirs=()
  for d in "work/$t/corpus" "seeds/$t"; do
    [ -d "$d" ] && dirs+=("$d")
  done
  "$bin/$t" -merge=1 "-max_len=$len" -rss_limit_mb=2048 -timeout=10 \
    "corpus/$t" "${dirs[@]}" > "work/merge-$t.log" 2>&1 || {
    tail -20 "work/merge-$t.log" >&2
    exit 1
  }
  echo "$t: $(find "corpus/$t" -type f | wc -l) files," \
    "$(find "corpus/$t" -type f -printf '%s\n' | awk '{s += $1} END {print s}') bytes"
done
