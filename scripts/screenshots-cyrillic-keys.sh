#!/usr/bin/env bash
# A Ukrainian dealer types the letters on the cards on a Ukrainian keyboard layout, under
# Xvfb: Т К Д В (keysyms Cyrillic_te, _ka, _de, _ve, as `setxkbmap ua` maps them) enter an
# ace, king, queen, jack; 0 a ten. Then the Latin layout's T, which the screen does not
# take for a ten (the ace is written Т). Saves 17-cyrillic-keys-uk.png (the cards dealt)
# and 18-latin-t-uk.png (T refused) to docs/screenshots/ (or OUT).
# Needs: what scripts/screenshots-full.sh needs, and setxkbmap (x11-xkb-utils).
# Usage: BIN=target/debug/croupier KEY_DELAY=1 scripts/screenshots-cyrillic-keys.sh
set -euo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-docs/screenshots}
mkdir -p "$out"
if [ -z "${BIN:-}" ]; then
  cargo build --release --quiet
  BIN=target/release/croupier
fi
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
"$BIN" demo --db "$work/demo.db" --rounds 20 --tables 1 --seed 3 >/dev/null
# A round of 7 boxes x 3 bets, no card dealt yet.
printf '1001\nbets %s\n' "$(for b in 1 2 3 4 5 6 7; do printf '%sa:10 %sb:10 %sc:10 ' $b $b $b; done)" |
  "$BIN" feed --db "$work/demo.db" --table "Pontoon 1" --dealer "Jana Svoboda" >"$work/feed.log"
Xvfb -displayfd 3 -screen 0 1280x800x24 3>"$work/display" >/dev/null 2>&1 &
while [ ! -s "$work/display" ]; do sleep 0.2; done
export DISPLAY=:$(cat "$work/display")
setxkbmap us
LC_ALL=uk_UA.UTF-8 "$BIN" --db "$work/demo.db" --fullscreen >"$work/app.log" 2>&1 &
win=$(xdotool search --sync --name "Croupier" | head -1)
sleep 3
xdotool windowmove "$win" 0 0 windowsize "$win" 100% 100%
sleep 1
xdotool windowfocus --sync "$win" || true
sleep 1.5
shot() { sleep 2; xdotool mousemove 5 797; sleep 1; import -window root "$out/$1-uk.png"; echo "$out/$1-uk.png"; }
keys() { for k in "$@"; do xdotool key "$k"; sleep "${KEY_DELAY:-0.5}"; done; }
xdotool type --delay 40 "Jana Svoboda"; keys Tab; xdotool type --delay 40 "1001"; keys Return
sleep "${SETTLE:-3}"
keys Return                      # Pontoon 1: its round in play comes back, box 1's card next
sleep 2
# The Ukrainian layout: the letters on the cards, as a Ukrainian keyboard types them.
setxkbmap ua
sleep 1
keys Cyrillic_te Cyrillic_ka Cyrillic_de Cyrillic_ve 0 9 8   # boxes 1-7: Т К Д В 10 9 8
shot 17-cyrillic-keys
# Back on the Latin layout, T: no ten where the ace is written Т (0 is the ten).
setxkbmap us
sleep 1
keys t
shot 18-latin-t
echo "screenshots in $out"
