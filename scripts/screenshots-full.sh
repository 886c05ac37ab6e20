#!/usr/bin/env bash
# A full table and its settlement in a language, under Xvfb, for checking by eye: 7 boxes
# x 3 bets dealt through the feed, box 1 split three times (its hand 1 deciding), then the
# round finished by keys at the screen and its 33-line settlement, its first page and, walked
# line by line with Down, its last.
# Saves 14-full-table-LANG.png, 15-full-settlement-LANG.png, 16-full-settlement-end-LANG.png
# to docs/screenshots/ (or OUT); at another size than 1280x800, each name ends -LANG-SIZE.png.
# Needs: xvfb xauth imagemagick xdotool and the window's runtime libraries (README).
# Usage: scripts/screenshots-full.sh LANG [WIDTHxHEIGHT]   (LANG: en cs uk ru; 1280x800)
#        BIN=target/debug/croupier scripts/screenshots-full.sh uk   (a binary already built)
set -euo pipefail
cd "$(dirname "$0")/.."
lang=${1:?usage: scripts/screenshots-full.sh en|cs|uk|ru [WIDTHxHEIGHT]}
size=${2:-1280x800}
tag=$lang
[ "$size" = 1280x800 ] || tag=$lang-$size
case $lang in
  cs) locale=cs_CZ.UTF-8 ;; uk) locale=uk_UA.UTF-8 ;; ru) locale=ru_RU.UTF-8 ;;
  en) locale=en_GB.UTF-8 ;; *) echo "unknown language $lang: cs uk ru en" >&2; exit 2 ;;
esac
out=${OUT:-docs/screenshots}
mkdir -p "$out"
if [ -z "${BIN:-}" ]; then
  cargo build --release --quiet
  BIN=target/release/croupier
fi
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
"$BIN" demo --db "$work/demo.db" --rounds 20 --tables 1 --seed 3 >/dev/null
# The deal: boxes 1-7 (8 then 9s), the dealer's 7, again; box 1 splits its eights three
# times (four hands), hand 1 takes a 3.
{
  echo 1001
  echo "bets $(for b in 1 2 3 4 5 6 7; do printf '%sa:10 %sb:10 %sc:10 ' $b $b $b; done)"
  for c in 8h 9c 9d 9s 9h 9c 9d 7s 8s 9s 9h 9c 9d 9s 9h split 8d split 8c split 3h; do
    echo "$c"
  done
} | "$BIN" feed --db "$work/demo.db" --table "Pontoon 1" --dealer "Jana Svoboda" >"$work/feed.log"
# -displayfd: a display number no other X server holds (a guessed one may be another's).
Xvfb -displayfd 3 -screen 0 "${size}x24" 3>"$work/display" >/dev/null 2>&1 &
while [ ! -s "$work/display" ]; do sleep 0.2; done
export DISPLAY=:$(cat "$work/display")
LC_ALL=$locale "$BIN" --db "$work/demo.db" --fullscreen >"$work/app.log" 2>&1 &
win=$(xdotool search --sync --name "Croupier" | head -1)
sleep 3                          # mapped before it is moved and focused
xdotool windowmove "$win" 0 0 windowsize "$win" 100% 100%
sleep 1
xdotool windowfocus --sync "$win" || true
sleep 1.5
shot() { sleep 2; xdotool mousemove 3 795; sleep 0.3; xdotool mousemove 5 797; sleep 1; import -window root "$out/$1-$tag.png"; echo "$out/$1-$tag.png"; }
# KEY_DELAY: seconds between keys (a debug build under load needs more than 0.5; and
# SETTLE=10 or so after logging in).
keys() { for k in "$@"; do xdotool key "$k"; sleep "${KEY_DELAY:-0.5}"; done; }
xdotool type --delay 40 "Jana Svoboda"; keys Tab; xdotool type --delay 40 "1001"; keys Return
sleep "${SETTLE:-3}"             # the house edge of the rules, solved on a thread
keys Return                      # Pontoon 1: its round in play comes back
sleep "${SETTLE:-3}"
shot 14-full-table
keys s 0 s 0 s 0 s               # box 1's four hands: 11 sticks, then 8 10 = 18 three times
keys s s s s s s                 # boxes 2-7 stick on 18
sleep 2; keys 0                  # the dealer: 7 10 = 17, the settlement
shot 15-full-settlement
keys Return                      # not yet: the first unseen line comes up
# Down, line by line from the marked one, to the last (33 lines; extra presses stay there;
# a debug build under load drops some).
for _ in $(seq 48); do keys Down; done
shot 16-full-settlement-end
echo "screenshots in $out"
