#!/usr/bin/env bash
# Regenerates the OCR language data of /extract-text (docs/DECISIONS.md "Device pages"):
# Debian's tesseract-ocr-rus and tesseract-ocr-eng (tessdata_fast LSTM models, Apache-2.0),
# gzipped for tesseract.js (it fetches <lang>.traineddata.gz from langPath), with the packages'
# copyright file and a manifest of sha256 sums that apps/web/src/devices/ocr/ocr-lang.test.ts
# checks. Needs apt-get and dpkg-deb (Debian or Ubuntu). Usage: bash scripts/ocr-lang.sh
set -euo pipefail

VERSION="1:4.1.0-2"
LANGS=(rus eng)
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="$ROOT/apps/web/public/ocr/lang"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

cd "$WORK"
for lang in "${LANGS[@]}"; do
  apt-get download "tesseract-ocr-$lang=$VERSION"
  dpkg-deb -x "tesseract-ocr-${lang}_"*.deb x
done

mkdir -p "$OUT"
for lang in "${LANGS[@]}"; do
  data="$(find x -name "$lang.traineddata" | head -n 1)"
  # -n: no name or time stamp in the header, so the same input gives the same bytes
  gzip -9 -n -c "$data" > "$OUT/$lang.traineddata.gz"
done
cp "$(find x -path '*tesseract-ocr-rus/copyright')" "$OUT/COPYRIGHT"
# The full licence text the copyright file points to (Debian base-files).
cp /usr/share/common-licenses/Apache-2.0 "$OUT/LICENSE"

{
  echo '{'
  echo "  \"source\": \"Debian tesseract-ocr-rus and tesseract-ocr-eng $VERSION (tessdata_fast)\","
  echo '  "sha256": {'
  for i in "${!LANGS[@]}"; do
    lang="${LANGS[$i]}"
    sum="$(sha256sum "$OUT/$lang.traineddata.gz" | cut -d' ' -f1)"
    comma=$([ "$i" -lt $((${#LANGS[@]} - 1)) ] && echo ',' || true)
    echo "    \"$lang.traineddata.gz\": \"$sum\"$comma"
  done
  echo '  }'
  echo '}'
} > "$OUT/manifest.json"
ls -l "$OUT"
