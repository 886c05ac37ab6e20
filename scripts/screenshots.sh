#!/usr/bin/env bash
# Opens the real dealer screen under Xvfb on a demo database, plays a round with a split
# and an insurance by keyboard, and saves screenshots to docs/screenshots/.
# Needs: xvfb xauth imagemagick xdotool and the window's runtime libraries (README).
# Usage: scripts/screenshots.sh [WIDTHxHEIGHT]   (default 1280x800)
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:-1280x800}
out=docs/screenshots
mkdir -p "$out"
cargo build --release --quiet
bin=target/release/croupier
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
$bin demo --db "$work/demo.db" --rounds 300 --tables 2 --seed 3 >/dev/null
# A house's rules file beside the database (the open-table screen offers it).
mkdir -p "$work/rules"
$bin rules czech | python3 -c 'import json,sys; r=json.load(sys.stdin); r["boxes"]=5; r["ties"]="push"; print(json.dumps(r, indent=2))' >"$work/rules/house-5-boxes.json"
display=:$((90 + RANDOM % 9))
Xvfb "$display" -screen 0 "${size}x24" >/dev/null 2>&1 &
sleep 1
export DISPLAY=$display
$bin --db "$work/demo.db" --fullscreen >"$work/app.log" 2>&1 &
app=$!
win=$(xdotool search --sync --name "Croupier")
# Xvfb has no window manager to honour --fullscreen: size the window to the screen.
xdotool windowmove "$win" 0 0 windowsize "$win" 100% 100%
xdotool windowfocus --sync "$win"
sleep 1
shot() { sleep 0.6; import -window root "$out/$1-$size.png"; echo "$out/$1-$size.png"; }
keys() { for k in "$@"; do xdotool key --delay 80 "$k"; done; }
shot 01-login
xdotool type --delay 40 "Jana Svoboda"; keys Tab; xdotool type --delay 40 "1001"; keys Return
shot 02-open-table
keys Return                      # open Pontoon 1 as it is (czech, 5-500)
sleep 0.5
# Stakes: click the fields labelled 1a, 1b, 3a (positions read from the bets screen).
read -r W H <<<"${size/x/ }"
python3 - "$W" "$H" <<'PY' >"$work/clicks"
import sys
w, h = map(int, sys.argv[1:3])
z = min(max(min(w / 1110, h / 690), 1), 2)  # the app's zoom (ui::app::zoom_for)
for x, y in [(150, 146), (290, 146), (150, 207)]:
    print(int(x * z), int(y * z))
PY
stakes=(20 10 50)
i=0
while read -r x y; do
  xdotool mousemove "$x" "$y" click 1; sleep 0.2
  xdotool type --delay 40 "${stakes[$i]}"; i=$((i + 1))
done <"$work/clicks"
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
keys Return                      # confirm: the next round's bets
# The supervisor desk: log out, log in as a supervisor, open the desk (its history opens
# on the latest rounds), a round laid out again, the charts. Clicks at points of the
# layout (in points), scaled to the screen as the app zooms.
click() { python3 -c "import sys; w=$W; z=min(max(min(w/1110,$H/690),1),2); x,y=float(sys.argv[1]),float(sys.argv[2]); x=w/z+x if x<0 else x; print(int(x*z), int(y*z))" "$1" "$2" | { read -r x y; xdotool mousemove "$x" "$y" click 1; }; sleep 0.4; }
click -39 12                     # Log out
xdotool type --delay 40 "Petr Novak"; keys Tab; xdotool type --delay 40 "800100"; keys Return
sleep 0.5
click 251 456                    # Supervisor desk
shot 07-desk-history
click 627 229                    # Open the newest round
click 129 103                    # |< first
for _ in 1 2 3 4 5 6 7 8 9; do click 250 103; done   # next > nine times: the deal, the insurance, the split, a twist
shot 08-desk-round
click 387 68                     # Charts
shot 09-desk-charts
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
win=$(xdotool search --sync --name "Croupier")
xdotool windowmove "$win" 0 0 windowsize "$win" 100% 100%
xdotool windowfocus --sync "$win"
sleep 1
xdotool type --delay 40 "Jana Svoboda"; keys Tab; xdotool type --delay 40 "1001"; keys Return
sleep 0.5
keys Return                      # Pontoon 1: its round in play comes back
shot 11-full-table-offers
keys p                           # box 1 splits its eights: the offers close
shot 12-full-table-split
keys F2 3                         # hand 1 gets a 3 of hearts: its decisions
shot 13-full-table-decide
echo "screenshots in $out"
