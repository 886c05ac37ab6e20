#!/usr/bin/env bash
# docs/screenshots/10-watch-1280x800.png: a table driven by `croupier feed` beside the
# window (docs/feed.md), which then opens watching it read-only. Needs what
# scripts/screenshots.sh needs. Usage: scripts/screenshot-watch.sh (BIN=... for a binary
# already built)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${BIN:-}" ]; then
  cargo build --release --quiet
  BIN=target/release/croupier
fi
bin=$BIN
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
$bin demo --db "$work/demo.db" --rounds 300 --tables 2 --seed 3 >/dev/null
mkfifo "$work/in"
$bin feed --db "$work/demo.db" --table "Pontoon 2" --dealer "Jana Svoboda" <"$work/in" >"$work/feed.out" 2>&1 &
feed=$!
exec 3>"$work/in"
echo 1001 >&3
echo "bets 1a:20 2a:10 4a:50" >&3
for c in 8h 10s Qc 5d 6h 8d Ks; do echo "$c" >&3; done
sleep 1
# -displayfd: a display number no other X server holds (a guessed one may be another's).
Xvfb -displayfd 3 -screen 0 1280x800x24 3>"$work/display" >/dev/null 2>&1 &
while [ ! -s "$work/display" ]; do sleep 0.2; done
export DISPLAY=:$(cat "$work/display")
$bin --db "$work/demo.db" --fullscreen >"$work/app.log" 2>&1 &
app=$!
win=$(xdotool search --sync --name "Croupier")
xdotool windowmove "$win" 0 0 windowsize "$win" 100% 100%
xdotool windowfocus --sync "$win"
sleep 1
# The database is written by the feed: the window opens watching, read-only.
xdotool mousemove 190 100 click 1
sleep 1
echo "stick" >&3
sleep 1.5
import -window root docs/screenshots/10-watch-1280x800.png
exec 3>&-   # EOF: the feed ends, leaving the round in play
echo docs/screenshots/10-watch-1280x800.png
