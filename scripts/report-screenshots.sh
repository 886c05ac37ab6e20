#!/usr/bin/env bash
# The summary report of a demo database in Czech (in koruny) and in Ukrainian (in
# hryvnias), opened in headless Chromium and saved to docs/screenshots/report-summary-
# {cs,uk}.png, for checking by eye: diacritics, Cyrillic, nothing cut off.
# Needs: chromium. Usage: scripts/report-screenshots.sh
set -euo pipefail
cd "$(dirname "$0")/.."
out=docs/screenshots
mkdir -p "$out"
cargo build --quiet
bin=target/debug/croupier
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for pair in cs:CZK uk:UAH; do
    lang=${pair%%:*} currency=${pair##*:}
    db="$work/$lang.db"
    $bin demo --db "$db" --rounds 1800 --tables 2 --seed 11 >/dev/null
    # Petr Novak is a demo supervisor (PIN 800100).
    printf '800100\n' | $bin currency --db "$db" --set "$currency" --by "Petr Novak" --yes >/dev/null
    $bin report --db "$db" --from 2026-01-05 --to 2026-01-06 --kind summary --format html \
        --lang "$lang" --out "$work/summary-$lang.html" 2>/dev/null
    chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
        --no-first-run --screenshot="$out/report-summary-$lang.png" --window-size=1280,1700 \
        "file://$work/summary-$lang.html" 2>/dev/null
    echo "$out/report-summary-$lang.png"
done
