#!/usr/bin/env bash
# Time from starting `croupier` to its window being on screen (mapped after the first
# frame), under Xvfb, five runs on a fresh default-sized database. Prints each and the median.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
work=$(mktemp -d)
display=:$((80 + RANDOM % 9))
Xvfb "$display" -screen 0 1280x800x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true; rm -rf "$work"' EXIT
sleep 1
export DISPLAY=$display
times=()
for i in 1 2 3 4 5; do
  start=$(date +%s%N)
  target/release/croupier --db "$work/t$i.db" >/dev/null 2>&1 &
  pid=$!
  xdotool search --sync --onlyvisible --name "Croupier" >/dev/null
  end=$(date +%s%N)
  kill $pid; wait $pid 2>/dev/null || true
  ms=$(( (end - start) / 1000000 ))
  times+=("$ms")
  echo "run $i: ${ms} ms"
done
printf '%s\n' "${times[@]}" | sort -n | sed -n 3p | xargs -I{} echo "median: {} ms"
