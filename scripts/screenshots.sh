#!/usr/bin/env bash
# Opens the real dealer screen under Xvfb on a demo database, plays a round with a split
# and an insurance by keyboard, then a full table, and saves screenshots to
# docs/screenshots/ (the desk: scripts/screenshots-desk-lang.sh).
# Needs: xvfb xauth imagemagick xdotool and the window's runtime libraries (README).
# Usage: scripts/screenshots.sh [WIDTHxHEIGHT]   (default 1280x800)
#        BIN=target/debug/croupier scripts/screenshots.sh   (a binary already built)
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:-1280x800}
out=${OUT:-docs/screenshots}
mkdir -p "$out"
if [ -z "${BIN:-}" ]; then
  cargo build --release --quiet
  BIN=target/release/croupier
fi
bin=$BIN
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
$bin demo --db "$work/demo.db" --rounds 300 --tables 2 --seed 3 >/dev/null
# A house's rules file beside the database (the open-table screen offers it).
mkdir -p "$work/rules"
$bin rules czech | python3 -c 'import json,sys; r=json.load(sys.stdin); r["boxes"]=5; r["ties"]="push"; print(json.dumps(r, indent=2))' >"$work/rules/house-5-boxes.json"
# -displayfd: a display number no other X server holds (a guessed one may be another's).
Xvfb -displayfd 3 -screen 0 "${size}x24" 3>"$work/display" >/dev/null 2>&1 &
while [ ! -s "$work/display" ]; do sleep 0.2; done
export DISPLAY=:$(cat "$work/display")
$bin --db "$work/demo.db" --fullscreen >"$work/app.log" 2>&1 &
app=$!
win=$(xdotool search --sync --name "Croupier" | head -1)
sleep 3                          # mapped before it is moved and focused
# Xvfb has no window manager to honour --fullscreen: size the window to the screen.
xdotool windowmove "$win" 0 0 windowsize "$win" 100% 100%
xdotool windowfocus --sync "$win"
sleep 1
shot() { sleep 0.6; import -window root "$out/$1-$size.png"; echo "$out/$1-$size.png"; }
# KEY_DELAY: seconds between keys (a debug build under load needs 1 or more).
keys() { for k in "$@"; do xdotool key "$k"; sleep "${KEY_DELAY:-0.1}"; done; }
shot 01-login
xdotool type --delay 40 "Jana Svoboda"; keys Tab; xdotool type --delay 40 "1001"; keys Return
sleep "${SETTLE:-1}"              # the rules' house edge, solved on a thread
shot 02-open-table
keys Return                      # open Pontoon 1 as it is (czech, 5-500)
sleep 0.5
# Stakes: Tab goes through the stake fields only, in order 1a 1b 1c 2a 2b 2c 3a … (a
# pause after typing: a debug build under load otherwise took the Tab before the digits)
keys Tab; xdotool type --delay 100 "20"; sleep 1
keys Tab; xdotool type --delay 100 "10"; sleep 1
keys Tab Tab Tab Tab Tab; xdotool type --delay 100 "50"; sleep 1
keys Escape
shot 03-bets
# Deal: box 1 gets 8 of hearts, box 3 a 9 of spades, the dealer an ace of diamonds,
# box 1 an 8 of clubs, box 3 a 9 (suit not given). F1-F4: spades, hearts, diamonds, clubs.
keys F2 8 F1 9 F3 a F4 8 9
shot 04-offers
keys i                           # insure 1a (the marked bet) at the most allowed
keys p                           # box 1 splits its eights (1b follows)
keys F2 3 w F1 t                 # hand 1: 8 3, twist a ten -> 21 stands
keys 7 s                         # hand 2: 8 7, stick on 15
shot 05-split
keys s                           # box 3 sticks on 18
keys 6                           # dealer: A 6 = 17 stands: the settlement
shot 06-settlement
keys Return                      # confirm (every line is in view): the next round's bets
# The supervisor's desk, in every language: scripts/screenshots-desk-lang.sh.
# A full table: 7 boxes x 3 bets dealt through the feed (the same store code), the dealer's
# ace with 21 offers open; then box 1 splits its eights at the screen.
kill "$app"; wait "$app" 2>/dev/null || true
{
  echo 1001
  echo "bets $(for b in 1 2 3 4 5 6 7; do printf '%sa:10 %sb:10 %sc:10 ' $b $b $b; done)"
  for c in 8h 8s 9c Kd 7h 10s Qc Ad 8c 9d 4s Js 8d 6c 9h; do echo "$c"; done
} | $bin feed --db "$work/demo.db" --table "Pontoon 1" --dealer "Jana Svoboda" >"$work/feed.log"
$bin --db "$work/demo.db" --fullscreen >>"$work/app.log" 2>&1 &
app=$!
sleep 2
win=$(xdotool search --sync --name "Croupier" | head -1)
xdotool windowmove "$win" 0 0 windowsize "$win" 100% 100%
xdotool windowfocus --sync "$win" || true
sleep 1
xdotool type --delay 40 "Jana Svoboda"; keys Tab; xdotool type --delay 40 "1001"; keys Return
sleep "${SETTLE:-1}"
keys Return                      # Pontoon 1: its round in play comes back
sleep "${SETTLE:-1}"
shot 11-full-table-offers
keys p                           # box 1 splits its eights: the offers close
shot 12-full-table-split
keys F2 3                         # hand 1 gets a 3 of hearts: its decisions
shot 13-full-table-decide
echo "screenshots in $out"
