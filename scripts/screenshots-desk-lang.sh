#!/usr/bin/env bash
# The supervisor's desk in a language, under Xvfb, for checking by eye: nothing cut off
# (Czech and Russian words run longer: columns, tabs, buttons), the letters drawn, amounts
# in the table's currency as the language writes them. Opens the real window on a demo
# database (300 rounds, 2 tables, its currency set: EUR, CZK, UAH, BYN) with
# the system locale of the language (LC_ALL=cs_CZ.UTF-8 …), logs in as the demo's
# supervisor, opens the desk: the history, a round laid out again, the charts, the users.
# Saves 20-desk-history-LANG.png, 21-desk-round-LANG.png, 22-desk-charts-LANG.png,
# 23-desk-users-LANG.png to docs/screenshots/ (or OUT).
# Needs: xvfb xauth imagemagick xdotool and the window's runtime libraries (README).
# Usage: scripts/screenshots-desk-lang.sh LANG   (LANG: en cs uk ru; the window 1280x800:
#        the clicks are points of that layout, per language, read off its screenshots)
#        BIN=target/debug/croupier DESK_WAIT=120 scripts/screenshots-desk-lang.sh uk
#        (a binary already built; a debug one solves the desk's theory slowly)
set -euo pipefail
cd "$(dirname "$0")/.."
lang=${1:?usage: scripts/screenshots-desk-lang.sh en|cs|uk|ru}
# locale, currency; then the buttons (x y, pixels at 1280x800): the desk on "Open a
# table", the History tab, the newest round's Open, the Round, Charts and Users tabs,
# first and next in a round.
case $lang in
  en) locale=en_GB.UTF-8; cur=EUR; desk="289 526"; history="237 79"; open="881 264"; round="360 79"; charts="448 79"; users="772 79"; first="149 119"; next="288 119" ;;
  cs) locale=cs_CZ.UTF-8; cur=CZK; desk="293 526"; history="229 79"; open="887 264"; round="329 79"; charts="403 79"; users="709 79"; first="134 119"; next="276 119" ;;
  uk) locale=uk_UA.UTF-8; cur=UAH; desk="336 526"; history="290 79"; open="969 264"; round="417 79"; charts="511 79"; users="846 79"; first="159 119"; next="322 119" ;;
  ru) locale=ru_RU.UTF-8; cur=BYN; desk="340 526"; history="302 79"; open="1005 267"; round="441 79"; charts="538 79"; users="923 79"; first="159 119"; next="332 119" ;;
  *) echo "unknown language $lang: en cs uk ru" >&2; exit 2 ;;
esac
out=${OUT:-docs/screenshots}
mkdir -p "$out"
if [ -z "${BIN:-}" ]; then
  cargo build --release --quiet
  BIN=target/release/croupier
fi
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
"$BIN" demo --db "$work/demo.db" --rounds 300 --tables 2 --seed 3 >/dev/null
# --yes: the demo's rounds were played in it (naming a currency over logged rounds asks).
echo 800100 | "$BIN" currency --db "$work/demo.db" --set "$cur" --by "Petr Novak" --yes >/dev/null
# -displayfd: a display number no other X server holds (a guessed one may be another's).
Xvfb -displayfd 3 -screen 0 1280x800x24 3>"$work/display" >/dev/null 2>&1 &
while [ ! -s "$work/display" ]; do sleep 0.2; done
export DISPLAY=:$(cat "$work/display")
LC_ALL=$locale "$BIN" --db "$work/demo.db" --fullscreen >"$work/app.log" 2>&1 &
win=$(xdotool search --sync --name "Croupier" | head -1)
sleep 3                          # mapped before it is moved and focused
xdotool windowmove "$win" 0 0 windowsize "$win" 100% 100%
sleep 1
xdotool windowfocus --sync "$win" || true
sleep 1.5
# The pointer out of the way first (a hovered tab or button is drawn otherwise).
shot() { sleep 1; xdotool mousemove 5 797; sleep 1; import -window root "$out/$1-$lang.png"; echo "$out/$1-$lang.png"; }
# egui takes a press only where the pointer already is: move, wait, press, release.
click() { xdotool mousemove $1 $2; sleep 0.8; xdotool mousedown 1; sleep 0.3; xdotool mouseup 1; sleep 1.2; }
xdotool mousemove 640 700; sleep 0.5   # the pointer into the window (no click: the Name field has the focus)
xdotool type --delay 80 "Petr Novak"; sleep 1; xdotool key Tab; sleep 1
xdotool type --delay 80 "800100"; sleep 1; xdotool key Return
# "Open a table" solves the rules' house edge on a thread: while it has the CPU (seconds
# in a debug build), a press and release may come too far apart for egui to count a click.
sleep ${SETTLE:-8}
click $desk
# The desk opens on the latest rounds with each day's theoretical hold, solved as it
# opens on the window's own thread: the window stands still meanwhile (seconds in a
# release build; DESK_WAIT=120 for a debug one). The history is taken last.
sleep ${DESK_WAIT:-6}
click $open
click $round
click $first
for _ in 1 2 3 4 5 6 7 8 9; do click $next; done
shot 21-desk-round
click $charts
sleep ${CHART_WAIT:-2}
shot 22-desk-charts
click $users
shot 23-desk-users
click $history
shot 20-desk-history
