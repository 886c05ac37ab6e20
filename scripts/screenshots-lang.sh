#!/usr/bin/env bash
# The dealer's screens in a language, under Xvfb, for checking by eye: nothing cut off, the
# letters (Czech diacritics, Cyrillic) drawn. Opens the real window on a demo database with
# the system locale of the language (LANG=cs_CZ.UTF-8 …, as a table terminal would be set
# up), logs in, plays a round with an insurance and a split by keyboard, shows the
# settlement, and the Pontis screen, the table's currency set (CZK, UAH, BYN; EUR for
# English); saves NN-name-LANG.png to docs/screenshots/ (or OUT).
# Needs: xvfb xauth imagemagick xdotool and the window's runtime libraries (README).
# Usage: scripts/screenshots-lang.sh LANG [WIDTHxHEIGHT]   (LANG: cs uk ru en; 1280x800)
#        BIN=target/debug/croupier scripts/screenshots-lang.sh uk   (a binary already built)
set -euo pipefail
cd "$(dirname "$0")/.."
lang=${1:?usage: scripts/screenshots-lang.sh cs|uk|ru|en [WIDTHxHEIGHT]}
size=${2:-1280x800}
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
"$BIN" demo --db "$work/demo.db" --rounds 50 --tables 1 --seed 3 >/dev/null
# The table's currency as such a floor would set it (the demo's supervisor, PIN on stdin).
case $lang in cs) cur=CZK ;; uk) cur=UAH ;; ru) cur=BYN ;; *) cur=EUR ;; esac
echo 800100 | "$BIN" currency --db "$work/demo.db" --set "$cur" --by "Petr Novak" --yes >/dev/null
# -displayfd: a display number no other X server holds (a guessed one may be another's).
Xvfb -displayfd 3 -screen 0 "${size}x24" 3>"$work/display" >/dev/null 2>&1 &
while [ ! -s "$work/display" ]; do sleep 0.2; done
export DISPLAY=:$(cat "$work/display")
read -r W H <<<"${size/x/ }"
LC_ALL=$locale "$BIN" --db "$work/demo.db" --fullscreen >"$work/app.log" 2>&1 &
win=$(xdotool search --sync --name "Croupier")
xdotool windowmove "$win" 0 0 windowsize "$win" 100% 100%
xdotool windowfocus --sync "$win"
sleep 1.5
shot() { sleep 0.8; import -window root "$out/$1-$lang.png"; echo "$out/$1-$lang.png"; }
keys() { for k in "$@"; do xdotool key --delay 80 "$k"; done; }
# A point of the layout (in points; negative x from the right edge), as the app zooms.
click() { python3 -c "import sys; w=$W; z=min(max(min(w/1110,$H/690),1),2); x,y=float(sys.argv[1]),float(sys.argv[2]); x=w/z+x if x<0 else x; print(int(x*z), int(y*z))" "$1" "$2" | { read -r x y; xdotool mousemove "$x" "$y" click 1; }; sleep 0.4; }
shot 01-login
xdotool type --delay 40 "Jana Svoboda"; keys Tab; xdotool type --delay 40 "1001"; keys Return
shot 02-open-table
keys Return                      # open Pontoon 1 as it is (czech, 5-500)
sleep 0.5
click 150 146; xdotool type --delay 40 "20"
click 290 146; xdotool type --delay 40 "10"
click 150 207; xdotool type --delay 40 "50"
keys Escape; sleep 0.3               # leave the field before the card keys
shot 03-bets
keys F2 8 9 F3 a F4 8 9          # 8h to box 1, a 9 to box 3, the dealer's ace of diamonds, 8c, 9
shot 04-offers
keys i p                         # insure 1a at the most; box 1 splits its eights
keys F2 3 w 0                    # hand 1: 8 3, twist a ten (0: a ten in every layout; T is "no" on a Cyrillic one): 21 stands
keys 7                           # hand 2: 8 7
shot 05-split
keys p                           # 8 and 7 are no pair: refused, and why, in the language
shot 06-refused
keys s s                         # hand 2 sticks on 15; box 3 sticks on 18
keys 6                           # the dealer: A 6 = 17 stands: the settlement
shot 07-settlement
keys Return
shot 08-next-bets
# The Pontis screen: log out, log in, choose "pontis" among the rules, open, a game.
click -39 12                     # Log out (top right)
xdotool type --delay 40 "Jana Svoboda"; keys Tab; xdotool type --delay 40 "1001"; keys Return
sleep 0.5
click 361 110                    # the rules "pontis"
keys Return                      # to the Pontis screen
shot 09-pontis-setup
keys Return                      # open the Pontis table
sleep 0.5
xdotool type --delay 40 "Anna, Boris, Cyril"; keys Tab; xdotool type --delay 40 "Anna"; keys Return
sleep 0.5
keys K F2 5                      # Anna turns up a king, Boris a five of hearts
shot 10-pontis-game
echo "screenshots in $out"
