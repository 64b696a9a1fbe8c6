#!/usr/bin/env bash
# Generates every sound file of the web app (apps/web/public/sounds/<locale>/)
# from scratch with espeak-ng (speech) and sox (tones, processing), so that no
# third-party recording is shipped. The output is deterministic: running the
# script twice gives byte-identical files.
#
# Usage (from the repo root):  npm run sounds   or   bash scripts/make-sounds.sh
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/apps/web/public/sounds"
RATE=22050 # Hz, mono, 16 bit
# espeak-ng speed in words per minute (espeak-ng's default is 175). The ru voice
# is already brisk (e.g. "Тара" ~0.24 s, "эль" ~0.13 s at 170 after trimming);
# going faster clips short letter names, so keep it at 170.
SPEED=170
LOCALES=(ru en)

die_missing() {
  echo "make-sounds: $1 is missing. Install with:" >&2
  echo "  apt-get install espeak-ng sox libsox-fmt-all" >&2
  exit 1
}
command -v espeak-ng >/dev/null 2>&1 || die_missing espeak-ng
command -v sox >/dev/null 2>&1 || die_missing sox
sox -h 2>/dev/null | grep -q '^AUDIO FILE FORMATS:.* flac' || die_missing "sox FLAC support"

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

# -D: no dither (dither adds random noise -> non-reproducible output)
# -R: fixed seed for any pseudo-random generator (repeatable runs)
# -V1: only print failures
SOX=(sox -D -R -V1)
FMT=(-r "$RATE" -c 1 -b 16)
TRIM=(silence 1 0.02 0.5% reverse silence 1 0.02 0.5% reverse)
FADES=(fade q 0.005 reverse fade q 0.015 reverse)
# FLAC files stay 16-bit, but only their top FLAC_BITS bits carry signal: the
# low bits are zeroed, which FLAC stores for free ("wasted bits"). 11 bits give
# a ~66 dB dynamic range, plenty for synthetic speech on a noisy warehouse floor,
# and make the ~200 number/letter clips ~40% smaller (keeps the whole directory
# under 2.5 MiB on disk). 12..16 = cleaner but bigger; 10 = ~10% smaller.
FLAC_BITS=11
FLAC_STEP=$((1 << (16 - FLAC_BITS)))

# finish IN OUT: trim silence at both ends, short fades, normalise to -1 dBFS.
finish() {
  local in="$1" out="$2"
  if [[ "$out" == *.flac ]]; then
    # Scale down by 2^k into 16-bit integers (rounding), then back up by the
    # exact power of two: the k low bits of every sample end up zero.
    "${SOX[@]}" "$in" "${FMT[@]}" "$TMP/quant.wav" "${TRIM[@]}" "${FADES[@]}" norm -1 \
      vol "$(awk -v s="$FLAC_STEP" 'BEGIN { printf "%.10f", 1 / s }')"
    "${SOX[@]}" "$TMP/quant.wav" "${FMT[@]}" -C 8 "$out" vol "$FLAC_STEP"
  else
    "${SOX[@]}" "$in" "${FMT[@]}" "$out" "${TRIM[@]}" "${FADES[@]}" norm -1
  fi
}

# speak VOICE TEXT OUT: raw espeak-ng speech, converted to the working format,
# trimmed and normalised (so it can be joined with tones at a known level).
speak() {
  local voice="$1" text="$2" out="$3"
  local raw="$TMP/espeak-raw.wav"
  espeak-ng -v "$voice" -s "$SPEED" -w "$raw" -- "$text"
  "${SOX[@]}" "$raw" "${FMT[@]}" "$out" "${TRIM[@]}" norm -1
}

# tone OUT DURATION VOLUME SYNTH-ARGS...: one synthesised note, with a click-free
# attack and a decay over the whole note, mixed down to mono.
tone() {
  local out="$1" dur="$2" vol="$3"
  shift 3
  "${SOX[@]}" -n "${FMT[@]}" "$out" synth "$dur" "$@" remix - \
    fade q 0.004 "$dur" "$(awk -v d="$dur" 'BEGIN { printf "%.3f", d * 0.6 }')" \
    vol "$vol"
}

# gap OUT DURATION: digital silence.
gap() {
  "${SOX[@]}" -n "${FMT[@]}" "$1" trim 0 "$2"
}

# concat OUT IN...: concatenate, then finish.
concat() {
  local out="$1"
  shift
  "${SOX[@]}" "$@" "${FMT[@]}" "$TMP/joined.wav"
  finish "$TMP/joined.wav" "$out"
}

# ---------------------------------------------------------------------------
# Tones shared by both locales
# ---------------------------------------------------------------------------
T="$TMP/tones"
mkdir -p "$T"

# ok-new: bright rising two-note chime C6 -> G6 (~250 ms)
tone "$T/ok1.wav" 0.10 0.8 sine 1046.50 sine 2093.00
tone "$T/ok2.wav" 0.15 0.8 sine 1567.98 sine 3135.96
concat "$T/ok-new.wav" "$T/ok1.wav" "$T/ok2.wav"

# success-big: happy C-major arpeggio C5 E5 G5, last note held (~700 ms)
tone "$T/big1.wav" 0.16 0.8 sine 523.25 triangle 1046.50
tone "$T/big2.wav" 0.16 0.8 sine 659.25 triangle 1318.51
tone "$T/big3.wav" 0.38 0.8 sine 783.99 triangle 1567.98
concat "$T/success-big.wav" "$T/big1.wav" "$T/big2.wav" "$T/big3.wav"

# success-small: single short high blip A6 (~120 ms)
tone "$T/small.wav" 0.12 0.8 sine 1760.00
finish "$T/small.wav" "$T/success-small.wav"

# repeat: two quick identical mid beeps A5, "already scanned"
tone "$T/rep.wav" 0.08 0.8 sine 880.00 triangle 880.00
gap "$T/rep-gap.wav" 0.07
concat "$T/repeat.wav" "$T/rep.wav" "$T/rep-gap.wav" "$T/rep.wav"

# err: harsh low descending buzz (~400 ms)
"${SOX[@]}" -n "${FMT[@]}" "$T/err-raw.wav" \
  synth 0.40 square 220-110 sawtooth 223-112 remix - \
  overdrive 8 fade q 0.005 0.40 0.08 vol 0.8
finish "$T/err-raw.wav" "$T/err.flac"

# scan: very short click-like beep (~60 ms)
tone "$T/scan-raw.wav" 0.06 0.8 square 2093.00
finish "$T/scan-raw.wav" "$T/scan.wav"

# Building blocks for the spoken alerts
tone "$T/chime1.wav" 0.14 0.7 sine 987.77 sine 1975.53 # B5
tone "$T/chime2.wav" 0.22 0.7 sine 783.99 sine 1567.98 # G5
gap "$T/gap.wav" 0.08
"${SOX[@]}" -n "${FMT[@]}" "$T/buzz.wav" \
  synth 0.30 square 110 sawtooth 111.5 remix - \
  lowpass 1500 fade q 0.005 0.30 0.04 vol 0.6

# ---------------------------------------------------------------------------
# Speech per locale
# ---------------------------------------------------------------------------
# Latin row letters as Russian warehouse workers read them. The bare vowels
# а/и/о/у come out of espeak-ng's ru voice as ~40-100 ms blips (it treats them
# like unstressed conjunctions/prepositions), so they are given as espeak-ng
# phoneme input with a stressed, lengthened vowel instead: [['A:]] = "а" etc.
RU_LETTERS=(
  "[['A:]]" бэ цэ дэ е эф гэ аш "[['i:]]" жи ка эль эм эн "[['o:]]"
  пэ ку эр эс тэ "[['u:]]" вэ дубль-вэ икс игрек зэт
)
LATIN=(a b c d e f g h i j k l m n o p q r s t u v w x y z)

# Cyrillic letters а–я and ё (the audit speaks a barcode's last letters and digits, spec
# part 2 §5): files letters/cyr-<name>.flac, the names of CYRILLIC_LETTER_SOUNDS in
# packages/domain/src/audit.ts, so "а" and "a" are two files. Russian: the letter's name (bare
# vowels as stressed phonemes, as above); English: the Russian name as an English reader says it.
CYR=(a b v g d ye yo zh z i j k l m n o p r s t u f kh ts ch sh shch hard y soft e yu ya)
RU_CYR=(
  "[['A:]]" бэ вэ гэ дэ е ё жэ зэ "[['i:]]" "и краткое" ка эль эм эн "[['o:]]" пэ эр эс тэ
  "[['u:]]" эф ха цэ чэ ша ща "твёрдый знак" ы "мягкий знак" э ю я
)
EN_CYR=(
  ah beh veh geh deh yeh yo zheh zeh ee "short ee" kah el em en oh peh er es teh oo ef khah
  tseh cheh shah shchah "hard sign" yeri "soft sign" eh yoo yah
)

STAGE="$TMP/out"
for loc in "${LOCALES[@]}"; do
  d="$STAGE/$loc"
  mkdir -p "$d/numbers" "$d/letters"
  case "$loc" in
    ru)
      voice=ru
      w_attention="Внимание" w_free="Свободно" w_new="Новый" w_stop="Стоп" w_tara="Тара"
      ;;
    en)
      voice=en-us
      w_attention="Attention" w_free="Free" w_new="New" w_stop="Stop" w_tara="Tare box"
      ;;
    *)
      echo "make-sounds: no voice/words configured for locale '$loc'" >&2
      exit 1
      ;;
  esac

  speak "$voice" "$w_attention" "$TMP/s.wav"
  concat "$d/attention.wav" "$T/chime1.wav" "$T/chime2.wav" "$T/gap.wav" "$TMP/s.wav"
  speak "$voice" "$w_stop" "$TMP/s.wav"
  concat "$d/stop.wav" "$T/buzz.wav" "$T/gap.wav" "$TMP/s.wav"
  speak "$voice" "$w_free" "$TMP/s.wav"
  finish "$TMP/s.wav" "$d/free.wav"
  speak "$voice" "$w_new" "$TMP/s.wav"
  finish "$TMP/s.wav" "$d/new.wav"
  speak "$voice" "$w_tara" "$TMP/s.wav"
  finish "$TMP/s.wav" "$d/tara.wav"

  for n in $(seq 0 70); do
    speak "$voice" "$n" "$TMP/s.wav"
    finish "$TMP/s.wav" "$d/numbers/$n.flac"
  done

  for i in "${!LATIN[@]}"; do
    if [[ "$loc" == ru ]]; then
      text="${RU_LETTERS[$i]}"
    else
      # A lone capital letter is read by its English name ("A" -> "ay").
      text="${LATIN[$i]^^}"
    fi
    speak "$voice" "$text" "$TMP/s.wav"
    finish "$TMP/s.wav" "$d/letters/${LATIN[$i]}.flac"
  done

  for i in "${!CYR[@]}"; do
    if [[ "$loc" == ru ]]; then text="${RU_CYR[$i]}"; else text="${EN_CYR[$i]}"; fi
    speak "$voice" "$text" "$TMP/s.wav"
    finish "$TMP/s.wav" "$d/letters/cyr-${CYR[$i]}.flac"
  done

  for f in ok-new.wav success-big.wav success-small.wav repeat.wav err.flac scan.wav; do
    cp "$T/$f" "$d/$f"
  done
done

ESPEAK_VERSION="$(espeak-ng --version | awk '{ for (i = 1; i < NF; i++) if ($i == "text-to-speech:") print $(i + 1) }')"
SOX_VERSION="$(sox --version | sed -n 's/.*SoX v//p')"
sed -e "s/@ESPEAK_VERSION@/$ESPEAK_VERSION/" -e "s/@SOX_VERSION@/$SOX_VERSION/" \
  -e "s/@FLAC_BITS@/$FLAC_BITS/" >"$STAGE/README.md" <<'EOF'
# Sounds

Every file in this directory is **generated** by `scripts/make-sounds.sh`; do not
edit or replace them by hand, and do not add third-party recordings.

- Speech (`attention`, `free`, `new`, `stop`, `tara`, `numbers/*`, `letters/*`)
  is synthesised with [eSpeak NG](https://github.com/espeak-ng/espeak-ng)
  (voices `ru` and `en-us`; eSpeak NG and its voice data are GPL-3.0-or-later).
- Tones and chimes (`ok-new`, `success-big`, `success-small`, `repeat`, `err`,
  `scan`, and the chime/buzz before `attention`/`stop`) are synthesised with
  [SoX](https://sox.sourceforge.net/) `synth`; they are identical in every locale.

Format: mono, 22050 Hz, 16-bit (WAV PCM or FLAC), silence trimmed at both ends,
short fades, normalised to -1 dBFS. The FLAC clips (numbers, letters, `err`) keep
only @FLAC_BITS@ significant bits (`FLAC_BITS` in the script) to stay small.

Output is deterministic (no dither, fixed random seed): with the same tool
versions, regenerating gives byte-identical files. Last generated with
eSpeak NG @ESPEAK_VERSION@ and SoX @SOX_VERSION@.

## Regenerate

```sh
sudo apt-get install espeak-ng sox libsox-fmt-all   # Debian/Ubuntu
npm run sounds                                      # = bash scripts/make-sounds.sh
```
EOF

# Replace the previous output only once everything has been generated.
mkdir -p "$OUT"
for loc in "${LOCALES[@]}"; do
  rm -rf "${OUT:?}/$loc"
  mv "$STAGE/$loc" "$OUT/$loc"
done
mv "$STAGE/README.md" "$OUT/README.md"

echo "make-sounds: wrote $(find "$OUT" -type f | wc -l) files to ${OUT#"$ROOT"/} ($(du -sh "$OUT" | cut -f1))"
